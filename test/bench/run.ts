// npm run bench [-- FILTER] [--json]: runs every test/bench/*.bench.ts, prints
// a table of medians against targets and baselines, and exits 1 when a target
// is missed (2 when the filter matches nothing). Results are also written to
// test/artifacts/bench-results.json, which `npm run docs:performance` merges into
// docs/performance/figures.json and the table of docs/PERFORMANCE.md.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Bench } from 'tinybench';
import type { BenchCase } from './types';

const here = dirname(fileURLToPath(import.meta.url));
const { values, positionals } = parseArgs({
  options: { json: { type: 'boolean', default: false }, time: { type: 'string', default: '1000' } },
  allowPositionals: true,
});
const filter = positionals[0]?.toLowerCase();

export interface BenchResult {
  file: string;
  name: string;
  /** What bounds the figure (BenchCase.bound). */
  bound: string;
  stat: 'median' | 'total';
  ms: number | null;
  targetMs: number;
  maxRatio?: number;
  samples: number;
  baseline?: { name: string; ms: number | null };
  /** The baseline's own median (or total) and its name, flat for docs/performance/figures.json; null without a baseline. */
  baselineMs: number | null;
  baselineName: string | null;
  ratio: number | null;
  pass: boolean;
  /** What the case reports besides its time (BenchCase.details). */
  details?: string;
  error?: string;
}

/** Times one function with warm-up; returns the chosen statistic in ms and the sample count. */
async function measure(fn: () => unknown, c: BenchCase<unknown>, timeMs: number): Promise<{ ms: number; samples: number }> {
  const oneShot = c.stat === 'total';
  const bench = new Bench({
    time: oneShot ? 0 : timeMs,
    iterations: oneShot ? 1 : (c.iterations ?? 5),
    warmup: !oneShot,
    warmupIterations: 2,
    warmupTime: oneShot ? 0 : Math.min(250, timeMs),
  });
  bench.add(c.name, async () => {
    await fn();
  });
  await bench.run();
  const r = bench.tasks[0]!.result;
  if (r.state === 'errored') throw r.error;
  if (r.state !== 'completed') throw new Error(`benchmark ended as ${r.state}`);
  return { ms: oneShot ? r.totalTime : r.latency.p50!, samples: r.latency.samplesCount };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((x, y) => x - y);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** Times a figure and its baseline in turn (BenchCase.inTurn), each warmed as measure() warms it; their medians. */
async function measureInTurn(ctx: unknown, c: BenchCase<unknown>, timeMs: number) {
  const fn = () => c.fn(ctx);
  const baseline = () => c.baseline!.fn(ctx);
  const warmUntil = performance.now() + Math.min(250, timeMs);
  for (let i = 0; i < 2 || performance.now() < warmUntil; i++) {
    await fn();
    await baseline();
  }
  const main: number[] = [];
  const base: number[] = [];
  const start = performance.now();
  // both get the time measure() gives each
  while (main.length < (c.iterations ?? 5) || performance.now() - start < 2 * timeMs) {
    let t0 = performance.now();
    await fn();
    main.push(performance.now() - t0);
    t0 = performance.now();
    await baseline();
    base.push(performance.now() - t0);
  }
  return { main: { ms: median(main), samples: main.length }, base: { ms: median(base), samples: base.length } };
}

async function runCase(file: string, c: BenchCase<unknown>, timeMs: number): Promise<BenchResult> {
  const base: BenchResult = {
    file,
    name: c.name,
    bound: c.bound,
    stat: c.stat ?? 'median',
    ms: null,
    targetMs: c.targetMs,
    maxRatio: c.maxRatio,
    samples: 0,
    baselineMs: null,
    baselineName: c.baseline?.name ?? null,
    ratio: null,
    pass: false,
  };
  let ctx: unknown;
  let ready = false;
  try {
    ctx = await c.setup?.();
    ready = true;
    const inTurn = c.inTurn && c.baseline ? await measureInTurn(ctx, c, timeMs) : null;
    const m = inTurn?.main ?? (await measure(() => c.fn(ctx), c, timeMs));
    if (c.clock) m.ms = median(c.clock(ctx).main.slice(-m.samples));
    Object.assign(base, { ms: m.ms, samples: m.samples });
    if (c.baseline) {
      const b = inTurn?.base ?? (await measure(() => c.baseline!.fn(ctx), c, timeMs));
      const own = c.clock?.(ctx).baseline;
      if (own) b.ms = median(own.slice(-b.samples));
      base.baseline = { name: c.baseline.name, ms: b.ms };
      base.baselineMs = b.ms;
      base.ratio = b.ms > 0 ? m.ms / b.ms : null;
    }
    base.details = c.details?.(ctx);
    const missed = c.missed?.(ctx);
    if (missed) base.details = [base.details, `MISSED: ${missed}`].filter(Boolean).join('\n  ');
    base.pass = !missed && m.ms <= c.targetMs && (c.maxRatio === undefined || (base.ratio !== null && base.ratio <= c.maxRatio));
  } catch (e) {
    base.error = (e as Error)?.stack ?? String(e);
  } finally {
    try {
      if (ready) await c.teardown?.(ctx);
    } catch (e) {
      base.error ??= `teardown: ${(e as Error).message}`;
    }
  }
  return base;
}

const fmt = (n: number | null | undefined, digits = 2) => (n === null || n === undefined ? '—' : n.toFixed(digits));

function printTable(results: BenchResult[]): void {
  const rows = results.map((r) => [
    r.pass ? 'PASS' : 'FAIL',
    r.name,
    `${fmt(r.ms)} ms${r.stat === 'total' ? ' (total)' : ''}`,
    `< ${r.targetMs} ms${r.maxRatio === undefined ? '' : `, ≤ ×${r.maxRatio}`}`,
    r.baseline ? `${fmt(r.baseline.ms)} ms` : '—',
    r.ratio === null ? '—' : `×${fmt(r.ratio, 1)}`,
    String(r.samples),
  ]);
  const head = ['', 'figure', 'median', 'target', 'baseline', 'ratio', 'samples'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i >= 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
  for (const r of results) if (r.details) console.log(`\n${r.name}:\n  ${r.details}`);
  for (const r of results) if (r.error) console.log(`\n${r.name} failed to run:\n${r.error}`);
}

async function main(): Promise<number> {
  const files = readdirSync(here)
    .filter((f) => f.endsWith('.bench.ts'))
    .sort();
  const timeMs = Number(values.time);
  const results: BenchResult[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(here, file)).href)) as { benches?: BenchCase<unknown>[] };
    for (const c of mod.benches ?? []) {
      if (filter && !`${file} ${c.name}`.toLowerCase().includes(filter)) continue;
      if (!values.json) process.stdout.write(`running: ${c.name}…\n`);
      results.push(await runCase(file, c, timeMs));
    }
  }
  if (results.length === 0) {
    console.error(filter ? `No benchmark matches "${filter}".` : 'No benchmarks found in test/bench/*.bench.ts.');
    return 2;
  }
  const machine = { cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length, node: process.version, platform: `${process.platform} ${process.arch}` };
  mkdirSync(join(here, '..', 'artifacts'), { recursive: true });
  writeFileSync(join(here, '..', 'artifacts', 'bench-results.json'), JSON.stringify({ at: new Date().toISOString(), machine, results }, null, 2));
  if (values.json) console.log(JSON.stringify({ machine, results }, null, 2));
  else {
    console.log(`\n${machine.cpu}, ${machine.cores} cores, Node ${machine.node}\n`);
    printTable(results);
  }
  const failed = results.filter((r) => !r.pass);
  if (!values.json)
    console.log(failed.length ? `\n${failed.length} of ${results.length} figures missed their target.` : `\nAll ${results.length} figures within target.`);
  return failed.length ? 1 : 0;
}

process.exitCode = await main();
// Child processes and browsers opened by benchmarks are closed in teardown; nothing should keep us.
setTimeout(() => process.exit(process.exitCode ?? 0), 200).unref();
