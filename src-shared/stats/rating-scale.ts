import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { meanInterval, type Sample } from './index';

/**
 * A rating on the 1–5 scale (fun, clarity), as a designer should read it (issue 41): how many rated it, the
 * distribution over the five values, the median, and the mean with an interval that stays on the scale. A t-interval
 * over two ratings of 1 and 5 reads "3.00 (−22.41 – 28.41)"; the percentile bootstrap's interval is made of means of
 * resampled ratings, so it can never leave the scale.
 */
export interface ScaleSummary {
  n: number;
  /** How many gave 1, 2, 3, 4 and 5. */
  counts: [number, number, number, number, number];
  median: number;
  mean: number;
  lower: number;
  upper: number;
}

const SCALE_MIN = 1;
const SCALE_MAX = 5;
/**
 * Resamples of the bootstrap. Past BOOTSTRAP_UP_TO ratings the t-interval is used: at that n it is a few tenths wide
 * and off the scale only when nearly every rating is at one end, where it is clamped; and it costs nothing, where a
 * thousand resamples of every faction's and mission's ratings would cost the desk's report tens of milliseconds.
 */
const RESAMPLES = 1000;
const BOOTSTRAP_UP_TO = 200;

/** The median of counts over the values 1–5 (the mean of the two middle values for an even n, as R's median). */
function medianOfCounts(counts: readonly number[], n: number): number {
  const at = (rank: number) => {
    let seen = 0;
    for (let v = 0; v < counts.length; v++) if ((seen += counts[v]!) > rank) return v + SCALE_MIN;
    return SCALE_MAX;
  };
  return n % 2 ? at((n - 1) / 2) : (at(n / 2 - 1) + at(n / 2)) / 2;
}

/**
 * Percentile bootstrap of the mean (`level`, 95% by default): resamples drawn with xoroshiro128+ seeded from the
 * sample's counts, so the same ratings always give the same interval (a report read twice must not move).
 */
function bootstrapMean(values: Sample, counts: readonly number[], level: number): [number, number] {
  const n = values.length;
  // pure-rand 8's generators advance in place
  const rng = xoroshiro128plus(counts.reduce((s, c, i) => (s * 31 + c * (i + 7)) | 0, n));
  const means = new Float64Array(RESAMPLES);
  for (let b = 0; b < RESAMPLES; b++) {
    let s = 0;
    for (let k = 0; k < n; k++) {
      s += values[uniformInt(rng, 0, n - 1)]!;
    }
    means[b] = s / n;
  }
  means.sort();
  const tail = (1 - level) / 2;
  // the percentiles as R's quantile type 7 reads them
  const q = (p: number) => {
    const h = (RESAMPLES - 1) * p;
    const lo = Math.floor(h);
    return means[lo]! + (h - lo) * ((means[Math.min(lo + 1, RESAMPLES - 1)] ?? means[lo]!) - means[lo]!);
  };
  return [q(tail), q(1 - tail)];
}

/** The summary of ratings on the 1–5 scale, or null when nobody rated. */
export function scaleSummary(values: Sample, level = 0.95): ScaleSummary | null {
  const n = values.length;
  if (!n) return null;
  const counts: [number, number, number, number, number] = [0, 0, 0, 0, 0];
  let sum = 0;
  for (let i = 0; i < n; i++) {
    counts[values[i]! - SCALE_MIN]! += 1;
    sum += values[i]!;
  }
  const mean = sum / n;
  const clamp = (x: number) => Math.min(SCALE_MAX, Math.max(SCALE_MIN, x));
  const [lower, upper] =
    n === 1
      ? [SCALE_MIN, SCALE_MAX]
      : n <= BOOTSTRAP_UP_TO
        ? bootstrapMean(values, counts, level)
        : [meanInterval(values, level).lower, meanInterval(values, level).upper];
  return { n, counts, median: medianOfCounts(counts, n), mean, lower: clamp(lower), upper: clamp(upper) };
}
