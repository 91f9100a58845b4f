import jStat from 'jstat';
import { TOO_FEW, type Interval } from '../stats';

/** What the figures from the bundles' own counts share (unit-figures.ts, usage-figures.ts). */
export interface UnitEstimate {
  estimate: number | null;
  lower: number | null;
  upper: number | null;
}
export interface UnitFigure {
  id: string;
  /** The sample the interval rests on (sides, formations, attempts or battles: each figure says which). */
  n: number;
  tooFew: boolean;
  battleCount: number;
  keys: string[];
}

/**
 * The mean with its t-interval, as meanInterval gives it, from a sample's count, sum and sum of squares: the values
 * here are whole numbers, so the sums are exact and no array of 200,000 values is made per report.
 */
export function meanOfMoments(n: number, sum: number, sumSq: number, level = 0.95): Interval {
  if (n === 0) return { estimate: NaN, lower: -Infinity, upper: Infinity };
  const mean = sum / n;
  if (n < 2) return { estimate: mean, lower: -Infinity, upper: Infinity };
  const variance = Math.max(0, (sumSq - (sum * sum) / n) / (n - 1));
  const half = jStat.studentt.inv(1 - (1 - level) / 2, n - 1) * Math.sqrt(variance / n);
  return { estimate: mean, lower: mean - half, upper: mean + half };
}
const fin = (x: number) => (Number.isFinite(x) ? x : null);
export const est = (i: Interval): UnitEstimate => ({ estimate: fin(i.estimate), lower: fin(i.lower), upper: fin(i.upper) });

/** The battles behind a figure, each once: counted always, listed only when the keys are asked for (as figures.ts's). */
export class Behind {
  readonly keys: string[] = [];
  private count = 0;
  private last = -1;
  constructor(private readonly keyOf: ((j: number) => string) | null) {}
  /** Battle j (battles come in order, so a battle already added is the last one). */
  add(j: number) {
    if (this.last === j) return;
    this.last = j;
    this.count += 1;
    if (this.keyOf) this.keys.push(this.keyOf(j));
  }
  /** The figure: "too few" on its battles, unless the figure decides it on its own n (`tooFew`). */
  figure(id: string, n: number, tooFew = this.count < TOO_FEW): UnitFigure {
    return { id, n, tooFew, battleCount: this.count, keys: this.keys };
  }
}
