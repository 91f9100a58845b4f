import type { Side } from './setup';
import type { BattleState, FormationState, SideState } from './state';

/**
 * A formation's life in one battle, as one state machine (issue 32). What a
 * formation is at this moment is read here and nowhere else, from the fields
 * the event handlers keep (reserve, arrival round, models lost, the command
 * group's Captain and Officers), so it is derived only from the events:
 *
 *   set-up ──► reserve ──uncloak──► arrived ──next round──► on-table
 *      └──────────────────────────────────────────────────► on-table
 *   on-table / arrived ──last model killed──► destroyed
 *   on-table / arrived ──last models retreat──► retreated
 *
 * `destroyed` and `retreated` are final. Every handler that names a formation
 * asks `formationRefusal(state, side, id, action)`, and every Play Mode
 * control that offers one asks the same, so the screen never offers what the
 * backend refuses.
 */

/** Models of a formation still on the table (or waiting in reserve). */
export function modelsLeft(f: Pick<FormationState, 'startingModels' | 'killed' | 'retreated'>): number {
  return Math.max(0, f.startingModels - f.killed - f.retreated);
}

/** Its losses so far, killed and retreated, for the tallies that count them (morale, the battle's summary). */
export const lossesOf = (f: Pick<FormationState, 'killed' | 'retreated'>): { killed: number; retreated: number } => ({
  killed: f.killed,
  retreated: f.retreated,
});

/**
 * The writes of the life cycle: the handlers change a formation's reserve
 * flag, arrival round and losses only through these, so its raw fields are
 * read and written here alone (a lint rule keeps them out of the handlers and
 * of Play Mode's components).
 */
export function holdInReserve(f: FormationState): void {
  f.inReserve = true;
}

export function arriveByUncloak(f: FormationState, round: number): void {
  f.inReserve = false;
  f.uncloakedRound = round;
}

export function takeLosses(f: FormationState, losses: { killed: number; retreated: number }): void {
  f.killed += losses.killed;
  f.retreated += losses.retreated;
}

/** Whether it is held in reserve now, for the screens that say so (the bag's choices, the event log). */
export const isInReserve = (f: Pick<FormationState, 'inReserve'>): boolean => f.inReserve;

/** The round it uncloaked in, or null: for the playtest record's Uncloak timing (DIGEST 19.1). */
export const uncloakRound = (f: Pick<FormationState, 'uncloakedRound'>): number | null => f.uncloakedRound;

/** Is the Captain or any Officer who rides the command token still on the table? (AMB-18c) */
export function commandTokenLive(side: SideState): boolean {
  if (!side.captainLost) return true;
  return side.officers.some((o) => !o.lost && (o.attachedTo === null || !hostStillThere(side, o.attachedTo)));
}

/** An attached Officer whose host is gone keeps fighting with the command group. */
function hostStillThere(side: SideState, hostId: string): boolean {
  const host = side.formations.find((f) => f.id === hostId);
  return !!host && modelsLeft(host) > 0;
}

export type FormationStatus = 'reserve' | 'arrived' | 'on-table' | 'destroyed' | 'retreated';

/**
 * The transitions the life cycle allows once the battle has begun; anything
 * else is a bug in a handler (the model-based test checks every step, and
 * `isFinal` reads it).
 */
export const STATUS_TRANSITIONS: Record<FormationStatus, readonly FormationStatus[]> = {
  reserve: ['arrived'],
  arrived: ['on-table', 'destroyed', 'retreated'],
  'on-table': ['destroyed', 'retreated'],
  destroyed: [],
  retreated: [],
};

/** A status it never leaves: destroyed or retreated. */
export const isFinal = (status: FormationStatus): boolean => STATUS_TRANSITIONS[status].length === 0;

type Readable = Pick<BattleState, 'sides' | 'round'>;

/**
 * Its status now. A formation with no model left is `retreated` when any of
 * its fighters left the table alive and `destroyed` when every one was
 * killed: a retreated fighter is a survivor (DIGEST 16.3), so a formation
 * `destroyed` is exactly one that earns no service mark.
 */
export function statusOf(s: Readable, side: Side, f: FormationState): FormationStatus {
  // the command group lives while its token does: an Officer whose squad is gone fights on with it (AMB-18c)
  const gone = modelsLeft(f) === 0 && !(f.slot === 'command' && commandTokenLive(s.sides[side]));
  if (gone) return f.retreated > 0 ? 'retreated' : 'destroyed';
  if (f.inReserve) return 'reserve';
  if (f.uncloakedRound !== null && f.uncloakedRound === s.round) return 'arrived';
  return 'on-table';
}

/** Everything a formation can be asked to do, by an event or a Play Mode control. */
export type FormationAction =
  | 'activate'
  | 'deal-wounds'
  | 'take-losses'
  | 'receive-order'
  | 'veteran-six'
  | 'cryptid-die'
  | 'use-ability'
  | 'gambit'
  | 'credit-cryptid'
  | 'claim-trophy'
  | 'hold-objective'
  | 'uncloak'
  | 'blast-target'
  | 'storm-exposure'
  | 'host-officer';

interface ActionRule {
  /** The statuses in which it may. */
  allowed: readonly FormationStatus[];
  /** What it is refused, in the table's words ("… cannot {doing}"). */
  doing: string;
  /** The rule cited. */
  rule: string;
  /** The first round in which it may, when not the first, and the rule that says so (Uncloak: round two, DIGEST 11.2). */
  fromRound?: { round: number; rule: string };
}

const ON_TABLE: readonly FormationStatus[] = ['on-table', 'arrived'];

/** One line per action: who may, and the rule that says so. */
export const ACTION_RULES: Record<FormationAction, ActionRule> = {
  activate: { allowed: ['on-table', 'arrived', 'reserve'], doing: 'activate', rule: 'Field Manual §4' },
  'deal-wounds': { allowed: ON_TABLE, doing: 'deal Wounds', rule: 'Field Manual §5' },
  'take-losses': { allowed: ON_TABLE, doing: 'lose models', rule: 'Field Manual §5' },
  'receive-order': { allowed: ['on-table'], doing: 'receive an order', rule: 'Field Manual §6' },
  'veteran-six': { allowed: ON_TABLE, doing: 'spend a Veteran Six', rule: 'Field Manual §11' },
  'cryptid-die': { allowed: ON_TABLE, doing: 'reroll with a Cryptid Die', rule: 'Field Manual §10' },
  'use-ability': { allowed: ON_TABLE, doing: 'use an ability', rule: 'Field Manual §5' },
  gambit: { allowed: ON_TABLE, doing: 'take a Field Gambit', rule: 'Field Manual §8' },
  'credit-cryptid': { allowed: ON_TABLE, doing: 'be credited Wounds on the cryptid', rule: 'Field Manual §10' },
  'claim-trophy': { allowed: ON_TABLE, doing: 'claim the trophy', rule: 'Field Manual §10' },
  'hold-objective': { allowed: ['on-table'], doing: 'hold an objective', rule: 'Field Manual §7' },
  uncloak: { allowed: ['reserve'], doing: 'Uncloak', rule: 'Field Manual §7', fromRound: { round: 2, rule: 'DIGEST 11.2' } },
  // every model within 3" of an exploding Heavy: a patrol in reserve is not on the table, one that arrived this round is (DIGEST 6.15)
  'blast-target': { allowed: ON_TABLE, doing: 'be caught in a Heavy’s explosion', rule: 'Field Manual §5' },
  'storm-exposure': { allowed: ON_TABLE, doing: 'have models inside the storm', rule: 'DIGEST 14.2' },
  'host-officer': { allowed: ON_TABLE, doing: 'take an Officer posted to it', rule: 'DIGEST AMB-18f' },
};

const ROUND_WORDS = ['', 'one', 'two', 'three', 'four', 'five'];
const roundWords = (round: number): string => `round ${ROUND_WORDS[round] ?? round}`;

/** Whether a patrol held in reserve may Uncloak (and so gets its token) in this round: from round two (DIGEST 11.2, AMB-22b). */
const uncloakOpen = (round: number): boolean => round >= (ACTION_RULES.uncloak.fromRound?.round ?? 1);

const STATUS_WORDS: Record<FormationStatus, string> = {
  reserve: 'is still in reserve',
  arrived: 'uncloaked this round',
  'on-table': 'is on the table',
  destroyed: 'was destroyed',
  retreated: 'has left the table',
};

/** A formation as the table names it: "Core squad 1 (Layla)". */
export function formationLabel(s: Pick<BattleState, 'setup' | 'sides'>, side: Side, formationId: string): string {
  const f = s.sides[side].formations.find((x) => x.id === formationId);
  const player = s.setup.sides[side === 'A' ? 0 : 1].playerName;
  return `${f?.name ?? formationId} (${player})`;
}

export type LifeReadable = Pick<BattleState, 'setup' | 'sides' | 'round' | 'phase'>;

/**
 * Why this formation may not do this now, naming it, its side and the rule,
 * or null when it may. The one guard every handler and control asks.
 */
export function formationRefusal(s: LifeReadable, side: Side, formationId: string, action: FormationAction): string | null {
  const f = s.sides[side].formations.find((x) => x.id === formationId);
  if (!f) return `Side ${side} has no formation ${formationId}.`;
  const status = statusOf(s, side, f);
  const rule = ACTION_RULES[action];
  const who = formationLabel(s, side, formationId);
  // a battle that is over is read-only, but for the trophy of a cryptid defeated in its last moments
  if (s.phase === 'over' && action !== 'claim-trophy') return `The battle is over: ${who} can no longer ${rule.doing}.`;
  if (rule.allowed.includes(status)) return action === 'activate' ? activationRefusal(s, side, f, status, who) : tooEarly(s, rule, who);
  if (action === 'uncloak') return `${who} is not in reserve: only a patrol held in reserve may Uncloak (${rule.rule}).`;
  if (action === 'hold-objective' && status === 'arrived') return `${who} uncloaked this round: it cannot score on its arrival round (${rule.rule}).`;
  if (action === 'hold-objective' && status === 'reserve') return `${who} is still in reserve: a patrol that never arrives cannot score (${rule.rule}).`;
  if (status === 'reserve') return `${who} is still in reserve: it cannot ${rule.doing} until it Uncloaks (Field Manual §7).`;
  return `${who} ${STATUS_WORDS[status]}: it cannot ${rule.doing} (${rule.rule}).`;
}

/** The round the rule opens in, when this one is earlier. */
function tooEarly(s: LifeReadable, rule: ActionRule, who: string): string | null {
  const from = rule.fromRound;
  if (from === undefined || s.round >= from.round) return null;
  return `${who} cannot ${rule.doing} before ${roundWords(from.round)} (${from.rule}).`;
}

/**
 * Whether it gets a token when the bag is filled at the start of `round`:
 * the activation rule without the once-a-round part, which a new round has
 * reset. The bag (bag.ts) is built from this, so a token is exactly a
 * formation the guard lets activate.
 */
export function mayTakeToken(side: SideState, f: FormationState, round: number): boolean {
  if (f.slot === 'command') return commandTokenLive(side);
  const status = statusOf({ round, sides: { [side.side]: side } as BattleState['sides'] }, side.side, f);
  if (!ACTION_RULES.activate.allowed.includes(status)) return false;
  return status !== 'reserve' || uncloakOpen(round);
}

/** The activation's own limits, once the formation is alive: the command group's token, a reserve's first round, once a round. */
function activationRefusal(s: LifeReadable, side: Side, f: FormationState, status: FormationStatus, who: string): string | null {
  if (f.slot === 'command' && !commandTokenLive(s.sides[side]))
    return `${who} has no token: the Captain and every Officer riding with the command group are lost (Field Manual §4).`;
  if (status === 'reserve' && !uncloakOpen(s.round))
    return `${who} is held in reserve: it gets a token from ${roundWords(ACTION_RULES.uncloak.fromRound?.round ?? 1)}, when it may Uncloak (Field Manual §7).`;
  if (f.activatedThisRound) return `${who} has already activated this round: no formation activates twice in a round (Field Manual §4).`;
  return null;
}

/** Whether it may: for controls that only need a yes or no. */
export const formationMayAct = (s: LifeReadable, side: Side, formationId: string, action: FormationAction): boolean =>
  formationRefusal(s, side, formationId, action) === null;

/**
 * Whether it is out of the fight for good: its token leaves the bag. The
 * command group is while its token lives (a Captain or an Officer riding with
 * it); any other formation once its status is final.
 */
export function outOfTheFight(s: Readable, side: Side, f: FormationState): boolean {
  return f.slot === 'command' ? !commandTokenLive(s.sides[side]) : isFinal(statusOf(s, side, f));
}

/** Whether it ends the battle with a survivor, a retreated fighter counting (DIGEST 16.3), one held in reserve too (AMB-25): for the playtest record. */
export const survivedTheBattle = (s: Readable, side: Side, f: FormationState): boolean => statusOf(s, side, f) !== 'destroyed';

/** The formations of a side still in the battle (not destroyed nor gone), whatever they may do now: for lists that show a refusal beside each. */
export function formationsStillIn(s: Readable, side: Side): FormationState[] {
  return s.sides[side].formations.filter((f) => !isFinal(statusOf(s, side, f)));
}

/** The formations of a side that may do this now, for a control's choices. */
export function formationsThatMay(s: LifeReadable, side: Side, action: FormationAction): FormationState[] {
  return s.sides[side].formations.filter((f) => formationMayAct(s, side, f.id, action));
}
