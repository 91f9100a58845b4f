import { rmSync } from 'node:fs';
/**
 * One benchmark case. Each domain keeps its cases in `test/bench/<domain>.bench.ts`
 * exporting `benches: BenchCase[]`; `npm run bench` (test/bench/run.ts) runs them
 * all, prints medians, ratios against baselines and pass/fail against targets,
 * and exits non-zero when a target is missed.
 */
export interface BenchCase<Ctx = unknown> {
  /** What is measured, e.g. "validate a maximal roster (37 models)". */
  name: string;
  /**
   * What bounds the figure, in one plain sentence (e.g. "pdfmake's layout of the sheet's tables"): the work that
   * would have to get faster for the figure to. Written under the table in docs/PERFORMANCE.md.
   */
  bound: string;
  /** The figure the issue names: median (or total for one-shot runs) under this many milliseconds. */
  targetMs: number;
  /** Which statistic the target applies to. */
  stat?: 'median' | 'total';
  /** Runs once before timing; its result is passed to fn and baseline. */
  setup?: () => Promise<Ctx> | Ctx;
  teardown?: (ctx: Ctx) => Promise<void> | void;
  fn: (ctx: Ctx) => unknown | Promise<unknown>;
  /** The figure's ratio target against its baseline (e.g. 2 for "at most twice a bare insert"); the case fails above it. */
  maxRatio?: number;
  /** The same work done the plainest way (e.g. a bare Kysely insert), so overhead shows as a ratio. */
  baseline?: { name: string; fn: (ctx: Ctx) => unknown | Promise<unknown> };
  /**
   * Time the figure and its baseline in turn (one call of each, then again) rather than each for its own stretch
   * of time, so that a machine whose load changes from one second to the next weighs on both alike: for a ratio
   * between two sizes of the same work, where a busier second for one of them moves the ratio, not the work.
   */
  inTurn?: boolean;
  /** Iterations (default: tinybench decides within `time`). */
  iterations?: number;
  /**
   * The figure as the work measured it itself rather than as the harness timed `fn`: e.g. a page's navigation to a
   * usable screen on the page's own clock, without the browser context and protocol set-up around it. Each call's
   * figure in call order (warm-up calls included), for `fn` and for the baseline; the timed calls are the last ones.
   */
  clock?: (ctx: Ctx) => { main: number[]; baseline?: number[] };
  /** Figures of the run besides its time (throughput, percentiles), read from the context after timing; printed under the table. */
  details?: (ctx: Ctx) => string | undefined;
  /** A target that is not a time (bytes, a count): why the case misses it, read after timing, or undefined when met. */
  missed?: (ctx: Ctx) => string | undefined;
}

/** The teardown of a case whose context has a backend to close and a temporary folder to remove. */
export async function closeAndRemove(c: { close: () => Promise<void>; dir: string }): Promise<void> {
  await c.close();
  rmSync(c.dir, { recursive: true, force: true });
}
