/**
 * One benchmark case. Each domain keeps its cases in `test/bench/<domain>.bench.ts`
 * exporting `benches: BenchCase[]`; `npm run bench` (test/bench/run.ts) runs them
 * all, prints medians, ratios against baselines and pass/fail against targets,
 * and exits non-zero when a target is missed.
 */
export interface BenchCase<Ctx = unknown> {
  /** What is measured, e.g. "validate a maximal roster (37 models)". */
  name: string;
  /** The figure the issue names: median (or total for one-shot runs) under this many milliseconds. */
  targetMs: number;
  /** Which statistic the target applies to. */
  stat?: 'median' | 'total';
  /** Runs once before timing; its result is passed to fn and baseline. */
  setup?: () => Promise<Ctx> | Ctx;
  teardown?: (ctx: Ctx) => Promise<void> | void;
  fn: (ctx: Ctx) => unknown | Promise<unknown>;
  /** The same work done the plainest way (e.g. a bare Kysely insert), so overhead shows as a ratio. */
  baseline?: { name: string; fn: (ctx: Ctx) => unknown | Promise<unknown> };
  /** When set, the figure also fails if median / baseline median exceeds this (a cost that must not grow, e.g. with a battle's length). */
  maxRatio?: number;
  /** Iterations (default: tinybench decides within `time`). */
  iterations?: number;
}
