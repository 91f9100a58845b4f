// Issue 17 point 6, 'Every ruling does something': each option of the Rulings panel changes the engine's behaviour,
// shown here by its values giving different results on the same case. A new option added to the schema without a
// case here fails the first test, so no ruling can be offered that changes nothing.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isEnragedAt } from '../../src-shared/battle/cryptid';
import { explosionCreditSide, explosionRollsSaves } from '../../src-shared/battle/explosion';
import { routMorale } from '../../src-shared/battle/morale-rout';
import { countedMutantKills, cryptidPlacing } from '../../src-shared/campaign/rewards';
import { computeOdds } from '../../src-shared/odds/exact';
import { attackSpecSchema, type AttackSpecInput } from '../../src-shared/odds/spec';
import { type RuleOptions } from '../../src-shared/ruleset/options';
import { ruleOptionsSchema } from '../../src-shared/ruleset/options.schema';
import { buildCribSheet } from '../../templates/crib-sheet';
import { FIELD_MANUAL_ECONOMY } from '../fixtures/campaign-rules';
import { printTestPack } from '../fixtures/print-pack';

const ECON = FIELD_MANUAL_ECONOMY as Parameters<typeof countedMutantKills>[1];

/** Exact fractions hold BigInts. */
const bigints = (_: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v);

/** The odds of one attack under a ruling: the whole distribution, or the refusal when the ruling forbids the case. */
function oddsUnder(spec: AttackSpecInput, options: Partial<RuleOptions>): string {
  const parsed = attackSpecSchema.safeParse({ ...spec, options: { ...attackSpecSchema.parse({ ...spec, modifiers: {} }).options, ...options } });
  if (!parsed.success) return `refused: ${parsed.error.issues.map((i) => i.message).join('; ')}`;
  const r = computeOdds(parsed.data);
  return JSON.stringify({ damage: r.damage, self: r.self }, bigints);
}
const shot: AttackSpecInput = { kind: 'ranged', attacks: 2, hit: 4, force: 4, toughness: 4, save: 4, damage: 2 };
const blow: AttackSpecInput = { kind: 'melee', attacks: 3, hit: 4, force: 4, toughness: 4, save: 4, damage: 2 };

/** A company of 10 that lost 6 (routing) and then had the count corrected to 4: routing still only when latched (AMB-S6). */
function routAfterCorrection(latch: boolean): boolean {
  const m = routMorale({ latch });
  let s = m.start([10, 10]);
  s = m.recordLosses(s, 0, { destroyed: 6, retreated: 0 });
  s = m.recordLosses(s, 0, { destroyed: 4, retreated: 0 });
  return m.isRouting(s, 0);
}

/**
 * Each option: a case whose result depends on it, run under each of its
 * values here; or, where only the backend shows it (a ledger, a battle's
 * start), the test that runs the same battle under both values.
 */
type Shown = { shownBy: string; test: RegExp };
const CASES: { [K in keyof RuleOptions]: ((value: RuleOptions[K]) => unknown) | Shown } = {
  // a 15-Wound cryptid at 8 Wounds left: below half only when half is rounded up (DIGEST 13.6, AMB-02)
  enragedThreshold: (v) => isEnragedAt(8, 15, v),
  // 15 mutants at 2 RP each against a cap of 20: 15 kills counted, or 10 (AMB-05)
  mutantCapUnit: (v) => countedMutantKills(15, ECON, v),
  // both companies dealt the cryptid 6 Wounds (AMB-03)
  cryptidDamageTie: (v) => [true, false].map((rolloffWinner) => cryptidPlacing(6, 6, ECON, { cryptidDamageTie: v, rolloffWinner })),
  // who is credited with an explosion's Wounds to a cryptid (AMB-04)
  explosionCredit: (v) => explosionCreditSide(v, 'A'),
  // whether a model with a 4+ save rolls it against an explosion (AMB-16)
  explosionSaves: (v) => explosionRollsSaves(v, 4),
  steadyFire: (v) => oddsUnder({ ...shot, modifiers: { steadyFire: true } }, { steadyFire: v }),
  secondChanceScope: (v) => oddsUnder({ ...shot, modifiers: { secondChance: 'defender' } }, { secondChanceScope: v }),
  rallyTheLost: (v) => oddsUnder({ ...blow, modifiers: { rallyTheLost: true } }, { rallyTheLost: v }),
  shieldLine: (v) => oddsUnder({ ...blow, modifiers: { shieldLine: true } }, { shieldLine: v }),
  overdriveRisk: (v) => oddsUnder({ ...shot, modifiers: { overdrive: true } }, { overdriveRisk: v }),
  // what the crib sheet tells the table about spending a Cryptid Die; the backend refuses another formation's use (battles.ts)
  cryptidDieUse: (v) => buildCribSheet({ pack: printTestPack({ cryptidDieUse: v }) }).body,
  // the allowance a campaign army is held to: its own, or the lower of the two, when saving, printing and starting a battle
  matchLowerAllowance: { shownBy: 'test/integration/roster-allowance.test.ts', test: /match lower allowance/ },
  // a banked trophy used in a crossover leaves its campaign's bank, or stays banked
  crossoverConsumesTrophies: { shownBy: 'test/integration/banked-trophies.test.ts', test: /consumes: \$consumes/ },
  // the bag, or alternating activations with Pass tokens and morale, on the same two armies
  altActivationModule: { shownBy: 'test/unit/alt-activation.test.ts', test: /altActivationModule/ },
  latchRout: (v) => routAfterCorrection(v),
};

const valuesOf = (key: keyof RuleOptions): unknown[] => {
  const def = ruleOptionsSchema.shape[key].def.innerType;
  return def.type === 'boolean' ? [false, true] : (def as unknown as { options: unknown[] }).options;
};

describe('every ruling does something', () => {
  it('each option of the Rulings panel has a case here', () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(ruleOptionsSchema.shape).sort());
  });

  const keys = Object.keys(CASES) as (keyof RuleOptions)[];
  it.each(keys.filter((k) => typeof CASES[k] === 'function'))('%s: its values give different results on the same case', (key) => {
    const run = CASES[key] as (v: unknown) => unknown;
    const results = valuesOf(key).map((v) => JSON.stringify(run(v), bigints));
    expect(new Set(results).size, `${key}: ${results.join(' | ')}`).toBe(results.length);
  });

  it.each(keys.filter((k) => typeof CASES[k] !== 'function'))('%s: shown on a real ledger by the test that plays both values', (key) => {
    const { shownBy, test } = CASES[key] as Shown;
    expect(readFileSync(shownBy, 'utf8')).toMatch(test);
  });
});
