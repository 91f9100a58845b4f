import { describe, expect, it } from 'vitest';
import { fisherExactTwoSided, meanDifferenceInterval, meanInterval, medianIqr, pValueInWords, twoProportionZ, wilsonInterval } from '../../src-shared/stats';
import { FISHER_R, ONE_SAMPLE_T_R, QUARTILES_R, TWO_PROPORTIONS_R, WELCH_T_R, WILSON_R } from '../fixtures/stats-reference';

const close = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThan(1e-6);

describe('the desk’s statistics agree with R to 1e-6 [issue 36]', () => {
  it.each(WILSON_R)('Wilson 95% interval of $x in $n', ({ x, n, lower, upper }) => {
    const w = wilsonInterval(x, n);
    close(w.estimate, x / n);
    close(w.lower, lower);
    close(w.upper, upper);
  });

  it.each(FISHER_R)("Fisher's exact test, two-sided, on [[$a, $b], [$c, $d]]", ({ a, b, c, d, p }) => {
    close(fisherExactTwoSided(a, b, c, d), p);
  });

  it.each(TWO_PROPORTIONS_R)('two-proportion z-test of $x1/$n1 against $x2/$n2', ({ x1, n1, x2, n2, z2, p }) => {
    const t = twoProportionZ(x1, n1, x2, n2);
    close(t.z ** 2, z2);
    close(t.p, p);
  });

  it.each(ONE_SAMPLE_T_R)('mean of $xs with its 95% t-interval', ({ xs, mean, lower, upper }) => {
    const m = meanInterval(xs);
    close(m.estimate, mean);
    close(m.lower, lower);
    close(m.upper, upper);
  });

  it.each(WELCH_T_R)("difference of means with Welch's 95% interval", ({ xs, ys, diff, lower, upper }) => {
    const m = meanDifferenceInterval(xs, ys);
    close(m.estimate, diff);
    close(m.lower, lower);
    close(m.upper, upper);
  });

  it.each(QUARTILES_R)('median and quartiles of $xs (R type 7)', ({ xs, q1, median, q3 }) => {
    const q = medianIqr(xs)!;
    close(q.q1, q1);
    close(q.median, median);
    close(q.q3, q3);
    close(q.iqr, q3 - q1);
  });

  it('says a p-value in words, with the n behind it', () => {
    expect(pValueInWords(0.48, 34)).toBe('no evidence of a difference at n = 34 (p = 0.48)');
    expect(pValueInWords(0.03, 120)).toBe('evidence of a difference at n = 120 (p = 0.03)');
    expect(pValueInWords(0.0004, 900)).toBe('strong evidence of a difference at n = 900 (p < 0.001)');
    expect(pValueInWords(NaN, 0)).toMatch(/not enough games/);
  });

  it('knows nothing from nothing', () => {
    expect(wilsonInterval(0, 0)).toMatchObject({ lower: 0, upper: 1 });
    expect(medianIqr([])).toBeNull();
    expect(meanInterval([3]).upper).toBe(Infinity);
  });
});
