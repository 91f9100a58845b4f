import padjust from '@stdlib/stats-padjust';
import jStat from 'jstat';
import { wilsonInterval, type Interval } from './index';

/**
 * Fair comparisons for the designer's desk (issue 41): the difference of two win rates with an interval of its own,
 * the test stratified by club beside the pooled one, p-values adjusted across a page, and how many games would settle
 * a question. Each is checked against an outside implementation (test/fixtures/compare-reference.ts says which and
 * how).
 */

/**
 * Newcombe's hybrid score interval for p1 − p2 (his method 10, from the two Wilson intervals): statsmodels'
 * `confint_proportions_2indep(x1, n1, x2, n2, method='newcomb', compare='diff')`. NaN with the whole range when a
 * side has no games.
 */
export function newcombeDifference(x1: number, n1: number, x2: number, n2: number, level = 0.95): Interval {
  if (!n1 || !n2) return { estimate: NaN, lower: -1, upper: 1 };
  const a = wilsonInterval(x1, n1, level);
  const b = wilsonInterval(x2, n2, level);
  const d = a.estimate - b.estimate;
  return {
    estimate: d,
    lower: d - Math.sqrt((a.estimate - a.lower) ** 2 + (b.upper - b.estimate) ** 2),
    upper: d + Math.sqrt((a.upper - a.estimate) ** 2 + (b.estimate - b.lower) ** 2),
  };
}

/** One stratum's 2×2 table: [[a, b], [c, d]] (rows: under the ruling / at the default; columns: wins / not). */
export interface Table2x2 {
  a: number;
  b: number;
  c: number;
  d: number;
}

const used = (t: Table2x2) => t.a + t.b + t.c + t.d > 1;
/** A table's total, first row and first column. */
const margins = (t: Table2x2) => ({ n: t.a + t.b + t.c + t.d, r1: t.a + t.b, c1: t.a + t.c });

/**
 * The Cochran–Mantel–Haenszel test of no association across strata (clubs), without continuity correction, and the
 * Mantel–Haenszel common odds ratio: R's `mantelhaen.test(x, correct = FALSE)`, statsmodels'
 * `StratifiedTable(tables).test_null_odds(correction=False)` and `.oddsratio_pooled`. Strata with fewer than two
 * games say nothing and are left out.
 */
export function cochranMantelHaenszel(strata: readonly Table2x2[]): { statistic: number; p: number; oddsRatio: number } {
  let num = 0;
  let variance = 0;
  let orNum = 0;
  let orDen = 0;
  for (const t of strata.filter(used)) {
    const { n, r1, c1 } = margins(t);
    num += t.a - (r1 * c1) / n;
    variance += (r1 * (n - r1) * c1 * (n - c1)) / (n * n * (n - 1));
    orNum += (t.a * t.d) / n;
    orDen += (t.b * t.c) / n;
  }
  if (variance === 0) return { statistic: NaN, p: NaN, oddsRatio: NaN };
  const statistic = (num * num) / variance;
  return { statistic, p: 1 - jStat.chisquare.cdf(statistic, 1), oddsRatio: orNum / orDen };
}

/**
 * The exact conditional test of the same hypothesis (R's `mantelhaen.test(x, exact = TRUE)$p.value`): given every
 * stratum's margins, the sum of the a cells follows the convolution of the strata's hypergeometric distributions; the
 * two-sided p-value adds the probabilities no larger than the observed one (R's relative tolerance of 1e-7, as Fisher).
 */
export function exactStratifiedP(strata: readonly Table2x2[]): number {
  let dist = [1];
  let low = 0;
  let observed = 0;
  for (const t of strata.filter(used)) {
    const { n, r1, c1 } = margins(t);
    const lo = Math.max(0, c1 - (n - r1));
    const hi = Math.min(r1, c1);
    const pmf = Array.from({ length: hi - lo + 1 }, (_, k) => jStat.hypgeom.pdf(lo + k, n, c1, r1) as number);
    const next = new Array<number>(dist.length + pmf.length - 1).fill(0);
    for (let i = 0; i < dist.length; i++) for (let k = 0; k < pmf.length; k++) next[i + k]! += dist[i]! * pmf[k]!;
    dist = next;
    low += lo;
    observed += t.a;
  }
  const total = dist.reduce((s, x) => s + x, 0);
  const at = dist[observed - low]! / total;
  let p = 0;
  for (const x of dist) if (x / total <= at * (1 + 1e-7)) p += x / total;
  return Math.min(1, p);
}

/** Holm's step-down adjustment of p-values (R's `p.adjust(p, 'holm')`), by @stdlib/stats-padjust; NaN stays NaN. */
export function holmAdjust(ps: readonly number[]): number[] {
  const known = ps.map((p, i) => [p, i] as const).filter(([p]) => Number.isFinite(p));
  const out = ps.map(() => NaN);
  if (!known.length) return out;
  const adjusted = padjust(
    known.map(([p]) => p),
    'holm',
  );
  known.forEach(([, i], k) => (out[i] = adjusted[k]!));
  return out;
}

const z = (p: number) => jStat.normal.inv(p, 0, 1);
const phi = (x: number) => jStat.normal.cdf(x, 0, 1);

/**
 * Games each side needs for a two-sided test at `alpha` to find a difference of `difference` in win rate from `rate`
 * with probability `power`: Cohen's h (2·asin√p₁ − 2·asin√p₂) with the normal power of two equal groups, as
 * statsmodels' `NormalIndPower().solve_power(effect_size=proportion_effectsize(rate + difference, rate), alpha=alpha,
 * power=power, ratio=1)`, rounded up to whole games.
 */
export function gamesToDetect(rate: number, difference = 0.1, alpha = 0.05, power = 0.8): { perSide: number; exact: number } {
  const p2 = Math.min(1, Math.max(0, rate));
  const p1 = Math.min(1, p2 + difference);
  const h = Math.abs(2 * Math.asin(Math.sqrt(p1)) - 2 * Math.asin(Math.sqrt(p2)));
  if (h === 0) return { perSide: Infinity, exact: Infinity };
  const crit = z(1 - alpha / 2);
  // both tails, as statsmodels' normal_power; n/2 is the effective size of two equal groups
  const powerAt = (n: number) => 1 - phi(crit - h * Math.sqrt(n / 2)) + phi(-crit - h * Math.sqrt(n / 2));
  let lo = 1e-6;
  let hi = 1;
  while (powerAt(hi) < power) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (powerAt(mid) < power) lo = mid;
    else hi = mid;
  }
  const exact = (lo + hi) / 2;
  return { perSide: Math.ceil(exact - 1e-9), exact };
}

/**
 * The win chance against the difference in army points: a logistic regression without intercept (equal armies win
 * half their games), logit P(win) = slope · difference / 100, fitted by Newton's method, with the slope's standard
 * error from the information: statsmodels' `Logit(y, x).fit()` (`params`, `bse`). `difference` is in points, `won`
 * whether the side with that difference won (draws are left out by the caller). Null when nothing can be fitted (no
 * difference, or a perfect separation, where the slope runs off to infinity).
 */
export function pointsLogit(games: readonly { difference: number; won: boolean }[]): { slope: number; se: number; n: number } | null {
  const xs = games.map((g) => g.difference / 100);
  if (!xs.some((x) => x !== 0)) return null;
  let slope = 0;
  for (let iteration = 0; iteration < 100; iteration++) {
    let score = 0;
    let information = 0;
    for (let i = 0; i < xs.length; i++) {
      const p = 1 / (1 + Math.exp(-slope * xs[i]!));
      score += xs[i]! * ((games[i]!.won ? 1 : 0) - p);
      information += xs[i]! * xs[i]! * p * (1 - p);
    }
    if (information < 1e-12 || Math.abs(slope) > 50) return null;
    const step = score / information;
    slope += step;
    if (Math.abs(step) < 1e-12 * Math.max(1, Math.abs(slope))) {
      let info = 0;
      for (const x of xs) {
        const p = 1 / (1 + Math.exp(-slope * x));
        info += x * x * p * (1 - p);
      }
      return { slope, se: 1 / Math.sqrt(info), n: games.length };
    }
  }
  return null;
}

/** The fitted win chance at a difference in points, with its 95% band (the slope's Wald interval, through the logistic). */
export function pointsCurveAt(fit: { slope: number; se: number }, difference: number, level = 0.95): Interval {
  const x = difference / 100;
  const half = z(1 - (1 - level) / 2) * fit.se * Math.abs(x);
  const logistic = (t: number) => 1 / (1 + Math.exp(-t));
  return { estimate: logistic(fit.slope * x), lower: logistic(fit.slope * x - half), upper: logistic(fit.slope * x + half) };
}
