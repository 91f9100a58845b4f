import type { RulesetPack } from '../ruleset/schema';

export type { BattleSetup, SideSetup } from './setup.schema';

/**
 * What a battle is started from: a snapshot of the two armies as they take
 * the table. It is stored with the battle, so later edits to a roster never
 * change a battle already recorded (the record must replay exactly).
 */

export const SIDES = ['A', 'B'] as const;
export type Side = (typeof SIDES)[number];
export const otherSide = (s: Side): Side => (s === 'A' ? 'B' : 'A');

export const FORMATION_SLOTS = ['command', 'core', 'elite', 'skirmisher', 'heavy'] as const;
export type FormationSlot = (typeof FORMATION_SLOTS)[number];

/** The parts of a ruleset pack the round procedure reads. Tests pass a small transcribed excerpt. */
export type BattleRules = Pick<
  RulesetPack,
  'missions' | 'provinces' | 'cryptids' | 'cryptidRules' | 'environmentEvent' | 'storm' | 'orders' | 'gambits' | 'captainAbilities' | 'ruleOfCool'
> & {
  options: Pick<RulesetPack['options'], 'enragedThreshold'> &
    Partial<Pick<RulesetPack['options'], 'latchRout' | 'explosionSaves' | 'explosionCredit' | 'cryptidDamageTie'>>;
};

/** Abilities that take the opponent's orders away for that Command Phase (Sins of Greed, DIGEST 7.7). */
export const ORDER_DENYING_ABILITIES = ['sins-of-greed'];

/** Rounds in a battle (DIGEST 5.1). */
export const LAST_ROUND = 5;
/** Orders per player per Command Phase (DIGEST 7.1). */
export const ORDERS_PER_PHASE = 2;
/** Mutants in each objective's patrol, and how many deaths make the rest flee (DIGEST 4.3–4.4). */
export const MUTANTS_PER_PATROL = 3;
export const PATROL_FLEES_AT = 2;
