import { z } from 'zod';
import { RULE_OPTION_DEFAULTS } from './options';

// The rule options as a zod schema, beside options.ts's plain defaults and descriptions: a phone reads those without zod
// (issue 42); a pack or campaign is validated with this.
export const ruleOptionsSchema = z
  .object({
    /** AMB-05: Enraged at half starting Wounds: 2×remaining ≤ start (≤7 of 15), or rounding half up (≤8 of 15). */
    enragedThreshold: z.enum(['half-or-below', 'half-rounded-up']).default(RULE_OPTION_DEFAULTS.enragedThreshold),
    /** AMB-02: "maximum 20 counted" counts mutants (40 RP) or RP (10 mutants), per mission. */
    mutantCapUnit: z.enum(['mutants', 'rp']).default(RULE_OPTION_DEFAULTS.mutantCapUnit),
    /** AMB-03: equal cryptid damage (≥1 Wound each). */
    cryptidDamageTie: z.enum(['both-first', 'both-second', 'none', 'rolloff']).default(RULE_OPTION_DEFAULTS.cryptidDamageTie),
    /** AMB-04: Heavy explosion damage to a cryptid is credited to the exploding Heavy's formation. */
    explosionCredit: z.enum(['credited', 'uncredited']).default(RULE_OPTION_DEFAULTS.explosionCredit),
    /** AMB-16: Heavy explosion Wounds are automatic, or allow saves. */
    explosionSaves: z.enum(['automatic', 'saves-allowed']).default(RULE_OPTION_DEFAULTS.explosionSaves),
    /** AMB-12: Steady Fire improves one die chosen after rolling, or every die of one pool. */
    steadyFire: z.enum(['one-die', 'whole-pool']).default(RULE_OPTION_DEFAULTS.steadyFire),
    /** AMB-14: Second Chance rerolls the attacker's Hit or Wound die, or also the defender's Save. */
    secondChanceScope: z.enum(['hit-or-wound', 'hit-wound-or-save']).default(RULE_OPTION_DEFAULTS.secondChanceScope),
    /** AMB-11: Rally the Lost rolls one 6+ negation per Wound point, or per unsaved attack. */
    rallyTheLost: z.enum(['per-wound-point', 'per-attack']).default(RULE_OPTION_DEFAULTS.rallyTheLost),
    /** AMB-29: Shield Line reduces the first melee hit whose damage is applied, or the first hit even if saved. */
    shieldLine: z.enum(['first-damaging-hit', 'first-hit-even-if-saved']).default(RULE_OPTION_DEFAULTS.shieldLine),
    /** AMB-30: Clockwork Overdrive's natural-1 wound looks at the extra attack only, or every attack that shooting. */
    overdriveRisk: z.enum(['extra-attack-only', 'all-attacks']).default(RULE_OPTION_DEFAULTS.overdriveRisk),
    /** AMB-27: a Cryptid Die may be used by any of the player's formations, or only the earning one. */
    cryptidDieUse: z.enum(['any-formation', 'earning-formation']).default(RULE_OPTION_DEFAULTS.cryptidDieUse),
    /** AMB-22: validate each roster against its own allowance, or both against the lower one. */
    matchLowerAllowance: z.boolean().default(RULE_OPTION_DEFAULTS.matchLowerAllowance),
    /** AMB-24: trophies used in a crossover game are consumed from the campaign only if the owner opts in. */
    crossoverConsumesTrophies: z.boolean().default(RULE_OPTION_DEFAULTS.crossoverConsumesTrophies),
    /** DIGEST §23: the optional alternating-activation and morale module (seed 003). Off by default. */
    altActivationModule: z.boolean().default(RULE_OPTION_DEFAULTS.altActivationModule),
    /** AMB-S6: routing latched once reached, or recomputed at each check. */
    latchRout: z.boolean().default(RULE_OPTION_DEFAULTS.latchRout),
  })
  .strict();

export type RuleOptions = z.infer<typeof ruleOptionsSchema>;
