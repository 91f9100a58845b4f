import { z } from 'zod';
import { nameText, noteText } from '../text-policy.schema';
import { ruleOptionsSchema } from './options.schema';
import { MAX_POINTS, SLOTS } from './pack-facts';

export type { Slot } from './pack-facts';

/**
 * A ruleset pack: the whole game as data. The Builder, the rules engine,
 * Play Mode and every PDF read the game from a pack, never from constants.
 *
 * Provisional values: the documents leave many numbers out (DIGEST §22); the
 * default pack fills them with playable values and lists, on each entity,
 * which of its fields are provisional (`provisional: ['cost', 'profile.T']`,
 * or `['*']` for the whole entity). The app and every PDF mark them.
 */

export const idSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'use lower-case letters, digits and dashes');
export const nameSchema = nameText(80, { min: 1 });
export const textSchema = noteText(4000, { trim: false });
const inches = z.number().min(0).max(120);
const d6Target = z.number().int().min(1).max(7); // 7 = natural 6 only
/** The largest count (models, marks, wounds) a pack names; also bounds the position of a ledger entry within its event. */
export const countSchema = z.number().int().min(0).max(1000);
const count = countSchema;
const points = z.number().int().min(0).max(MAX_POINTS);
const provisionalSchema = z.array(z.string().max(64)).max(64).default([]);

export const profileSchema = z.object({
  M: inches,
  W: z.number().int().min(1).max(100),
  Hit: d6Target,
  T: z.number().int().min(1).max(20),
  Save: d6Target,
  A: z.number().int().min(0).max(20),
  D: z.number().int().min(0).max(20),
  Resolve: d6Target,
});
export type Profile = z.infer<typeof profileSchema>;

/** Machine-readable effects the engine applies; anything else is shown as text and prompted at the table. */
const effectSchema = z.discriminatedUnion('kind', [
  // Bulky Target (+1, best 2+), Expert Hider (−1 ranged)
  z.object({
    kind: z.literal('incoming-hit-modifier'),
    value: z.number().int().min(-6).max(6),
    attackKinds: z.array(z.enum(['melee', 'ranged'])).min(1),
    bestTarget: d6Target.optional(),
  }),
  // Consecrated Payload: +1 to Wound against cryptids or Awakened
  z.object({
    kind: z.literal('wound-bonus-against'),
    value: z.number().int().min(-6).max(6),
    against: z.array(z.enum(['cryptid', 'awakened'])).min(1),
    attackKinds: z.array(z.enum(['melee', 'ranged'])).min(1),
  }),
  // hunting rifle: +1 Hit if stationary
  z.object({ kind: z.literal('stationary-hit-bonus'), value: z.number().int().min(1).max(6) }),
  // Charge of Iron: +1 Damage on the first melee attack after a charge of at least N"
  z.object({ kind: z.literal('charge-damage-bonus'), value: z.number().int().min(1).max(6), minChargeInches: inches, firstAttackOnly: z.boolean() }),
  // Boarding Rush: +1 melee Attack after charging
  z.object({ kind: z.literal('charge-extra-attacks'), value: z.number().int().min(1).max(6) }),
  // Shield Line: −1 Damage (min 1) on the first damaging melee hit each round
  z.object({
    kind: z.literal('incoming-melee-damage-reduction'),
    value: z.number().int().min(1).max(6),
    floor: z.number().int().min(0).max(6),
    per: z.enum(['round', 'battle']),
  }),
  // Last Wall: reduce one unsaved Wound by 1 (min 0), once per battle
  z.object({
    kind: z.literal('incoming-wound-reduction'),
    value: z.number().int().min(1).max(6),
    floor: z.number().int().min(0).max(6),
    per: z.enum(['round', 'battle']),
  }),
  // Clockwork Overdrive: one extra ranged attack once per battle; natural 1 costs a Wound
  z.object({
    kind: z.literal('extra-ranged-attacks'),
    value: z.number().int().min(1).max(6),
    per: z.enum(['round', 'battle']),
    selfWoundsOnNaturalOne: z.number().int().min(0).max(6),
  }),
  // Unreliable Powder: natural 1 to Hit when shooting costs a Wound
  z.object({ kind: z.literal('self-wound-on-natural-one'), wounds: z.number().int().min(1).max(6), attackKinds: z.array(z.enum(['melee', 'ranged'])).min(1) }),
  // Chaotic Instability: D20 at the end of each round
  z.object({
    kind: z.literal('end-of-round-d20'),
    bands: z.array(z.object({ min: z.number().int().min(1).max(20), max: z.number().int().min(1).max(20), wounds: z.number().int().min(0).max(10) })).min(1),
  }),
  // Cinder Suppression and other movement penalties
  z.object({ kind: z.literal('movement-penalty-on-wound'), inches: inches, minimum: inches }),
  // a rule the players resolve at the table; Play Mode shows the text and records the outcome
  z.object({ kind: z.literal('prompt') }),
]);
export type Effect = z.infer<typeof effectSchema>;

const specialRuleSchema = z.object({
  id: idSchema,
  name: nameSchema,
  text: textSchema,
  /** Where the rule comes from, e.g. "Field Manual §10". */
  source: nameText(120).optional(),
  effects: z.array(effectSchema).max(8).default([]),
  provisional: provisionalSchema,
});
export type SpecialRule = z.infer<typeof specialRuleSchema>;

const weaponSchema = z.object({
  id: idSchema,
  name: nameSchema,
  kind: z.enum(['ranged', 'melee']),
  /** Inches; ranged weapons only. */
  range: inches.optional(),
  /** Ranged weapons: shots per activation. Melee weapons use the fighter's A. */
  attacks: z.number().int().min(1).max(20).optional(),
  force: z.number().int().min(1).max(20),
  /** Ranged weapons: damage per unsaved hit. Melee weapons use the fighter's D. */
  damage: z.number().int().min(0).max(20).optional(),
  /** Melee reach in inches. */
  reach: inches.optional(),
  /** Blast template diameter in inches, if the weapon is a blast. */
  blast: inches.optional(),
  specialRules: z.array(idSchema).max(8).default([]),
  provisional: provisionalSchema,
});
export type Weapon = z.infer<typeof weaponSchema>;

const equipmentSchema = z.object({
  id: idSchema,
  name: nameSchema,
  cost: points,
  text: textSchema.default(''),
  /** Suitable equipment for the storm's 5+ protection roll (DIGEST AMB-19f). */
  radProtection: z.boolean().default(false),
  /** Which slots may take it. */
  slots: z.array(z.enum(SLOTS)).min(1),
  provisional: provisionalSchema,
});
export type Equipment = z.infer<typeof equipmentSchema>;

const loadoutSchema = z.object({
  id: idSchema,
  name: nameSchema,
  /** Extra points per model taking it (0 for the standard loadout). */
  cost: points,
  /** Weapons this loadout gives the model (replacing the unit's standard weapons when set). */
  weapons: z.array(idSchema).max(8).optional(),
  /** Profile values that replace the unit's (the Sniper's W1, Save 6+, A1). */
  profile: profileSchema.partial().optional(),
  specialRules: z.array(idSchema).max(8).default([]),
  /** At most this many models per formation may take it (the Sniper: one per patrol). */
  maxPerFormation: z.number().int().min(1).max(10).optional(),
  text: textSchema.default(''),
  provisional: provisionalSchema,
});
export type Loadout = z.infer<typeof loadoutSchema>;

const unitSchema = z.object({
  id: idSchema,
  factionId: idSchema,
  name: nameSchema,
  slot: z.enum(SLOTS),
  /** Points per model, standard equipment included. */
  cost: points,
  profile: profileSchema,
  weapons: z.array(idSchema).max(8),
  specialRules: z.array(idSchema).max(8).default([]),
  loadouts: z.array(loadoutSchema).max(12).default([]),
  /** Keywords other rules look for (e.g. "awakened"). */
  traits: z.array(idSchema).max(8).default([]),
  text: textSchema.default(''),
  /** Where its numbers come from, e.g. "Field Manual, unit profiles". */
  source: nameText(120).optional(),
  provisional: provisionalSchema,
});
export type Unit = z.infer<typeof unitSchema>;

const factionSchema = z.object({
  id: idSchema,
  name: nameSchema,
  /** The Captain's signature ability (id in captainAbilities). */
  captainAbility: idSchema,
  cities: z.array(nameSchema).max(40).default([]),
  text: textSchema.default(''),
  provisional: provisionalSchema,
});

const orderSchema = z.object({ id: idSchema, name: nameSchema, text: textSchema, provisional: provisionalSchema });
const gambitSchema = z.object({
  id: idSchema,
  name: nameSchema,
  text: textSchema,
  trigger: textSchema.default(''),
  defensive: z.boolean(),
  provisional: provisionalSchema,
});
const captainAbilitySchema = z.object({
  id: idSchema,
  factionId: idSchema,
  name: nameSchema,
  text: textSchema,
  expiry: nameText(120),
  provisional: provisionalSchema,
});

const rangeBand = z.object({ min: z.number().int().min(1), max: z.number().int().min(1) });

const ruleOfCoolSchema = z.object({
  die: z.literal(20),
  criticalFailureWounds: z.number().int().min(0).max(10),
  damageBands: z.array(rangeBand.extend({ bonus: z.number().int().min(0).max(20) })).min(1),
  dramaticSuccess: z.number().int().min(2).max(20),
  exceptionalSuccess: z.number().int().min(2).max(20),
  movementBonus: nameText(40),
});

const environmentEventSchema = z.object({
  round: z.number().int().min(1).max(5),
  die: z.literal(20),
  cryptid: rangeBand,
  storm: rangeBand,
});

const stormSchema = z.object({
  templateDiameter: inches,
  scatterDie: z.number().int().min(2).max(20),
  endOfRoundWounds: z.number().int().min(0).max(10),
  protectionRoll: d6Target,
  hitModifier: z.number().int().min(-6).max(0),
  damageReductionFromOutside: z.number().int().min(0).max(10),
  moveCost: inches,
});

const cryptidProfileSchema = z.object({
  W: z.number().int().min(1).max(200),
  M: inches,
  Hit: d6Target,
  T: z.number().int().min(1).max(20),
  Save: d6Target,
  A: z.number().int().min(0).max(20),
  F: z.number().int().min(1).max(20),
  D: z.number().int().min(0).max(20),
});

const cryptidSchema = z.object({
  id: idSchema,
  name: nameSchema,
  class: z.enum(['standard', 'boss']),
  profile: cryptidProfileSchema,
  instinct: z.object({ name: nameSchema, condition: textSchema, text: textSchema }),
  trophy: z.object({ id: idSchema, name: nameSchema, effect: textSchema, oneUse: z.boolean() }),
  text: textSchema.default(''),
  provisional: provisionalSchema,
});
export type Cryptid = z.infer<typeof cryptidSchema>;

const cryptidRulesSchema = z.object({
  standardWounds: z.number().int().min(1).max(200),
  bossWounds: z.number().int().min(1).max(200),
  enragedExtraAttacks: z.number().int().min(0).max(10),
  woundsPerCryptidDie: z.number().int().min(1).max(50),
  woundsPerHuntVp: z.number().int().min(1).max(50),
  /** D6 behaviour table. */
  behaviour: z.array(rangeBand.extend({ id: idSchema, name: nameSchema, move: z.string().max(20), text: textSchema })).min(1),
  /** D6 entry point when the scenario names none. */
  entry: z.array(rangeBand.extend({ id: idSchema, name: nameSchema })).min(1),
});

/**
 * A province's own version of one of the five missions: offered at set-up
 * when a battle plays that mission on that province, it changes what it
 * names (how the mission is won, its objectives, its relic's worth, its
 * event) and keeps the rest of the mission, its campaign rewards included.
 */
const missionVariantSchema = z.object({
  id: idSchema,
  name: nameSchema,
  /** The mission (1–5) it varies. */
  mission: z.number().int().min(1).max(5),
  kind: z.enum(['standard', 'cryptid-hunt', 'relic-recovery']).optional(),
  objectives: z.union([z.literal(3), z.literal(5)]).optional(),
  mutantsPerObjective: z.number().int().min(0).max(10).optional(),
  guaranteedCryptid: z.boolean().optional(),
  cryptidEntry: idSchema.nullable().optional(),
  relicVp: z.number().int().min(0).max(20).optional(),
  secondaryVp: z.number().int().min(0).max(20).optional(),
  /** What the variant changes, for the briefing (read after the mission's own). */
  briefing: textSchema,
  provisional: provisionalSchema,
});
export type MissionVariant = z.infer<typeof missionVariantSchema>;

const provinceSchema = z.object({
  id: idSchema,
  name: nameSchema,
  /** The three creatures, rolled on D6: 1–2 the first, 3–4 the second, 5–6 the third. */
  cryptids: z.tuple([idSchema, idSchema, idSchema]),
  /** Factions whose starting cities lie in this province (flavour for the Builder and Campaigns). */
  homeFactions: z.array(idSchema).max(20).default([]),
  /** The province's variants of the missions (none: every mission is played as written). */
  missionVariants: z.array(missionVariantSchema).max(10).default([]),
  text: textSchema.default(''),
  provisional: provisionalSchema,
});

const missionSchema = z.object({
  number: z.number().int().min(1).max(5),
  name: nameSchema,
  kind: z.enum(['standard', 'cryptid-hunt', 'relic-recovery']),
  objectives: z.union([z.literal(3), z.literal(5)]),
  mutantsPerObjective: z.number().int().min(0).max(10),
  guaranteedCryptid: z.boolean(),
  /** Scenario entry point for a cryptid, or null to roll. */
  cryptidEntry: idSchema.nullable(),
  relicVp: z.number().int().min(0).max(20),
  secondaryVp: z.number().int().min(0).max(20),
  awardsRp: z.boolean(),
  briefing: textSchema,
  provisional: provisionalSchema,
});
export type Mission = z.infer<typeof missionSchema>;

const sizeRule = z.object({ min: count, max: count, size: z.object({ min: count, max: count }) });
const recruitmentSchema = z.object({
  captains: z.number().int().min(1).max(1),
  officers: z.number().int().min(0).max(10),
  core: sizeRule,
  elite: sizeRule,
  skirmisher: sizeRule,
  heavy: sizeRule,
  officerHostSlots: z.array(z.enum(['core', 'elite'])),
  officersPerHost: z.number().int().min(1).max(5),
});

const economySchema = z.object({
  startingAllowance: points,
  cap: points,
  standaloneLimit: points,
  rewardMissions: z.array(z.number().int().min(1).max(5)),
  rewards: z.object({
    participation: points,
    win: points,
    perMutant: points,
    mutantCap: count,
    cryptidFirst: points,
    cryptidSecond: points,
    minWoundsForPlacing: count,
  }),
  ranks: z.array(z.object({ marks: count, rank: z.string().max(8), veteranSixes: count })).min(1),
});

const scenarioSizeSchema = z.object({ id: idSchema, name: nameSchema, objectives: count, mutants: count });

export const packMetaSchema = z.object({
  id: idSchema,
  name: nameSchema,
  rulesVersion: z.string().max(20),
  dataVersion: z.string().max(40),
  /** The profile table's own label (the documents call it the 2.3 playtest table, adopted by 2.4). */
  profilesSource: nameText(80).optional(),
  description: textSchema.default(''),
});

export const rulesetPackSchema = z
  .object({
    format: z.literal('age-of-ash-ruleset'),
    meta: packMetaSchema,
    factions: z.array(factionSchema).min(1).max(20),
    units: z.array(unitSchema).max(500),
    weapons: z.array(weaponSchema).max(500),
    equipment: z.array(equipmentSchema).max(200).default([]),
    specialRules: z.array(specialRuleSchema).max(500),
    orders: z.array(orderSchema).max(20),
    gambits: z.array(gambitSchema).max(20),
    captainAbilities: z.array(captainAbilitySchema).max(20),
    ruleOfCool: ruleOfCoolSchema,
    environmentEvent: environmentEventSchema,
    storm: stormSchema,
    cryptidRules: cryptidRulesSchema,
    cryptids: z.array(cryptidSchema).max(100),
    provinces: z.array(provinceSchema).max(50),
    missions: z.array(missionSchema).length(5),
    scenarioSizes: z.array(scenarioSizeSchema).min(1).max(10),
    recruitment: recruitmentSchema,
    sniper: z.object({ unitLoadoutId: idSchema, cost: points, maxPerPatrol: z.number().int().min(1).max(3) }),
    economy: economySchema,
    options: ruleOptionsSchema,
  })
  .strict();

export type RulesetPack = z.infer<typeof rulesetPackSchema>;
export type RulesetPackInput = z.input<typeof rulesetPackSchema>;
