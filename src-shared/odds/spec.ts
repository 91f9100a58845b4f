import { z } from 'zod';
import { DEFAULT_RULE_OPTIONS, type RuleOptions } from '../ruleset/options';
import { ruleOptionsSchema } from '../ruleset/options.schema';
import { nameText } from '../text-policy.schema';

/**
 * One attack pool, described completely enough to compute its exact odds or
 * roll it: the attacker's Hit target and number of attacks, the weapon's
 * Force and Damage, the target's Toughness and Save, and every modifier the
 * rules give, each an explicit input (DIGEST 6.11). Play Mode fills it from
 * the rosters (`attackSpecFromProfiles`); it can also be typed in by hand.
 */

const int = (min: number, max: number) => z.number().int().min(min).max(max);

/** The numbers behind each modifier. Defaults are the Field Manual's; a pack may differ. */
const modifierValuesSchema = z
  .object({
    holdFast: int(-6, 0).default(-1),
    bulkyTarget: int(0, 6).default(1),
    /** The best Hit target Bulky Target allows (2+). */
    bulkyBestTarget: int(2, 6).default(2),
    expertHider: int(-6, 0).default(-1),
    stationaryRifle: int(0, 6).default(1),
    stormHit: int(-6, 0).default(-2),
    stormDamage: int(0, 10).default(2),
    consecratedPayload: int(0, 3).default(1),
    chargeOfIron: int(0, 6).default(1),
    shieldLine: int(0, 6).default(1),
    shieldLineFloor: int(0, 6).default(1),
    lastWall: int(0, 6).default(1),
    /** Rally the Lost negates on this D6 roll or better (6+). */
    rallyTheLost: int(2, 6).default(6),
    /** Boarding Rush: melee Attacks gained after a charge (+1). */
    boardingRush: int(1, 6).default(1),
    /** Clockwork Overdrive: extra ranged attacks (1) and the Wounds a natural 1 costs the shooter, once per shooting (1). */
    overdriveAttacks: int(1, 6).default(1),
    overdriveWounds: int(0, 6).default(1),
  })
  .strict();
export type ModifierValues = z.infer<typeof modifierValuesSchema>;

const attackModifiersSchema = z
  .object({
    /** Steady Fire order on the shooting formation: +1 to one Hit die, or the whole pool (rule option). */
    steadyFire: z.boolean().default(false),
    /** Hold Fast order on the target formation: ranged shots −1 to Hit. */
    holdFast: z.boolean().default(false),
    /** The target is Bulky (Iron Lancer): +1 to Hit, never better than 2+. */
    bulkyTarget: z.boolean().default(false),
    /** The target is an Expert Hider (Deadshot Sniper): ranged −1 to Hit. */
    expertHider: z.boolean().default(false),
    /** The hunting rifle fires from a Sniper that did not move: +1 to Hit. */
    stationaryRifle: z.boolean().default(false),
    /** The line of fire crosses the radiation storm: −2 to Hit. */
    stormThrough: z.boolean().default(false),
    /** The target is inside the storm and the shooter outside: −2 Damage, minimum 0. */
    stormTargetInside: z.boolean().default(false),
    /** Consecrated Payload: +1 to Wound against a cryptid or an Awakened model. */
    consecratedPayload: z.boolean().default(false),
    /** Iron Edict on the target: its Save is one step better against ordinary shooting. */
    ironEdict: z.boolean().default(false),
    /** Overcharge gambit: each hit +D6 Damage, each missed die D3 Wounds to the attacker. */
    overcharge: z.boolean().default(false),
    /** Second Chance gambit: one failed die showing 2–5 is rerolled, by the attacker (Hit or Wound) or, if the rule option allows, the defender (Save). */
    secondChance: z.enum(['none', 'attacker', 'defender']).default('none'),
    /** Veteran Six spent by the attacker on the Hit pool (a critical hit) or the Wound pool. */
    veteranSix: z.enum(['none', 'hit', 'wound']).default('none'),
    /** Veteran Six spent by the defender on the Save pool. */
    defenderVeteranSix: z.boolean().default(false),
    /** Cryptid Die: the attacker rerolls a failed Hit or Wound against a cryptid, or the defender a failed Save against one. */
    cryptidDie: z.enum(['none', 'attacker', 'defender']).default('none'),
    /** Charge of Iron: +1 Damage on the first melee attack after a charge of 4" or more. */
    chargeOfIron: z.boolean().default(false),
    /** Shield Line on the target: −1 Damage (minimum 1) on the first melee hit this round. */
    shieldLine: z.boolean().default(false),
    /** Last Wall on the target: one unsaved Wound −1 (minimum 0), once per battle. */
    lastWall: z.boolean().default(false),
    /** Rally the Lost on the target: a 6+ roll negates damage (per Wound point or per attack: rule option). */
    rallyTheLost: z.boolean().default(false),
    /** Rule of Cool damage bonus won on the D20 (+1, +2, +3, +4 or +6). */
    ruleOfCoolBonus: int(0, 6).default(0),
    /** Any other Hit modifier agreed at the table (+1 makes hitting easier). */
    otherHitModifier: int(-6, 6).default(0),
    /** Any other Wound modifier (+1 makes wounding easier). */
    otherWoundModifier: int(-3, 3).default(0),
    /** Any other flat Damage bonus per unsaved hit. */
    otherDamageBonus: int(-6, 6).default(0),
    /** Wounds the attacker suffers for each Hit die showing a natural 1 (Unreliable Powder; Clockwork Overdrive has its own switch). */
    selfWoundsOnNaturalOne: int(0, 6).default(0),
    /** Boarding Rush: the attacker charged this round, so its Fight gets extra Attacks [000 L192]. */
    boardingRush: z.boolean().default(false),
    /**
     * Clockwork Overdrive declared for this shooting: extra attacks are added at the end of the pool,
     * and a natural 1 on an Overdrive Hit roll costs the shooter Wounds once, after the shooting [000 L189, AMB-30].
     */
    overdrive: z.boolean().default(false),
  })
  .strict();
export type AttackModifiers = z.infer<typeof attackModifiersSchema>;

/** The rule options the resolver reads (DIGEST AMB-11, 12, 14, 29). */
const oddsOptionsSchema = ruleOptionsSchema.pick({
  steadyFire: true,
  secondChanceScope: true,
  rallyTheLost: true,
  shieldLine: true,
  overdriveRisk: true,
});
export type OddsOptions = z.infer<typeof oddsOptionsSchema>;
/** The rulings the resolver reads, taken from a pack's or campaign's full rule options. */
export function oddsOptionsFrom(options: RuleOptions): OddsOptions {
  const keys = Object.keys(oddsOptionsSchema.shape) as (keyof OddsOptions)[];
  return oddsOptionsSchema.parse(Object.fromEntries(keys.map((k) => [k, options[k]])));
}
export const DEFAULT_ODDS_OPTIONS: OddsOptions = oddsOptionsFrom(DEFAULT_RULE_OPTIONS);

/**
 * Shooting at an enemy engaged with the shooter's own fighters [000 L89, DIGEST 6.13, 8.5]:
 * every Hit die that finally misses (a natural 1 included) hits a random friendly model in
 * that melee instead, and that hit rolls Wound and Save against the friend's profile.
 */
const alliedMeleeSchema = z
  .object({
    /** False when no friendly fighter is left in that combat: misses are ordinary misses. */
    friendliesInCombat: z.boolean().default(true),
    /** Toughness of the friendly model (the weapon's Force is compared with it). */
    toughness: int(1, 20),
    /** Save of the friendly model, or null when it has none. */
    save: int(1, 7).nullable(),
  })
  .strict();
export type AlliedMelee = z.infer<typeof alliedMeleeSchema>;

export const attackSpecSchema = z
  .object({
    /** Shown with the result, e.g. "Ash Guard (halberd) → Iron Lancer". */
    label: nameText(200).optional(),
    kind: z.enum(['melee', 'ranged']),
    /** Number of attack dice in the pool. */
    attacks: int(1, 40),
    /** The attacker's Hit target before modifiers (3 means 3+; 7 means a natural 6 only). */
    hit: int(1, 7),
    force: int(1, 20),
    damage: int(0, 20),
    toughness: int(1, 20),
    /** The target's Save (4 means 4+), or null when it has none. */
    save: int(1, 7).nullable(),
    /** The target's Wounds left; damage beyond them is not counted. */
    woundsRemaining: int(1, 200).optional(),
    targetIsCryptid: z.boolean().default(false),
    targetIsAwakened: z.boolean().default(false),
    attackerIsCryptid: z.boolean().default(false),
    /** Set when the shooter fires into a melee where its own fighters are engaged. */
    intoAlliedMelee: alliedMeleeSchema.optional(),
    modifiers: attackModifiersSchema.default(attackModifiersSchema.parse({})),
    values: modifierValuesSchema.default(modifierValuesSchema.parse({})),
    options: oddsOptionsSchema.default(DEFAULT_ODDS_OPTIONS),
  })
  .strict()
  .superRefine((s, ctx) => {
    const m = s.modifiers;
    const refuse = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    const rangedOnly: [keyof AttackModifiers, string][] = [
      ['steadyFire', 'Steady Fire improves shooting only'],
      ['holdFast', 'Hold Fast protects against ranged shots only'],
      ['expertHider', 'Expert Hider gives no protection in melee'],
      ['stationaryRifle', 'the stationary bonus is for the hunting rifle, a ranged weapon'],
      ['stormThrough', 'the storm’s Hit penalty is for shots through it'],
      ['stormTargetInside', 'the storm’s Damage reduction is for ranged damage'],
      ['consecratedPayload', 'Consecrated Payload improves this model’s ranged attacks only'],
      ['ironEdict', 'Iron Edict helps against ordinary shooting only'],
      ['overcharge', 'Overcharge applies to ranged attacks only'],
      ['overdrive', 'Clockwork Overdrive adds a ranged attack only'],
    ];
    const meleeOnly: [keyof AttackModifiers, string][] = [
      ['chargeOfIron', 'Charge of Iron adds to a melee attack only'],
      ['shieldLine', 'Shield Line reduces melee hits only'],
      ['boardingRush', 'Boarding Rush adds a melee Attack only'],
    ];
    for (const [k, why] of s.kind === 'melee' ? rangedOnly : meleeOnly) if (m[k]) refuse(['modifiers', k], `${why}; switch it off or change the attack kind.`);
    if (m.consecratedPayload && !s.targetIsCryptid && !s.targetIsAwakened)
      refuse(['modifiers', 'consecratedPayload'], 'Consecrated Payload only helps against a cryptid or an Awakened model.');
    if (m.cryptidDie === 'attacker' && !s.targetIsCryptid) refuse(['modifiers', 'cryptidDie'], 'The attacker can spend a Cryptid Die only against a cryptid.');
    if (m.cryptidDie === 'defender' && !s.attackerIsCryptid)
      refuse(['modifiers', 'cryptidDie'], 'The defender can spend a Cryptid Die only on a Save against a cryptid.');
    if (m.secondChance === 'defender' && s.options.secondChanceScope !== 'hit-wound-or-save')
      refuse(['modifiers', 'secondChance'], 'Under the current ruling Second Chance rerolls only the attacker’s Hit or Wound die.');
    if (m.ironEdict && s.save === null) refuse(['modifiers', 'ironEdict'], 'Iron Edict improves a Save, and this target has none.');
    if (s.intoAlliedMelee && s.kind === 'melee')
      refuse(['intoAlliedMelee'], 'Only shooting can go astray into an allied melee; switch it off for a melee attack.');
    if (poolSize(s) > 40) refuse(['attacks'], 'A pool holds at most 40 attacks, counting Boarding Rush and Overdrive.');
    if (m.defenderVeteranSix && s.save === null) refuse(['modifiers', 'defenderVeteranSix'], 'A Veteran Six on the Save needs a target with a Save.');
  });

export type AttackSpec = z.infer<typeof attackSpecSchema>;

type PoolShape = {
  attacks: number;
  modifiers: Pick<AttackModifiers, 'boardingRush' | 'overdrive'>;
  values: Pick<ModifierValues, 'boardingRush' | 'overdriveAttacks'>;
};

/** Attack dice actually rolled: the pool plus Boarding Rush's Attacks plus Overdrive's extra shots (which come last). */
export function poolSize(s: PoolShape): number {
  return s.attacks + (s.modifiers.boardingRush ? s.values.boardingRush : 0) + (s.modifiers.overdrive ? s.values.overdriveAttacks : 0);
}

/** True for the attacks Overdrive added (the last ones of the pool). */
export function isOverdriveAttack(s: PoolShape, index: number): boolean {
  return s.modifiers.overdrive && index >= poolSize(s) - s.values.overdriveAttacks;
}
export type AttackSpecInput = z.input<typeof attackSpecSchema>;
