import { AppError } from '../errors';
import type { ActivationMove, ActivationStrategy, ActivationTurn, FormationAtRoundStart, Owner, RoundStart } from './activation-strategy';
import type { BattleState, PatrolState } from './state';
import { mayTakeToken } from './formation-life';

/**
 * The standard activation sequence: the digital bag (DIGEST 5.2 steps 3–6).
 * Tokens carry only a colour; the draw picks one blind and its owner then
 * chooses an unactivated formation of that colour.
 */

// ---------------------------------------------------------------------------
// Who gets a token this round (DIGEST 5.3–5.4, AMB-18)

export const patrolFormationId = (objective: number) => `patrol-${objective + 1}`;

export { commandTokenLive, modelsLeft } from './formation-life';

/** A patrol whose second mutant has died has fled (DIGEST 4.4, AMB-18e). */
export function patrolActive(p: PatrolState): boolean {
  return !p.fled && p.dead < 2;
}

/** Every formation and patrol with whether it gets a token: the input to the activation strategy. */
export function formationsAtRoundStart(state: Pick<BattleState, 'sides' | 'patrols'>, round: number): FormationAtRoundStart[] {
  const out: FormationAtRoundStart[] = [];
  for (const [owner, side] of [[0, state.sides.A] as const, [1, state.sides.B] as const]) {
    for (const f of side.formations) out.push({ formationId: f.id, owner, canActivate: mayTakeToken(side, f, round) });
  }
  for (const p of state.patrols) out.push({ formationId: patrolFormationId(p.objective), owner: 'neutral', canActivate: patrolActive(p) });
  return out;
}

/** Tokens in the bag at the start of a round, per colour (DIGEST 5.11). */
export function bagCounts(formations: readonly FormationAtRoundStart[]): { A: number; B: number; neutral: number; total: number } {
  const live = formations.filter((f) => f.canActivate);
  const A = live.filter((f) => f.owner === 0).length;
  const B = live.filter((f) => f.owner === 1).length;
  const neutral = live.filter((f) => f.owner === 'neutral').length;
  return { A, B, neutral, total: A + B + neutral };
}

// ---------------------------------------------------------------------------
// The strategy

/** The bag through a round: plain data, as the battle's state keeps it. */
export interface BagState {
  sequence: 'bag';
  round: number;
  /** Tokens still in the bag, by colour, in a fixed order so a draw index replays exactly. */
  tokens: Owner[];
  /** The colour just drawn, waiting for its owner to pick a formation. */
  drawn: Owner | null;
  /** Formations that can still activate this round. */
  waiting: { formationId: string; owner: Owner }[];
  activated: string[];
  /** Tokens drawn for an owner with nothing left to activate (a formation lost after the bag was filled). */
  wasted: number;
  /** A formation lost mid-round takes its undrawn token out (RoundStart.dropLostTokens); absent in older records: kept. */
  dropLostTokens?: boolean | undefined;
}

const ownerKey = (o: Owner) => (o === 'neutral' ? 'n' : String(o));

function sortOwners(list: Owner[]): Owner[] {
  return [...list].sort((a, b) => ownerKey(a).localeCompare(ownerKey(b)));
}

function eligibleFor(s: BagState, owner: Owner): string[] {
  return s.waiting.filter((w) => w.owner === owner).map((w) => w.formationId);
}

export const BagActivation: ActivationStrategy<BagState> = {
  sequence: 'bag',

  startRound(start: RoundStart): BagState {
    const live = start.formations.filter((f) => f.canActivate);
    return {
      sequence: 'bag',
      round: start.round,
      tokens: sortOwners(live.map((f) => f.owner)),
      drawn: null,
      waiting: live.map((f) => ({ formationId: f.formationId, owner: f.owner })),
      activated: [],
      wasted: 0,
      ...(start.dropLostTokens ? { dropLostTokens: true } : {}),
    };
  },

  turn(s: BagState): ActivationTurn {
    if (s.drawn !== null) return { kind: 'choose', owner: s.drawn, eligible: eligibleFor(s, s.drawn), mayPass: false, passTokens: 0 };
    if (s.tokens.length > 0) return { kind: 'draw', tokensInBag: s.tokens.length };
    return { kind: 'round-over' };
  },

  apply(s: BagState, move: ActivationMove): BagState {
    if (move.kind === 'pass') throw new AppError('RULE_VIOLATION', 'There are no Pass tokens in the bag sequence.');
    if (move.kind === 'draw') {
      if (s.drawn !== null) throw new AppError('RULE_VIOLATION', 'Choose the formation for the token already drawn before drawing another.');
      if (move.index < 0 || move.index >= s.tokens.length) throw new AppError('RULE_VIOLATION', 'The bag is empty.', { path: ['index'] });
      const owner = s.tokens[move.index]!;
      const tokens = s.tokens.filter((_, i) => i !== move.index);
      // A colour whose formations have all gone since the bag was filled is spent without an activation.
      if (eligibleFor(s, owner).length === 0) return { ...s, tokens, wasted: s.wasted + 1 };
      return { ...s, tokens, drawn: owner };
    }
    if (s.drawn === null) throw new AppError('RULE_VIOLATION', 'Draw a token first.');
    const w = s.waiting.find((x) => x.formationId === move.formationId);
    if (!w || w.owner !== s.drawn)
      throw new AppError('RULE_VIOLATION', 'Pick an unactivated formation of the colour drawn; no formation activates twice in a round (DIGEST 5.6).', {
        path: ['formationId'],
      });
    return { ...s, drawn: null, waiting: s.waiting.filter((x) => x !== w), activated: [...s.activated, move.formationId] };
  },

  markUnavailable(s: BagState, formationId: string): BagState {
    const lost = s.waiting.find((w) => w.formationId === formationId);
    const waiting = s.waiting.filter((w) => w !== lost);
    if (lost && s.dropLostTokens) {
      // its token leaves the bag: tokens carry only a colour, so one of its colour goes
      const at = s.tokens.lastIndexOf(lost.owner);
      if (at >= 0) return { ...s, waiting, tokens: s.tokens.filter((_, i) => i !== at) };
    }
    // The drawn colour may now have nothing to pick: the token is spent.
    if (s.drawn !== null && !waiting.some((w) => w.owner === s.drawn)) return { ...s, waiting, drawn: null, wasted: s.wasted + 1 };
    return { ...s, waiting };
  },

  activated: (s) => s.activated,
  isRoundOver: (s) => s.drawn === null && s.tokens.length === 0,
};
