import type { RuleOptions } from './options.schema';

export type { RuleOptions } from './options.schema';

/**
 * Every resolution of an ambiguity is a named rule option (DIGEST, product
 * decision 2). The pack carries the values; a campaign pins its own copy.
 * `RULE_OPTION_INFO` says, for the Rulings panel and the reports, what each
 * option means, where it comes from and what its default is.
 */

/**
 * Each option's default, which the schema gives a pack or campaign that leaves the option out (options.schema.ts): a
 * plain object, so a phone has the defaults without zod (issue 42).
 */
export const RULE_OPTION_DEFAULTS = {
  enragedThreshold: 'half-or-below',
  mutantCapUnit: 'mutants',
  cryptidDamageTie: 'both-first',
  explosionCredit: 'credited',
  explosionSaves: 'automatic',
  steadyFire: 'one-die',
  secondChanceScope: 'hit-or-wound',
  rallyTheLost: 'per-wound-point',
  shieldLine: 'first-damaging-hit',
  overdriveRisk: 'extra-attack-only',
  cryptidDieUse: 'any-formation',
  matchLowerAllowance: false,
  crossoverConsumesTrophies: false,
  altActivationModule: false,
  latchRout: false,
} as const;
/** Every ruling at its default, as a pack's or a campaign's options. */
export const DEFAULT_RULE_OPTIONS: RuleOptions = { ...RULE_OPTION_DEFAULTS };

export interface RuleOptionInfo {
  label: string;
  /** Where the ambiguity is resolved, as the Rulings panel and the refusals name it: "Playtest ruling AMB-05". */
  source: string;
  explanation: string;
  choices: { value: string | boolean; label: string }[];
}

export const RULE_OPTION_INFO: Record<keyof RuleOptions, RuleOptionInfo> = {
  enragedThreshold: {
    label: 'Enraged threshold',
    source: 'Playtest ruling AMB-05',
    explanation: 'When a cryptid becomes Enraged: at half its starting Wounds or below (7 of 15 left), or with half rounded up (8 of 15 left).',
    choices: [
      { value: 'half-or-below', label: 'Half or below (≤7 of 15, ≤10 of 20)' },
      { value: 'half-rounded-up', label: 'Half rounded up (≤8 of 15, ≤10 of 20)' },
    ],
  },
  mutantCapUnit: {
    label: 'Mutant reward cap',
    source: 'Playtest ruling AMB-02',
    explanation: '"Maximum 20 counted": 20 mutants (up to 40 RP), or 20 RP (10 mutants), per mission.',
    choices: [
      { value: 'mutants', label: '20 mutants' },
      { value: 'rp', label: '20 RP' },
    ],
  },
  cryptidDamageTie: {
    label: 'Tied cryptid damage',
    source: 'Playtest ruling AMB-03',
    explanation: 'When both companies dealt the same actual damage (at least 1 Wound each).',
    choices: [
      { value: 'both-first', label: 'Both take first place (+10 each)' },
      { value: 'both-second', label: 'Both take second place (+4 each)' },
      { value: 'none', label: 'No placing' },
      { value: 'rolloff', label: 'Roll off, entered by hand' },
    ],
  },
  explosionCredit: {
    label: 'Explosion damage to cryptids',
    source: 'Playtest ruling AMB-04',
    explanation: 'Whether Wounds a Heavy explosion deals to a cryptid count for the exploding Heavy’s company.',
    choices: [
      { value: 'credited', label: 'Credited' },
      { value: 'uncredited', label: 'Not credited' },
    ],
  },
  explosionSaves: {
    label: 'Heavy explosions',
    source: 'Playtest ruling AMB-16',
    explanation: 'Whether the D3 Wounds of a Heavy explosion are automatic or allow a Save.',
    choices: [
      { value: 'automatic', label: 'Automatic (no save)' },
      { value: 'saves-allowed', label: 'Saves allowed' },
    ],
  },
  steadyFire: {
    label: 'Steady Fire',
    source: 'Playtest ruling AMB-12',
    explanation: '"+1 to one shooting Hit roll": one die chosen after rolling, or every die of one pool.',
    choices: [
      { value: 'one-die', label: 'One die' },
      { value: 'whole-pool', label: 'Whole pool' },
    ],
  },
  secondChanceScope: {
    label: 'Second Chance',
    source: 'Playtest ruling AMB-14',
    explanation: 'Which failed dice Second Chance may reroll.',
    choices: [
      { value: 'hit-or-wound', label: 'The attacker’s Hit or Wound die' },
      { value: 'hit-wound-or-save', label: 'Hit, Wound or the defender’s Save' },
    ],
  },
  rallyTheLost: {
    label: 'Rally the Lost',
    source: 'Playtest ruling AMB-11',
    explanation: 'The 6+ negation roll is made per Wound point, or once per unsaved attack.',
    choices: [
      { value: 'per-wound-point', label: 'Per Wound point' },
      { value: 'per-attack', label: 'Per unsaved attack' },
    ],
  },
  shieldLine: {
    label: 'Shield Line',
    source: 'Playtest ruling AMB-29',
    explanation: 'Which melee hit Shield Line reduces.',
    choices: [
      { value: 'first-damaging-hit', label: 'First hit whose damage is applied' },
      { value: 'first-hit-even-if-saved', label: 'First hit, even if saved' },
    ],
  },
  overdriveRisk: {
    label: 'Clockwork Overdrive risk',
    source: 'Playtest ruling AMB-30',
    explanation: 'Whether the natural-1 self-Wound looks at the extra attack only or every attack of that shooting.',
    choices: [
      { value: 'extra-attack-only', label: 'The extra attack only' },
      { value: 'all-attacks', label: 'Every attack that shooting' },
    ],
  },
  cryptidDieUse: {
    label: 'Who may use a Cryptid Die',
    source: 'Playtest ruling AMB-27',
    explanation: 'Any formation of the player who earned it, or only the formation that earned it.',
    choices: [
      { value: 'any-formation', label: 'Any of the player’s formations' },
      { value: 'earning-formation', label: 'Only the earning formation' },
    ],
  },
  matchLowerAllowance: {
    label: 'Match the lower allowance',
    source: 'Playtest ruling AMB-22',
    explanation: 'House option: both players build to the lower of their two allowances.',
    choices: [
      { value: false, label: 'Off: each builds to their own' },
      { value: true, label: 'On' },
    ],
  },
  crossoverConsumesTrophies: {
    label: 'Trophies in crossover games',
    source: 'Playtest ruling AMB-24',
    explanation: 'Whether a trophy used in a crossover game is spent from its campaign.',
    choices: [
      { value: false, label: 'Not spent' },
      { value: true, label: 'Spent' },
    ],
  },
  altActivationModule: {
    label: 'Alternating activations and morale (house rule)',
    source: 'Alternating-activation house rule',
    explanation:
      'The optional module adapted from another game’s chapter: Pass tokens and rout checks instead of the token bag. Chosen when a campaign is created; non-standard.',
    choices: [
      { value: false, label: 'Off (standard Age of Ash)' },
      { value: true, label: 'On (non-standard)' },
    ],
  },
  latchRout: {
    label: 'Routing status (module)',
    source: 'Playtest ruling AMB-S6',
    explanation: 'With the morale module: routing recomputed at each check, or latched once reached.',
    choices: [
      { value: false, label: 'Recomputed' },
      { value: true, label: 'Latched' },
    ],
  },
};

/**
 * The rulings that differ from the default, in the Rulings panel's words
 * ("Trophies in crossover games: Spent"): what every report and PDF of a
 * campaign or battle lists (DIGEST product decision 2). Empty when every
 * ruling is at its default.
 */
export function rulingsDifferingFromDefault(options: RuleOptions): string[] {
  return rulingKeysDifferingFromDefault(options).map(rulingLabel);
}

/**
 * The rulings differing from the default as stored keys, `option=value`
 * (e.g. `explosionSaves=saves-allowed`), in the panel's order: what a
 * playtest record carries so the report can group its results by ruling.
 */
export function rulingKeysDifferingFromDefault(options: RuleOptions): string[] {
  return (Object.keys(RULE_OPTION_INFO) as (keyof RuleOptions)[])
    .filter((k) => options[k] !== DEFAULT_RULE_OPTIONS[k])
    .map((k) => `${k}=${String(options[k])}`);
}

/** A stored ruling key in players' words: "Explosion saves: Saves allowed". A key this version does not know is named as it came. */
export function rulingLabel(key: string): string {
  const [option = '', value = ''] = key.split('=');
  const info = (RULE_OPTION_INFO as Partial<Record<string, RuleOptionInfo>>)[option];
  if (!info) return `a ruling unknown to this version (${key.replace(/[-=]/g, ' ')})`;
  const choice = info.choices.find((c) => String(c.value) === value);
  return `${info.label}: ${choice?.label ?? value}`;
}

/** One sentence for a report: the rulings differing from the default, or that there are none. */
export function rulingsSentence(options: RuleOptions): string {
  const differing = rulingsDifferingFromDefault(options);
  return differing.length ? `Rulings differing from the default: ${differing.join('; ')}.` : 'Every ruling at its default.';
}
