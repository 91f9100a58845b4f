import { describe, expect, it } from 'vitest';
import {
  cochranMantelHaenszel,
  exactStratifiedP,
  gamesToDetect,
  holmAdjust,
  newcombeDifference,
  pointsCurveAt,
  pointsLogit,
} from '../../src-shared/stats/compare';
import { CMH, EXACT_STRATIFIED, HOLM, NEWCOMBE, POINTS_LOGIT, POWER } from '../fixtures/compare-reference';

/** Issue 41: the desk's fair comparisons, each matched to statsmodels' or R's own (test/fixtures/compare-reference.ts). */
describe('comparisons checked against statsmodels and R', () => {
  it.each(NEWCOMBE)('Newcombe’s interval for the difference of $x1/$n1 and $x2/$n2', ({ x1, n1, x2, n2, lower, upper }) => {
    const d = newcombeDifference(x1, n1, x2, n2);
    expect(d.estimate).toBeCloseTo(x1 / n1 - x2 / n2, 12);
    expect(d.lower).toBeCloseTo(lower, 9);
    expect(d.upper).toBeCloseTo(upper, 9);
  });

  it.each(CMH)('the Cochran–Mantel–Haenszel test over $strata.length strata', ({ strata, statistic, p, oddsRatio }) => {
    const r = cochranMantelHaenszel(strata);
    expect(r.statistic).toBeCloseTo(statistic, 9);
    expect(r.p).toBeCloseTo(p, 9);
    expect(r.oddsRatio).toBeCloseTo(oddsRatio, 9);
  });

  it.each(EXACT_STRATIFIED)('the exact stratified test over $strata.length strata (R’s mantelhaen.test, exact = TRUE)', ({ strata, p }) => {
    expect(exactStratifiedP(strata)).toBeCloseTo(p, 9);
  });

  it.each(HOLM)('Holm’s adjustment of $p', ({ p, adjusted }) => {
    holmAdjust(p).forEach((x, i) => expect(x).toBeCloseTo(adjusted[i]!, 12));
  });

  it.each(POWER)('games to find $difference from $rate at 80% power', ({ rate, difference, exact }) => {
    const r = gamesToDetect(rate, difference);
    // both solve for n numerically (statsmodels with brentq): they agree to about one part in a hundred million
    expect(Math.abs(r.exact - exact) / exact).toBeLessThan(1e-7);
    expect(r.perSide).toBe(Math.ceil(exact));
  });

  it.each(POINTS_LOGIT)('the win chance against the points difference over $battles.length games', ({ battles, slope, se }) => {
    const fit = pointsLogit(battles)!;
    expect(fit.slope).toBeCloseTo(slope, 7);
    expect(fit.se).toBeCloseTo(se, 7);
    // equal armies win half their games; the band widens away from equal points and holds the curve
    expect(pointsCurveAt(fit, 0)).toEqual({ estimate: 0.5, lower: 0.5, upper: 0.5 });
    const at = pointsCurveAt(fit, 100);
    expect(at.estimate).toBeCloseTo(1 / (1 + Math.exp(-slope)), 7);
    expect(at.lower).toBeLessThan(at.estimate);
    expect(at.upper).toBeGreaterThan(at.estimate);
  });

  it('fits nothing where there is nothing to fit: equal armies only, or a perfect separation', () => {
    expect(
      pointsLogit([
        { difference: 0, won: true },
        { difference: 0, won: false },
      ]),
    ).toBeNull();
    expect(
      pointsLogit([
        { difference: 100, won: true },
        { difference: -100, won: false },
      ]),
    ).toBeNull();
  });

  it('leaves out what says nothing: a side without games, a stratum of one game, an unknown p-value', () => {
    expect(newcombeDifference(3, 5, 0, 0).estimate).toBeNaN();
    const [t] = CMH;
    expect(cochranMantelHaenszel([...t!.strata, { a: 1, b: 0, c: 0, d: 0 }]).statistic).toBeCloseTo(t!.statistic, 12);
    expect(holmAdjust([0.01, NaN, 0.04])).toEqual([0.02, NaN, 0.04]);
  });
});
