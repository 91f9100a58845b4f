import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { meanInterval, medianIqr } from '../../src-shared/stats';
import { scaleSummary } from '../../src-shared/stats/rating-scale';

/**
 * Issue 41: a mean rating's t-interval left the 1–5 scale ("3.00 (−22.41 – 28.41)" over two ratings). The summary's
 * interval is a percentile bootstrap of the mean, made of means of ratings, so it stays on the scale by construction;
 * past 200 ratings it is the t-interval, then narrow, clamped to the scale.
 */
describe('a rating on the 1–5 scale', () => {
  it('keeps its interval on the scale, around its mean, with its own n, distribution and median', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 300 }), (values) => {
        const s = scaleSummary(values)!;
        const mean = values.reduce((a, b) => a + b, 0) / values.length;
        expect(s.n).toBe(values.length);
        expect(s.mean).toBeCloseTo(mean, 12);
        expect(s.counts).toEqual([1, 2, 3, 4, 5].map((v) => values.filter((x) => x === v).length));
        expect(s.median).toBe(medianIqr(values)!.median);
        // one rating says nothing of the mean's spread: the whole scale; more stay within what was given
        const [lo, hi] = values.length === 1 ? [1, 5] : [Math.min(...values), Math.max(...values)];
        expect(s.lower).toBeGreaterThanOrEqual(lo);
        expect(s.upper).toBeLessThanOrEqual(hi);
        if (values.length > 1) {
          expect(s.lower).toBeLessThanOrEqual(mean + 1e-12);
          expect(s.upper).toBeGreaterThanOrEqual(mean - 1e-12);
        }
        // the same ratings, the same interval: a report read twice does not move
        expect(scaleSummary([...values])).toEqual(s);
      }),
      { numRuns: 200, seed: 41 },
    );
  });

  it('reads two ratings of 1 and 5 on the scale, not as −22 to 28', () => {
    const s = scaleSummary([1, 5])!;
    expect(s).toMatchObject({ n: 2, mean: 3, median: 3, counts: [1, 0, 0, 0, 1] });
    expect(s.lower).toBeGreaterThanOrEqual(1);
    expect(s.upper).toBeLessThanOrEqual(5);
    expect(meanInterval([1, 5]).lower).toBeLessThan(-20);
  });

  it('is nothing for no rating, and the whole scale for one', () => {
    expect(scaleSummary([])).toBeNull();
    expect(scaleSummary([4])).toMatchObject({ n: 1, mean: 4, median: 4, lower: 1, upper: 5 });
  });

  it('agrees with the t-interval where the sample is large (both estimate the same mean’s spread)', () => {
    const values = Array.from({ length: 190 }, (_, i) => 1 + ((i * 7919) % 5));
    const s = scaleSummary(values)!;
    const t = meanInterval(values);
    expect(Math.abs(s.lower - t.lower)).toBeLessThan(0.05);
    expect(Math.abs(s.upper - t.upper)).toBeLessThan(0.05);
    const big = Array.from({ length: 5000 }, (_, i) => 1 + ((i * 31) % 5));
    expect(scaleSummary(big)).toMatchObject({ lower: meanInterval(big).lower, upper: meanInterval(big).upper });
  });
});
