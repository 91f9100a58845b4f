import type { BundleSide } from '../playtest/bundle';
import { TOO_FEW, wilsonInterval } from '../stats';
import { est, meanOfMoments, type Behind, type UnitEstimate, type UnitFigure } from './unit-figures-base';

/**
 * Orders, Field Gambits and Captain abilities used, and Rule of Cool by D20 band (issue 41, point 4), from the tallies a
 * Play Mode record carries. A paper record has none of these tallies (its form does not ask them): it is not a side
 * that used nothing, it is left out, and each figure's n says how many sides did record them.
 */
export type UsageSide = Partial<Pick<BundleSide, 'orders' | 'gambits' | 'abilities' | 'rulesOfCool' | 'rulesOfCoolSucceeded'>>;

const USED_KINDS = ['order', 'gambit', 'ability'] as const;
type UsedKind = (typeof USED_KINDS)[number];
const TALLY = { order: 'orders', gambit: 'gambits', ability: 'abilities' } as const satisfies Record<UsedKind, keyof UsageSide>;

export interface UsageFigure extends UnitFigure {
  kind: UsedKind;
  /** The pack's id of the order, gambit or ability (a screen shows the pack's name for it). */
  key: string;
  uses: number;
  /** The sides (one army's game each) whose record counts this kind of use: n, and the battles they were in. */
  sides: number;
  battles: number;
  /** Sides that used it at least once. */
  sidesUsing: number;
  /** Uses per side, the sides that did not use it counted as 0: the mean with a 95% t-interval. */
  perGame: UnitEstimate;
  /** Sides that used it at least once, over the sides: the rate with its Wilson interval. */
  usedIn: UnitEstimate;
}

interface RuleOfCoolBandFigure extends UnitFigure {
  /** The D20 band ("1" the critical failure, "2–5", … "20"). */
  band: string;
  /** Attempts whose roll fell in the band (n), and those that succeeded: the rate with its Wilson interval. */
  attempts: number;
  succeeded: number;
  successRate: UnitEstimate;
}

export interface RuleOfCoolFigures {
  /** Sides whose record counts Rule of Cool attempts, and the battles they were in. */
  sides: number;
  battles: number;
  attempts: number;
  bands: RuleOfCoolBandFigure[];
}

interface Row {
  uses: number;
  sumSq: number;
  sidesUsing: number;
  behind: Behind;
}

/** The band's first roll, for the bands' order ("2–5" → 2). */
const bandStart = (band: string) => {
  const x = Number.parseInt(band, 10);
  return Number.isFinite(x) ? x : 99;
};

/** Counts the sides' tallies battle by battle (`add`), then gives the figures (`usage`, `ruleOfCool`). */
export class UsageCounter {
  private readonly rows = USED_KINDS.map(() => new Map<string, Row>());
  private readonly recorded = USED_KINDS.map(() => ({ sides: 0, battles: 0, last: -1 }));
  private readonly bands = new Map<string, { attempts: number; succeeded: number; behind: Behind }>();
  private readonly roc = { sides: 0, battles: 0, last: -1 };

  constructor(private readonly behind: () => Behind) {}

  /** Battle j's side (battles come in order). */
  add(j: number, side: UsageSide): void {
    USED_KINDS.forEach((kind, k) => {
      const tally = side[TALLY[kind]];
      if (!tally) return;
      const r = this.recorded[k]!;
      r.sides += 1;
      if (r.last !== j) {
        r.last = j;
        r.battles += 1;
      }
      for (const key in tally) {
        const x = tally[key]!;
        if (!x) continue;
        let row = this.rows[k]!.get(key);
        if (!row) this.rows[k]!.set(key, (row = { uses: 0, sumSq: 0, sidesUsing: 0, behind: this.behind() }));
        row.uses += x;
        row.sumSq += x * x;
        row.sidesUsing += 1;
        row.behind.add(j);
      }
    });
    const attempts = side.rulesOfCool;
    if (!attempts) return;
    this.roc.sides += 1;
    if (this.roc.last !== j) {
      this.roc.last = j;
      this.roc.battles += 1;
    }
    for (const band in attempts) {
      const x = attempts[band]!;
      if (!x) continue;
      let b = this.bands.get(band);
      if (!b) this.bands.set(band, (b = { attempts: 0, succeeded: 0, behind: this.behind() }));
      b.attempts += x;
      // a success is an attempt of its band: never more of them than attempts, whatever a record says
      b.succeeded += Math.min(x, side.rulesOfCoolSucceeded?.[band] ?? 0);
      b.behind.add(j);
    }
  }

  /** Each order, gambit and ability used: by kind, most used first (then by id). */
  usage(): UsageFigure[] {
    return USED_KINDS.flatMap((kind, k) => {
      const { sides, battles } = this.recorded[k]!;
      return [...this.rows[k]!]
        .sort(([x, a], [y, b]) => b.uses - a.uses || (x < y ? -1 : x > y ? 1 : 0))
        .map(([key, row]) => ({
          // "too few" on the games that recorded this kind of use, which the n (their sides) counts
          ...row.behind.figure(`usage:${kind}:${key}`, sides, battles < TOO_FEW),
          kind,
          key,
          uses: row.uses,
          sides,
          battles,
          sidesUsing: row.sidesUsing,
          perGame: est(meanOfMoments(sides, row.uses, row.sumSq)),
          usedIn: est(wilsonInterval(row.sidesUsing, sides)),
        }));
    });
  }

  /** Rule of Cool by D20 band, the critical failure first. */
  ruleOfCool(): RuleOfCoolFigures {
    const bands = [...this.bands]
      .sort(([x], [y]) => bandStart(x) - bandStart(y) || (x < y ? -1 : 1))
      .map(([band, b]) => ({
        // "too few" on the attempts, the n shown
        ...b.behind.figure(`roc:${band}`, b.attempts, b.attempts < TOO_FEW),
        band,
        attempts: b.attempts,
        succeeded: b.succeeded,
        successRate: est(wilsonInterval(b.succeeded, b.attempts)),
      }));
    return { sides: this.roc.sides, battles: this.roc.battles, attempts: bands.reduce((s, b) => s + b.attempts, 0), bands };
  }
}
