/**
 * The two pluggable parts of a battle round (DIGEST §23 "Architecture"):
 *
 * - `ActivationStrategy`: who activates what next. The standard game draws
 *   formation tokens from a bag (Play Mode's `BagActivation`, [000 §4]); the
 *   optional house-rule module alternates one formation at a time with Pass
 *   tokens (`AlternatingActivation`, seed 003).
 * - `MoraleStrategy`: whether losses make a company rout. Standard Age of Ash
 *   has no morale (`NoMorale`); the module adds rout and Will checks
 *   (`RoutMorale`).
 *
 * A battle picks one of each when it starts and stores the choice; one battle
 * never mixes strategies. Every method is pure: it takes a serialisable state
 * and returns a new one, so Play Mode can save the state after each step and
 * resume it after a restart. Randomness (the bag draw, the set-up roll-off)
 * comes from the caller as numbers, which keeps the strategies testable.
 */

export type ActivationSequence = 'bag' | 'alternating';

type MoraleRule = 'none' | 'rout';

/** The two players, by their index in the battle (matches `BattleOutcome.sides`). */
export type Side = 0 | 1;
/** Mutant patrols are neutral formations [000 §3, §4]. */
export type Owner = Side | 'neutral';

export function otherSide(side: Side): Side {
  return side === 0 ? 1 : 0;
}

/** What a strategy needs to know about one formation when a round starts. */
export interface FormationAtRoundStart {
  formationId: string;
  owner: Owner;
  /**
   * Whether it can take an activation this round: on the battlefield (or able
   * to Uncloak), with at least one model not destroyed and not retreated.
   * Play Mode decides this; the strategies only count and track it.
   */
  canActivate: boolean;
}

export interface RoundStart {
  /** 1-based battle round. */
  round: number;
  formations: readonly FormationAtRoundStart[];
  /** Round 1 only: the side that won the set-up D6 roll-off (DIGEST AMB-S2). The bag ignores it. */
  setupInitiative?: Side;
  /** A formation lost mid-round takes its undrawn token out of the bag (battles started since issue 32; see BattleSetup.lifeCycle). */
  dropLostTokens?: boolean;
}

/** What the table has to do next. */
export type ActivationTurn =
  /** Bag: draw one token; the caller picks an index in [0, tokensInBag) with its RNG. */
  | { kind: 'draw'; tokensInBag: number }
  /** A side (or the neutral patrols) chooses one of `eligible` to activate, or spends a Pass token when `mayPass`. */
  | { kind: 'choose'; owner: Owner; eligible: readonly string[]; mayPass: boolean; passTokens: number }
  | { kind: 'round-over' };

export type ActivationMove = { kind: 'draw'; index: number } | { kind: 'activate'; formationId: string } | { kind: 'pass' };

export interface ActivationStrategy<S> {
  readonly sequence: ActivationSequence;
  /** Set up a round from the formations' state at its start; `previous` is last round's final state (null in round 1). */
  startRound(start: RoundStart, previous: S | null): S;
  /** What happens next. */
  turn(state: S): ActivationTurn;
  /** Apply a move; throws `AppError('RULE_VIOLATION', …)` when the rules forbid it. */
  apply(state: S, move: ActivationMove): S;
  /**
   * A formation that has not yet activated can no longer do so (wiped out,
   * left the table). Counts, initiative and Pass tokens are not recalculated.
   */
  markUnavailable(state: S, formationId: string): S;
  /** Formations that have activated this round, in order. */
  activated(state: S): readonly string[];
  isRoundOver(state: S): boolean;
}

// ---------------------------------------------------------------------------
// Morale

/** A player's models, as morale counts them (DIGEST §23 adapter). */
export interface SideLosses {
  /** Models deployed at the start of the battle: the starting count. */
  deployed: number;
  /** Models destroyed (Out of Action): these are lost. */
  destroyed: number;
  /** Models that retreated off the table: not lost (AMB-S4). */
  retreated: number;
}

/** What a formation must do at the start of its activation, before any action. */
export type ActivationStartDemand =
  | { kind: 'none' }
  /** Its company is routing: take a Will check (a Resolve roll) first. */
  | { kind: 'will-check' }
  /** It already failed a check: it must withdraw [000 §11 step 1]; `step` 1 = normal speed, 2+ = double speed to its edge. */
  | { kind: 'withdraw'; step: number };

export interface MoraleStrategy<S> {
  readonly rule: MoraleRule;
  /** Starting counts for both sides, from the models deployed at the start. */
  start(deployed: readonly [number, number]): S;
  /** Record a side's current losses; call it whenever a model is destroyed or retreats. */
  recordLosses(state: S, side: Side, losses: Omit<SideLosses, 'deployed'>): S;
  isRouting(state: S, side: Side): boolean;
  /** Called when a formation begins an activation. */
  demandAtActivation(state: S, side: Side, formationId: string): ActivationStartDemand;
  /** Record the result of that formation's Will check (pass, or fail = Broken). */
  resolveWillCheck(state: S, side: Side, formationId: string, passed: boolean): S;
  /** A Broken formation completed one withdrawal activation. */
  recordWithdrawal(state: S, formationId: string): S;
  isBroken(state: S, formationId: string): boolean;
}

/** Standard Age of Ash: losses never force a check. */
export interface NoMoraleState {
  rule: 'none';
}

export const NoMorale: MoraleStrategy<NoMoraleState> = {
  rule: 'none',
  start: () => ({ rule: 'none' }),
  recordLosses: (s) => s,
  isRouting: () => false,
  demandAtActivation: () => ({ kind: 'none' }),
  resolveWillCheck: (s) => s,
  recordWithdrawal: (s) => s,
  isBroken: () => false,
};

/** Which strategies a battle uses, stored with the battle so it never changes mid-battle. */
export interface BattleSequence {
  activation: ActivationSequence;
  morale: MoraleRule;
  /** AMB-S6, only meaningful with rout morale. */
  latchRout: boolean;
}

export const STANDARD_SEQUENCE: BattleSequence = { activation: 'bag', morale: 'none', latchRout: false };

/**
 * The sequence a battle uses, from the rule options it is played under: the
 * campaign's pinned options, or the standalone battle's own choice. The module
 * switches both parts at once (DIGEST §23: one battle never mixes them).
 */
export function sequenceFromOptions(options: { altActivationModule: boolean; latchRout: boolean }): BattleSequence {
  return options.altActivationModule ? { activation: 'alternating', morale: 'rout', latchRout: options.latchRout } : STANDARD_SEQUENCE;
}
