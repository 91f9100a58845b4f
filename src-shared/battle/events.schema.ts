import { z } from 'zod';
import { nameText, noteText } from '../text-policy.schema';
import { EXPLOSION_CAUSES } from './explosion';
import { RULE_OF_COOL_CATEGORIES } from './rule-of-cool';
import { SIDES } from './setup';
import { rowId as id } from '../ids';

/**
 * Every event a battle records. A battle's state is the fold of its events
 * (reducer.ts), so anything the dice decided is written into the event: the
 * record replays exactly, on any machine, after any crash.
 *
 * Events are never edited. A mistake is struck out by a `correction.strike`
 * event that names it; the struck event stays in the record.
 */

const side = z.enum(SIDES);
const d6 = z.number().int().min(1).max(6);
const d20 = z.number().int().min(1).max(20);
const count = z.number().int().min(0).max(200);
const d3 = z.number().int().min(1).max(3);
const objective = z.number().int().min(0).max(9);
/** Something within 3" of an exploding Heavy: a formation of either army, a mutant patrol, or the cryptid. */
export const explosionTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('formation'), side, formationId: id }),
  z.object({ kind: z.literal('patrol'), objective }),
  z.object({ kind: z.literal('cryptid') }),
]);
/** Which Heavy exploded and why: shared by the players' request (intents.ts) and the recorded event. */
export const explosionSource = { side, formationId: id, cause: z.enum(EXPLOSION_CAUSES) };
const saveTarget = z.number().int().min(2).max(6);
/** Successive roll-offs, [side A, side B] each, until the tie is broken. */
const rolloff = z
  .array(z.tuple([d6, d6]))
  .min(1)
  .max(50);
/**
 * Who holds an objective: nobody (null), a side and the formations holding it
 * (so an arrival-round patrol can be refused, DIGEST AMB-36), or a bare side
 * as records made before the formations were named hold it.
 */
export const objectiveHolderSchema = z.union([side.nullable(), z.object({ side, formationIds: z.array(id).min(1).max(20) })]);

export const battleEventBodySchema = z.discriminatedUnion('kind', [
  // ---- setup, in the order of DIGEST 4.1 ----
  z.object({
    kind: z.literal('setup.scenario'),
    provinceId: id,
    campaignGame: z.number().int().min(1).max(5).nullable(),
    /** The optional secondary objective both players agreed (DIGEST 4.7), in their words; null when none was agreed. */
    secondary: nameText(200, { min: 1 }).nullable().default(null),
    /** The province's variant of the battle's mission the players chose (battle/mission.ts); absent or null: the mission as written. */
    variantId: id.nullable().optional(),
  }),
  z.object({ kind: z.literal('setup.terrain'), objectives: z.union([z.literal(3), z.literal(5)]) }),
  z.object({ kind: z.literal('setup.rolloff'), rolls: rolloff, winner: side }),
  z.object({
    kind: z.literal('setup.deployed'),
    /** Skirmisher patrols held back to Uncloak (DIGEST 4.1 step 5). */
    reserves: z.object({ A: z.array(id).max(4), B: z.array(id).max(4) }),
  }),

  // ---- Command Phase (DIGEST 5.2 step 1, §7, §10) ----
  z.object({ kind: z.literal('command.ability'), side, abilityId: id }),
  z.object({ kind: z.literal('command.rolloff'), rolls: rolloff, first: side }),
  z.object({
    kind: z.literal('command.order'),
    side,
    orderId: id,
    formationId: id,
    /** How it reaches the formation (DIGEST 7.2): the relaying Officers in order and each link's inches; null in records made before it was measured. */
    reach: z
      .object({ relay: z.array(id).max(4), links: z.array(z.number().min(0).max(200)).min(1).max(5) })
      .nullable()
      .default(null),
  }),
  z.object({ kind: z.literal('command.done') }),

  // ---- round-two event (DIGEST §12) ----
  z.object({
    kind: z.literal('event.resolved'),
    /** Null when Mission 3's guaranteed cryptid skips the roll (AMB-08). */
    d20: d20.nullable(),
    outcome: z.enum(['cryptid', 'storm']),
    cryptid: z.object({ slotRoll: d6, cryptidId: id, entryRoll: d6.nullable(), entryId: id, startingWounds: z.number().int().min(1).max(200) }).nullable(),
    storm: z.object({ scatterInches: d6, direction: z.number().int().min(1).max(8) }).nullable(),
  }),

  // ---- the cryptid acts before the player activations (DIGEST 5.5, 13.4–13.8) ----
  z.object({
    kind: z.literal('cryptid.act'),
    engaged: z.boolean(),
    /** Target roll-off, lower roll is targeted; absent while engaged. */
    rolls: rolloff.nullable(),
    target: side.nullable(),
    behaviourRoll: d6.nullable(),
    behaviourId: id.nullable(),
  }),
  z.object({
    kind: z.literal('cryptid.wound'),
    /** Who dealt it; null for storm, Instability and anything credited to no one (AMB-04). */
    side: side.nullable(),
    formationId: id.nullable(),
    attack: z.enum(['ranged', 'melee', 'explosion', 'other']),
    /** Damage after every reduction; only what the cryptid actually loses is credited. */
    amount: z.number().int().min(1).max(100),
  }),
  z.object({ kind: z.literal('cryptid.trophy'), side, formationId: id, disposition: z.enum(['used', 'banked']) }),
  /** Tied cryptid damage under the 'rolloff' ruling (AMB-03): the roll-off, higher roll wins first place (AMB-20). */
  z.object({ kind: z.literal('cryptid.tieRolloff'), rolls: rolloff, winner: side }),

  // ---- the bag (DIGEST 5.3–5.5) ----
  /** A blind draw: the index among the tokens left (rolled by the app), and whose colour it showed. */
  z.object({ kind: z.literal('bag.draw'), index: z.number().int().min(0).max(100), owner: z.enum(['A', 'B', 'neutral']) }),
  /** The owner picks an unactivated formation of that colour (a mutant patrol is `patrol-<objective>`). */
  z.object({ kind: z.literal('bag.activate'), formationId: id }),
  /** Alternating-activation module only: spend a Pass token. */
  z.object({ kind: z.literal('bag.pass') }),
  /**
   * Alternating-activation module with rout morale only: a formation of a
   * routing company starts its activation with a Will check (DIGEST §23
   * T13–T15). The event is that activation: the check, then the formation
   * activates normally (passed) or as Broken, withdrawing (failed).
   */
  z.object({
    kind: z.literal('morale.willCheck'),
    side,
    formationId: id,
    /** The natural D6. */
    roll: d6,
    /** The Resolve target rolled against (2+ to 6+). */
    resolve: z.number().int().min(2).max(6),
    /** Sum of the T14 modifiers the players judged at the table. */
    modifier: z.number().int().min(0).max(30),
    passed: z.boolean(),
    /** Who rolled the die: the app (in the backend, written with the event) or the players at the table; null in older records. */
    rolledBy: z.enum(['app', 'table']).nullable().default(null),
  }),
  z.object({
    kind: z.literal('gambit'),
    side,
    gambitId: id,
    /** The formation whose attack it is for; Overcharge asks it (HQ and Elite only, gambits.ts); absent in older records. */
    formationId: id.optional(),
  }),
  z.object({ kind: z.literal('uncloak'), side, formationId: id }),

  // ---- a destroyed Heavy explodes (Field Manual §5; DIGEST 6.15, AMB-16) ----
  z.object({
    kind: z.literal('heavy.explosion'),
    ...explosionSource,
    /** Every target within 3": one D3 per model (rolled by the app or entered), and one Save die per model when the ruling allows saves. */
    targets: z
      .array(
        z.object({
          target: explosionTargetSchema,
          rolls: z.array(d3).min(1).max(50),
          save: saveTarget.nullable(),
          saveRolls: z.array(d6).max(50),
          /** Wounds dealt after Saves, as the rolls give them (checked). */
          wounds: count,
        }),
      )
      .max(60),
    /** The players rolled the dice at the table and entered them. */
    entered: z.boolean().default(false),
  }),

  // ---- Rule of Cool (Field Manual §8; DIGEST 9.1–9.6, AMB-15) ----
  z.object({
    kind: z.literal('rule.cool'),
    side,
    /** The initiator: one of the side's Officers, or null for the Captain. */
    officerId: id.nullable(),
    category: z.enum(RULE_OF_COOL_CATEGORIES),
    /** What the players agreed the stunt achieves, before rolling. */
    agreed: noteText(300, { min: 1, minMessage: 'Say what the players agreed the stunt achieves.' }),
    /** A defender's own unspent Rule of Cool, used in response (DIGEST 9.6). */
    response: z.boolean().default(false),
    d20,
    /** A successful movement stunt's D6 inches; null otherwise. */
    moveD6: d6.nullable(),
    entered: z.boolean().default(false),
  }),

  // ---- limited unit abilities (abilities.ts; DIGEST P06, P15, P18) ----
  z.object({
    kind: z.literal('ability.use'),
    side,
    formationId: id,
    abilityId: id,
    /** Field Repairs: whether the cannon moved this activation, the Wounds it has lost, the D6 and the Wound it regained. */
    moved: z.boolean().default(false),
    woundsLost: count.default(0),
    roll: d6.nullable().default(null),
    regained: count.default(0),
    entered: z.boolean().default(false),
    /** Intercession: the Core fighter is within 3", and the Wounds the Sacristan has left (the players say). */
    withinRange: z.boolean().optional(),
    woundsLeft: count.optional(),
    /** Intercession: the unsaved Wounds the fighter suffered, and how they were split (intercessionSplit, checked); absent in older records. */
    unsavedWounds: z.number().int().min(1).max(50).optional(),
    split: z.object({ sacristan: count, fighter: count }).optional(),
  }),

  // ---- an Officer re-posted mid-battle, from the next round (DIGEST AMB-18f) ----
  z.object({ kind: z.literal('officer.repost'), side, officerId: id, to: id.nullable() }),

  // ---- recording (Field Manual §12, DIGEST 19.1) ----
  z.object({
    kind: z.literal('record.wounds'),
    side,
    formationId: id,
    attack: z.enum(['ranged', 'melee']),
    amount: z.number().int().min(1).max(100),
    /** Wounds the attack dealt to its own side's models: misses that hit friends when shooting into an allied melee (DIGEST 6.13). Absent: the enemy's. */
    friendly: z.boolean().optional(),
  }),
  z.object({
    kind: z.literal('record.casualties'),
    side,
    formationId: id,
    killed: count,
    retreated: count,
    /** In the command group: whether the Captain is among them, and which Officers. */
    captain: z.boolean().default(false),
    officerIds: z.array(id).max(10).default([]),
  }),
  z.object({ kind: z.literal('mutant.kill'), objective: z.number().int().min(0).max(9), side: side.nullable(), count: z.number().int().min(1).max(3) }),
  z.object({
    kind: z.literal('record.vp'),
    side,
    source: z.enum(['relic', 'secondary', 'other']),
    amount: z.number().int().min(1).max(20),
    note: noteText(200, { trim: false }).default(''),
  }),
  z.object({
    kind: z.literal('record.veteranSix'),
    side,
    formationId: id,
    /** The pool it replaces a die of (older records did not say). */
    pool: z.enum(['hit', 'wound', 'save']).nullable().default(null),
    /** The natural die it would replace if the pool was already rolled; null when declared before rolling, as Field Manual §11 step 4 asks. */
    replacing: d6.nullable().default(null),
  }),
  z.object({
    kind: z.literal('record.cryptidDie'),
    side,
    dieId: id,
    /** The formation rerolling with it; checked against the earning formation when the cryptidDieUse ruling says only it may (AMB-27). */
    formationId: id.optional(),
  }),
  z.object({
    kind: z.literal('record.trophyUsed'),
    side,
    /** A trophy banked in an earlier mission of the campaign, used in this battle (Field Manual §10: "use the trophy once now or retain it"). */
    trophyId: id,
    trophyName: nameText(120, { min: 1 }),
  }),
  z.object({
    kind: z.literal('record.ruling'),
    ruling: z.enum(['disputed', 'confusing']),
    ruleRef: nameText(120, { min: 1, minMessage: 'Say which rule it was about, e.g. "Field Manual §4".' }),
    text: noteText(2000, { min: 1, minMessage: 'Describe what happened.' }),
  }),
  z.object({ kind: z.literal('record.note'), text: noteText(2000, { min: 1 }) }),

  // ---- end of round (DIGEST 5.2 step 7) ----
  z.object({
    kind: z.literal('round.end'),
    /** Who holds each objective (null: nobody, or contested); scores from round 2 (DIGEST 4.6, AMB-32). */
    holders: z.array(objectiveHolderSchema).max(5),
    storm: z
      .array(z.object({ side, formationId: id, modelsInside: count, protectedInside: count, protectionRolls: z.array(d6).max(50) }))
      .max(40)
      .default([]),
    instability: z
      .array(z.object({ side, formationId: id, roll: d20, wounds: count }))
      .max(10)
      .default([]),
    /** Where the storm drifts for the next round (DIGEST 14.1). */
    stormScatter: z
      .object({ inches: d6, direction: z.number().int().min(1).max(8) })
      .nullable()
      .default(null),
  }),

  // ---- corrections ----
  z.object({ kind: z.literal('correction.strike'), targetEventId: id, reason: noteText(300, { trim: false }).default('') }),
]);
export type BattleEventBody = z.infer<typeof battleEventBodySchema>;
export type BattleEventBodyInput = z.input<typeof battleEventBodySchema>;
export type EventKind = BattleEventBody['kind'];

/** An event as stored: its body plus where and when it sits in the record. */
export const battleEventSchema = z.object({
  id,
  seq: z.number().int().min(1),
  round: z.number().int().min(0).max(5),
  at: z.string(),
  correctsEventId: id.nullable(),
  struck: z.boolean(),
  body: battleEventBodySchema,
});
export type BattleEvent = z.infer<typeof battleEventSchema>;
