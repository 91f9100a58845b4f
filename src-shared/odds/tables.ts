import { frac, type Fraction } from './fraction';
import { passes } from './targets';
import { expectation, type DistributionEntry } from './exact';

/**
 * Small exact answers Play Mode shows beside the rolls it asks for: a single
 * D6 test, the Rule of Cool damage table, a D20 band table such as Chaotic
 * Instability, and the storm's protection roll.
 */

/** P(one D6 passes `target`): natural 1 fails, natural 6 passes (DIGEST 6.10). */
export function d6Pass(target: number): Fraction {
  let n = 0;
  for (let f = 1; f <= 6; f++) if (passes(f, target)) n++;
  return frac(n, 6);
}

export interface D20Band {
  min: number;
  max: number;
}

/** Distribution of the amount a D20 band table gives (faces outside every band give 0). */
function d20BandDistribution<B extends D20Band>(bands: B[], amount: (b: B) => number): DistributionEntry[] {
  const counts = new Map<number, number>();
  for (let face = 1; face <= 20; face++) {
    const b = bands.find((x) => face >= x.min && face <= x.max);
    const v = b ? amount(b) : 0;
    counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => a[0] - b[0]).map(([value, c]) => ({ value, p: frac(c, 20) }));
}

/** Expected Rule of Cool damage bonus from the pack's D20 bands (51/20 with the Field Manual's). */
export function ruleOfCoolExpectedBonus(bands: (D20Band & { bonus: number })[]): Fraction {
  return expectation(d20BandDistribution(bands, (b) => b.bonus));
}

/** Expected Wounds per round from an end-of-round D20 table (Chaotic Instability: 3/4). */
export function d20WoundsExpected(bands: (D20Band & { wounds: number })[]): Fraction {
  return expectation(d20BandDistribution(bands, (b) => b.wounds));
}

/** P(a model with suitable equipment still takes the storm's Wound): it fails its protection roll. */
export function stormWoundWithProtection(protectionRoll: number): Fraction {
  const pass = d6Pass(protectionRoll);
  return frac(pass.den - pass.num, pass.den);
}
