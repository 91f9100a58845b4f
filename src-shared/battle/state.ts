import type { ExplosionCause } from './explosion';
import type { RuleOfCoolCategory, RuleOfCoolOutcome } from './rule-of-cool';
import type { RoutState } from './morale-rout';
import type { BattleSetup, FormationSlot, Side } from './setup';

/** Where the battle stands; the UI shows one screen per phase. */
export type Phase = 'scenario' | 'terrain' | 'rolloff' | 'deployment' | 'command' | 'event' | 'cryptid' | 'activations' | 'end-of-round' | 'over';

export interface FormationState {
  id: string;
  name: string;
  slot: FormationSlot;
  startingModels: number;
  killed: number;
  retreated: number;
  inReserve: boolean;
  uncloakedRound: number | null;
  activatedThisRound: boolean;
  /** The order this formation carries until its next activation (DIGEST 7.3–7.5). */
  pendingOrder: string | null;
  cryptidWounds: number;
  veteranSixesSpent: number;
  /** The activation (BattleState.activationSerial) in which it last spent a Veteran Six (DIGEST 16.5: one per activation). */
  veteranSixActivation: number | null;
  /** Limited abilities it has used (abilities.ts), with the round. */
  abilitiesUsed: { abilityId: string; round: number }[];
}

interface OfficerState {
  id: string;
  name: string;
  attachedTo: string | null;
  lost: boolean;
  /** A re-posting recorded this round, taking effect when the next round starts (AMB-18f); absent when none. */
  nextPost?: string | null;
}

export interface SideState {
  side: Side;
  formations: FormationState[];
  officers: OfficerState[];
  captainLost: boolean;
  abilityUsedRound: number | null;
  mutantKills: number;
  /** VP other than objectives (relic, secondary, …). */
  extraVp: number;
  /** The same by source, as recorded (victory-points.ts splits a side's VP by source from it). */
  vpRecorded: { relic: number; secondary: number; other: number };
  cryptidDiceSpent: string[];
  /** Trophies banked in earlier missions and used in this battle. */
  bankedTrophiesUsed: { trophyId: string; trophyName: string }[];
  /** The round its one Rule of Cool of the match was attempted in (AMB-15); null while unspent. */
  ruleOfCoolRound: number | null;
  trophies: { cryptidId: string; trophyId: string; trophyName: string; formationId: string; disposition: 'used' | 'banked' }[];
}

export interface PatrolState {
  objective: number;
  dead: number;
  fled: boolean;
  /** Who killed which mutants, by side; null counts kills by cryptid or storm. */
  killsBy: { A: number; B: number; none: number };
}

export interface CryptidState {
  cryptidId: string;
  name: string;
  startingWounds: number;
  remaining: number;
  enraged: boolean;
  engaged: boolean;
  entryId: string;
  spawnedRound: number;
  defeated: boolean;
  trophyClaimedBy: Side | null;
  /** Actual Wounds credited per side (AMB-04). */
  credited: { A: number; B: number };
  lastTarget: Side | null;
  /** The roll-off for tied cryptid damage under the 'rolloff' ruling (AMB-03), once recorded. */
  tieRolloff: { rolls: [number, number][]; winner: Side } | null;
  lastBehaviourId: string | null;
  actedRound: number | null;
  /** Engaged on its last turn: it makes its listed attacks first in that combat (cryptidTurn, [001 L41]); absent in records folded before. */
  strikesFirst?: boolean;
}

interface StormState {
  arrivedRound: number;
  /** Drift per scatter, inches and an eight-way direction (1 = towards side A's right, clockwise). */
  scatters: { round: number; inches: number; direction: number }[];
}

/** What happened in one round, for the per-round record and the reports (DIGEST 19.1). */
export interface RoundRecord {
  round: number;
  startedAt: string | null;
  endedAt: string | null;
  orders: { side: Side; orderId: string; formationId: string }[];
  abilities: { side: Side; abilityId: string }[];
  abilityRolloff: { rolls: [number, number][]; first: Side } | null;
  /** Field Gambits declared this round, with the formation it was for when named (Overcharge). */
  gambits: { side: Side; gambitId: string; formationId?: string }[];
  wounds: { side: Side; formationId: string; attack: 'ranged' | 'melee'; amount: number }[];
  /** Wounds a formation's attacks dealt to its own side (shooting into an allied melee), kept apart from the wounds dealt to the enemy. */
  friendlyWounds: { side: Side; formationId: string; amount: number }[];
  casualties: { side: Side; formationId: string; killed: number; retreated: number }[];
  mutantKills: { A: number; B: number; none: number };
  uncloaks: { side: Side; formationId: string }[];
  holders: (Side | null)[];
  /** The formations named holding each objective (empty when none were named, as in older records). */
  holding: string[][];
  vp: { A: number; B: number };
  cryptid: { target: Side | null; behaviourId: string | null; engaged: boolean; woundsTaken: number } | null;
  storm: { woundsDealt: number; scatter: { inches: number; direction: number } | null } | null;
  instabilityWounds: number;
  veteranSixes: number;
  cryptidDice: number;
  rulings: { ruling: 'disputed' | 'confusing'; ruleRef: string; text: string }[];
  expired: string[];
  tokensDrawn: number;
  /** Formations lost mid-round whose token left the bag undrawn (or whose drawn token was spent), in order. */
  tokensWithdrawn: string[];
  /** Alternating module: Pass tokens spent this round, by side. */
  passes: { A: number; B: number };
  /** Morale module: Will checks taken this round. */
  willChecks: { side: Side; formationId: string; roll: number; resolve: number; modifier: number; passed: boolean }[];
  /** Heavy explosions this round (Field Manual §5): what destroyed the Heavy, how many targets, Wounds dealt after Saves. */
  explosions: { side: Side; formationId: string; cause: ExplosionCause; targets: number; wounds: number }[];
  /** Limited unit abilities used this round (Field Repairs with its D6). */
  abilityUses: { side: Side; formationId: string; abilityId: string; roll: number | null; regained: number; split?: { sacristan: number; fighter: number } }[];
  /** Rule of Cool attempts this round (Field Manual §8), with what the roll gave. */
  rulesOfCool: ({ side: Side; initiator: string; category: RuleOfCoolCategory; agreed: string; d20: number; response: boolean } & RuleOfCoolOutcome)[];
}

/** Heavy models recorded destroyed, waiting to explode in order of destruction, and those that have (each at most once, DIGEST 6.15). */
interface ExplosionsState {
  pending: { side: Side; formationId: string }[];
  exploded: { side: Side; formationId: string }[];
}

export interface BattleState {
  setup: BattleSetup;
  phase: Phase;
  round: number;
  provinceId: string | null;
  /** The province's variant of the mission the players chose at set-up (mission.ts), or null: the mission as written. */
  missionVariantId: string | null;
  /** The secondary objective agreed at set-up (DIGEST 4.7), or null. */
  secondaryObjective: string | null;
  campaignGame: number | null;
  objectives: number | null;
  deploymentWinner: Side | null;
  deploymentRolls: [number, number][];
  sides: { A: SideState; B: SideState };
  patrols: PatrolState[];
  /** The activation strategy's state for the current round (the bag, or the alternating module). */
  activation: unknown;
  /** Draw and pick events of the current round, newest last, so a mistaken draw can be undone. */
  roundDraws: { eventId: string; kind: 'bag.draw' | 'bag.activate' | 'bag.pass' | 'morale.willCheck' }[];
  /**
   * Counts activations through the battle (each round start, the cryptid's
   * turn and every formation's activation open a new one), so rules limited
   * "per activation" can tell one activation from the next.
   */
  activationSerial: number;
  /** The formation taking its activation, and the activation's serial (it is active while the serial is current). */
  activeFormation: { id: string; serial: number; order?: string | null } | null;
  /** Rout morale of the optional module; null under standard Age of Ash (no morale). */
  morale: RoutState | null;
  /** Command Phase bookkeeping for the current round. */
  command: { abilities: { side: Side; abilityId: string }[]; rolloffDone: boolean; orders: { side: Side; orderId: string; formationId: string }[] };
  gambitsThisRound: Side[];
  event: { resolved: boolean; d20: number | null; outcome: 'cryptid' | 'storm' | null };
  cryptid: CryptidState | null;
  storm: StormState | null;
  explosions: ExplosionsState;
  /** The module's early end (DIGEST §23 T9): the round in which only one side still had formations on the table, and that side. */
  endedEarly: { round: number; winner: Side } | null;
  rounds: RoundRecord[];
  /** Rulings noted before round 1 (during setup). */
  setupRulings: RoundRecord['rulings'];
  /** Ids of events still in force (not struck), in order. */
  eventCount: number;
  lastEventAt: string | null;
  firstEventAt: string | null;
}
