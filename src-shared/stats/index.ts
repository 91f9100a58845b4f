import jStat from 'jstat';

/**
 * The desk's statistics (issue 36): pure functions over counts and samples,
 * with the distributions from jStat (a kept library) rather than formulas of
 * our own. Each is checked against R (test/fixtures/stats-reference.ts).
 */

export interface Interval {
  estimate: number;
  lower: number;
  upper: number;
}

/** z such that P(|Z| < z) = level (1.959963984540054 for 95%). */
const zOf = (level: number) => jStat.normal.inv(1 - (1 - level) / 2, 0, 1);

/**
 * Wilson score interval for a proportion of `successes` in `n` trials (R:
 * `prop.test(x, n, correct = FALSE)$conf.int`). For n = 0 it is [0, 1]
 * around NaN: nothing is known.
 */
export function wilsonInterval(successes: number, n: number, level = 0.95): Interval {
  if (n === 0) return { estimate: NaN, lower: 0, upper: 1 };
  const z = zOf(level);
  const p = successes / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { estimate: p, lower: Math.max(0, centre - half), upper: Math.min(1, centre + half) };
}

/**
 * Fisher's exact test on the 2×2 table [[a, b], [c, d]], two-sided as R's
 * `fisher.test` computes it: the sum of the probabilities (hypergeometric,
 * margins fixed) of every table no more likely than the one observed, with
 * R's relative tolerance of 1e-7.
 */
export function fisherExactTwoSided(a: number, b: number, c: number, d: number): number {
  const row1 = a + b;
  const col1 = a + c;
  const n = a + b + c + d;
  if (n === 0) return 1;
  const lo = Math.max(0, col1 - (n - row1));
  const hi = Math.min(row1, col1);
  const p = (k: number) => jStat.hypgeom.pdf(k, n, col1, row1);
  const observed = p(a);
  let sum = 0;
  for (let k = lo; k <= hi; k++) {
    const pk = p(k);
    if (pk <= observed * (1 + 1e-7)) sum += pk;
  }
  return Math.min(1, sum);
}

/**
 * The two-proportion z-test (pooled, no continuity correction) of x1/n1
 * against x2/n2: z and its two-sided p-value (R: `prop.test(c(x1, x2),
 * c(n1, n2), correct = FALSE)`, whose X-squared is z²).
 */
export function twoProportionZ(x1: number, n1: number, x2: number, n2: number): { z: number; p: number } {
  if (n1 === 0 || n2 === 0) return { z: NaN, p: NaN };
  const pooled = (x1 + x2) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  if (se === 0) return { z: 0, p: 1 };
  const z = (x1 / n1 - x2 / n2) / se;
  return { z, p: 2 * (1 - jStat.normal.cdf(Math.abs(z), 0, 1)) };
}

/** A sample: an array, or a typed array's view (the desk's figures gather theirs in buffers they keep). */
export type Sample = ArrayLike<number>;

/** The values added in order from 0 (without an array of their squares: over 100,000 values that array alone costs more than the sums). */
function sum(xs: Sample): number {
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += xs[i]!;
  return s;
}
function variance(xs: Sample, mean: number): number {
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += (xs[i]! - mean) ** 2;
  return s / (xs.length - 1);
}

/** The mean of a sample with its t-interval (R: `t.test(x)$conf.int`); with fewer than two values the interval is unbounded. */
export function meanInterval(xs: Sample, level = 0.95): Interval {
  const n = xs.length;
  if (n === 0) return { estimate: NaN, lower: -Infinity, upper: Infinity };
  const mean = sum(xs) / n;
  if (n < 2) return { estimate: mean, lower: -Infinity, upper: Infinity };
  const half = jStat.studentt.inv(1 - (1 - level) / 2, n - 1) * Math.sqrt(variance(xs, mean) / n);
  return { estimate: mean, lower: mean - half, upper: mean + half };
}

/** The difference of two samples' means with Welch's t-interval (R: `t.test(x, y)$conf.int`). */
export function meanDifferenceInterval(xs: Sample, ys: Sample, level = 0.95): Interval {
  if (xs.length < 2 || ys.length < 2) {
    const estimate = xs.length && ys.length ? sum(xs) / xs.length - sum(ys) / ys.length : NaN;
    return { estimate, lower: -Infinity, upper: Infinity };
  }
  const mx = sum(xs) / xs.length;
  const my = sum(ys) / ys.length;
  const vx = variance(xs, mx) / xs.length;
  const vy = variance(ys, my) / ys.length;
  const se = Math.sqrt(vx + vy);
  const dof = (vx + vy) ** 2 / (vx ** 2 / (xs.length - 1) + vy ** 2 / (ys.length - 1));
  const half = se === 0 ? 0 : jStat.studentt.inv(1 - (1 - level) / 2, dof) * se;
  return { estimate: mx - my, lower: mx - my - half, upper: mx - my + half };
}

/** Median and quartiles by R's default quantile (type 7, linear between order statistics: jStat's plotting positions 1, 1). */
export function medianIqr(xs: readonly number[]): { median: number; q1: number; q3: number; iqr: number } | null {
  // sorted first by the engine's numeric sort: jStat sorts with a comparator, which over 100,000 values costs more than the rest of the desk's figures; a sorted input is its best case
  return medianIqrOfSorted(Array.from(Float64Array.from(xs).sort()));
}

/** medianIqr of a sample already in ascending order (jStat still sorts its copy, which for a sorted sample is one pass). */
export function medianIqrOfSorted(sorted: readonly number[]): { median: number; q1: number; q3: number; iqr: number } | null {
  if (!sorted.length) return null;
  // jStat's positions need two values; one value is every quantile of itself
  if (sorted.length === 1) return { median: sorted[0]!, q1: sorted[0]!, q3: sorted[0]!, iqr: 0 };
  const [q1, median, q3] = jStat.quantiles(sorted as number[], [0.25, 0.5, 0.75], 1, 1) as [number, number, number];
  return { median, q1, q3, iqr: q3 - q1 };
}

/** How a p-value reads to a designer at the level of 5%: "no evidence of a difference at n = 34" rather than a bare number. */
export function pValueInWords(p: number, n: number): string {
  if (!Number.isFinite(p)) return `not enough games to compare (n = ${n})`;
  const shown = p < 0.001 ? 'p < 0.001' : `p = ${p.toFixed(p < 0.01 ? 3 : 2)}`;
  if (p < 0.01) return `strong evidence of a difference at n = ${n} (${shown})`;
  if (p < 0.05) return `evidence of a difference at n = ${n} (${shown})`;
  if (p < 0.1) return `weak evidence at most of a difference at n = ${n} (${shown})`;
  return `no evidence of a difference at n = ${n} (${shown})`;
}

/** Figures with fewer battles than this behind them are marked "too few games" (issue 36). */
export const TOO_FEW = 20;
