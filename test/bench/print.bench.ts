import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { closeAndRemove, type BenchCase } from './types';
import { idleLoopProbe } from './idle-probe';
import { getBundledPack } from '../../src-shared/ruleset/bundled';
import { buildReport, generateBattles, type PlaytestBattle } from '../../src-shared/reports';
import { buildCribSheet } from '../../templates/crib-sheet';
import { renderPdf } from '../../src-main/backend/pdf';
import { waitForJob } from '../../src-main/backend/jobs/job-manager';
import { startRosterBatch } from '../../src-main/backend/jobs/start-batch';
import { runBatch } from '../../src-main/backend/jobs/batch-print';
import { printRoster } from '../../src-main/backend/handlers/rosters.handlers';
import { ledgerChanged } from '../../src-main/backend/ledger-caches';
import { batchWorkerThreads, stopBatchWorker } from '../../src-main/backend/jobs/kept-batch-worker';
import type { BackendContext } from '../../src-main/backend/context';
import { testBackend } from '../helpers/backend';
import { seedCampaignsWithRosters } from '../helpers/print-seed';
import type { ApiClient } from '../../src-shared/contract/client';

/** Issue 7 performance: crib sheet < 200 ms; report over 10,000 battles < 1 s and 100,000 < 5 s (One house); 100 rosters < 8 s with the event loop never held > 50 ms. */
const footer = { rulesetLabel: 'bench', provisional: true, nonStandard: false };

interface SheetsCtx {
  dir: string;
  close: () => Promise<void>;
  db: Parameters<typeof runBatch>[0];
  rosterIds: string[];
  n: number;
}

/** A club of 50 campaigns with two full rosters each: 100 army sheets. */
async function hundredRosters(): Promise<SheetsCtx> {
  const dir = mkdtempSync(join(tmpdir(), 'aoa-bench-sheets-'));
  const t = await testBackend(dir);
  const { rosterIds } = await seedCampaignsWithRosters(t.api, 50, { full: true });
  return { dir, close: t.close, db: t.backend.ctx.db, rosterIds, n: 0 };
}

/** The plain way: every roster printed on its own, as the Builder's Print does (assemble, render, a PDF each). */
async function hundredSingleSheets(c: SheetsCtx) {
  for (const id of c.rosterIds) await printRoster(c.db, id, { draft: true });
}

function batchOf(output: 'single' | 'per-roster'): BenchCase<SheetsCtx> {
  return {
    name: `batch of 100 army sheets (${output === 'single' ? 'one PDF' : 'a file per roster'}) against 100 single sheets printed one by one`,
    targetMs: 8000,
    bound: 'pdfmake and pdfkit laying out each of the 100 sheets, which a batch cannot share',
    stat: 'total',
    maxRatio: 0.4,
    setup: hundredRosters,
    teardown: closeAndRemove,
    fn: (c) =>
      runBatch(
        c.db,
        { jobId: `bench-${++c.n}`, rosterIds: c.rosterIds, output, outDir: join(c.dir, `out-${c.n}`), paperSize: 'A4', author: 'bench' },
        () => {},
        () => false,
      ),
    baseline: { name: '100 single army sheets, one after the other', fn: hundredSingleSheets },
  };
}

/** One campaign's two army sheets as a batch in the print worker, as the Journal's Print does, waited for. */
async function campaignBatch(ctx: BackendContext, campaignId: string) {
  const { jobId } = await startRosterBatch(ctx, {
    scope: { kind: 'campaigns', campaignIds: [campaignId] },
    output: 'single',
    outDir: join(ctx.paths.dataDir, 'out'),
  });
  const s = await waitForJob(ctx, jobId);
  if (s.state !== 'done' || s.outputs.length !== 1) throw new Error(`the batch ended ${s.state}: ${s.error ?? ''}`);
}

/** A batch after the first finds the print worker up, with pdfmake, the fonts and the ruleset loaded. */
const keptWorker: BenchCase<{ ctx: BackendContext; campaignId: string; dir: string; close: () => Promise<void> }> = {
  name: "a campaign's two army sheets as a batch in the kept print worker, against the same batch in a worker started for it",
  targetMs: 1000,
  bound: 'rendering two sheets once the worker is loaded; a new worker first loads pdfmake, the fonts and the ruleset',
  maxRatio: 0.3,
  async setup() {
    const dir = mkdtempSync(join(tmpdir(), 'aoa-bench-kept-'));
    const t = await testBackend(dir);
    const { campaignIds } = await seedCampaignsWithRosters(t.api, 1, { full: true });
    return { ctx: t.backend.ctx, campaignId: campaignIds[0]!, dir, close: t.close };
  },
  teardown: closeAndRemove,
  fn: ({ ctx, campaignId }) => campaignBatch(ctx, campaignId),
  baseline: {
    name: 'the batch in a new print worker (the first of a session; a source build also compiles the worker on load)',
    async fn({ ctx, campaignId }) {
      stopBatchWorker(ctx);
      while (batchWorkerThreads(ctx).live.length > 0) await new Promise((r) => setTimeout(r, 5));
      await campaignBatch(ctx, campaignId);
    },
  },
};

/** A club's stored battles, imported once per size for every report case of the run and copied into each case's folder. */
const seededLedgers = new Map<number, Promise<{ template: string; battles: PlaytestBattle[] }>>();
function seededLedger(count: number) {
  let seeded = seededLedgers.get(count);
  if (!seeded) {
    seeded = (async () => {
      const template = mkdtempSync(join(tmpdir(), 'aoa-bench-report-template-'));
      const t = await testBackend(template);
      // real ids are UUIDs: their length is what the appendix has to lay out
      const battles = generateBattles({ count, seed: 1 }).map((b) => ({ ...b, id: randomUUID() }));
      for (let i = 0; i < battles.length; i += 2_000) await t.api.call('reports.importBattles', { battles: battles.slice(i, i + 2_000) });
      await t.close();
      process.once('exit', () => rmSync(template, { recursive: true, force: true }));
      return { template, battles };
    })();
    seededLedgers.set(count, seeded);
  }
  return seeded;
}

function reportCase(count: number, targetMs: number, name: string, bound: string, fn: (api: ApiClient) => Promise<unknown>): BenchCase<any> {
  return {
    name,
    targetMs,
    bound,
    iterations: 3,
    setup: async () => {
      const { template, battles } = await seededLedger(count);
      const dir = mkdtempSync(join(tmpdir(), 'aoa-bench-report-'));
      cpSync(template, dir, { recursive: true });
      return { dir, battles, ...(await testBackend(dir)) };
    },
    fn: async ({ api }) => {
      ledgerChanged();
      return fn(api);
    },
    baseline: { name: 'aggregation only (buildReport in memory)', fn: ({ battles }: { battles: PlaytestBattle[] }) => buildReport(battles) },
    teardown: closeAndRemove,
  };
}

/**
 * The playtest report PDF over a club's stored battles (One house: < 1 s at
 * 10,000, < 5 s at 100,000): figures from SQL over the report facts, built
 * in the print worker. Cold as before: no record is cached between reports
 * (there are none to cache now); the report worker, like the app's, is
 * started by the first report and kept.
 */
const reportOver = (count: number, targetMs: number) =>
  reportCase(
    count,
    targetMs,
    `playtest report over ${count.toLocaleString('en')} stored battles, cold (reports.pdf: SQL figures, Vega charts, PDF, in the print worker)`,
    'the SQL figures over the report facts, then Vega drawing the charts and pdfmake laying out the pages',
    async (api) => {
      const r = await api.call('reports.pdf', {});
      if (r.pages < 4) throw new Error(`the report has only ${r.pages} pages`);
      return r;
    },
  );

/** The same report on the Reports screen: its figures with how many battles stand behind each (a figure's battles are asked for when opened). */
const screenReportOver = (count: number, targetMs: number) =>
  reportCase(
    count,
    targetMs,
    `playtest report on screen over ${count.toLocaleString('en')} stored battles (reports.figures, then one figure's first page)`,
    "the SQL figures over the report facts in the report worker, then one page of a figure's battles",
    async (api) => {
      const { report } = await api.call('reports.figures', {});
      if (report.games !== count) throw new Error(`the figures count ${report.games} games`);
      const faction = report.byFaction[0]!;
      const page = await api.call('reports.trace', { filter: {}, trace: { kind: 'faction', factionId: faction.factionId } });
      if (page.total !== faction.battleCount || page.battles.length !== 50)
        throw new Error(`the first page has ${page.battles.length} of ${page.total} battles`);
    },
  );

export const benches: BenchCase<any>[] = [
  batchOf('single'),
  batchOf('per-roster'),
  keptWorker,
  {
    name: 'crib sheet from the default pack (build + render)',
    targetMs: 200,
    bound: "pdfmake's layout of the crib sheet's rule tables",
    setup: () => getBundledPack(),
    fn: async (pack) => {
      const doc = buildCribSheet({ pack });
      return renderPdf(doc.body, { paperSize: 'A4', title: doc.title, author: 'bench', footer });
    },
  },
  reportOver(10_000, 1000),
  screenReportOver(10_000, 1000),
  reportOver(100_000, 5000),
  screenReportOver(100_000, 5000),
  {
    name: 'batch of 100 full rosters into one PDF in the print worker (event-loop delay < 50 ms)',
    targetMs: 8000,
    bound: 'pdfmake laying out 100 full rosters in the print worker, one sheet after another',
    stat: 'total',
    setup: async () => {
      const dir = mkdtempSync(join(tmpdir(), 'aoa-bench-print-'));
      const t = await testBackend(dir);
      await seedCampaignsWithRosters(t.api, 50, { full: true });
      return { dir, ...t };
    },
    fn: async ({ api, backend, dir }) => {
      const h = monitorEventLoopDelay({ resolution: 10 });
      const control = idleLoopProbe();
      const elu0 = performance.eventLoopUtilization();
      h.enable();
      // as the CLI does (IPC callers cannot name a folder), then fetched back as data as the UI does
      const { jobId, total } = await startRosterBatch(backend.ctx, { scope: { kind: 'club' }, output: 'single', outDir: join(dir, 'out') });
      // the UI polls the status four times a second while it runs
      const poll = setInterval(() => void api.call('print.jobStatus', { jobId }), 250);
      const s = await waitForJob(backend.ctx, jobId);
      clearInterval(poll);
      const file = await api.call('print.jobResult', { jobId });
      h.disable();
      const busy = performance.eventLoopUtilization(elu0);
      const idleMax = await control.stop();
      if (file.pages < total) throw new Error(`the batch PDF has ${file.pages} pages for ${total} rosters`);
      if (s.state !== 'done' || total !== 100) throw new Error(`batch ended ${s.state} with ${total} rosters: ${s.error ?? ''}`);
      const maxMs = h.max / 1e6;
      const note = `backend event loop during the batch: max ${maxMs.toFixed(1)} ms, p99 ${(h.percentile(99) / 1e6).toFixed(1)} ms, busy ${busy.active.toFixed(0)} ms of ${(busy.active + busy.idle).toFixed(0)} ms; an idle thread beside it: max ${idleMax.toFixed(1)} ms`;
      process.stderr.write(`  ${note}\n`);
      // A shared, loaded machine deschedules idle threads too: a delay the idle control thread saw as well is the machine's, not the batch's.
      if (maxMs >= 50 && idleMax < 50) throw new Error(`the backend's event loop was held for ${maxMs.toFixed(1)} ms during the batch (${note})`);
      return maxMs;
    },
    teardown: async ({ close, dir }) => {
      await close();
      rmSync(dir, { recursive: true, force: true });
    },
  },
];
