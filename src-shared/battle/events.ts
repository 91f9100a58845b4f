import type { EventKind } from './events.schema';

// The events' zod schemas and the types they give are in events.schema.ts (the backend validates with them); the engine
// on a phone reads these plain lists and the types alone, without zod (issue 42).
export type { BattleEvent, BattleEventBody, BattleEventBodyInput, EventKind } from './events.schema';

/** What the players enter at the table as it happened, without dice: they may also strike each out by hand. */
export const TABLE_RECORD_KINDS = [
  'gambit',
  'uncloak',
  'command.order',
  'cryptid.wound',
  'cryptid.trophy',
  'record.wounds',
  'record.casualties',
  'mutant.kill',
  'record.vp',
  'record.veteranSix',
  'record.cryptidDie',
  'record.trophyUsed',
  'record.ruling',
  'record.note',
  'officer.repost',
] as const satisfies readonly EventKind[];

/** Kinds the players may strike out by hand; dice-driven steps are undone only where the rules allow (the bag draw). */
export const STRIKABLE_KINDS: readonly EventKind[] = [
  'bag.draw',
  'bag.activate',
  'bag.pass',
  'morale.willCheck',
  'heavy.explosion',
  'rule.cool',
  'ability.use',
  ...TABLE_RECORD_KINDS,
];
