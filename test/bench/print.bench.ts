import { monitorEventLoopDelay } from 'node:perf_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchCase } from './types';
import { getBundledPack } from '../../src-shared/ruleset/bundled';
import { buildReport, generateBattles, type PlaytestBattle } from '../../src-shared/reports';
import { buildCribSheet } from '../../templates/crib-sheet';
import { buildPlaytestReport } from '../../templates/playtest-report';
import { renderPdf } from '../../src-main/backend/pdf';
import { waitForJob } from '../../src-main/backend/jobs/job-manager';
import { testBackend } from '../helpers/backend';
import { seedCampaignsWithRosters } from '../helpers/print-seed';

/** Issue 7 performance: crib sheet < 200 ms; report over 10,000 battles < 2 s; 100 rosters < 8 s with the event loop never held > 50 ms. */
const footer = { rulesetLabel: 'bench', provisional: true, nonStandard: false };

export const benches: BenchCase<any>[] = [
  {
    name: 'crib sheet from the default pack (build + render)',
    targetMs: 200,
    setup: () => getBundledPack(),
    fn: async (pack) => {
      const doc = buildCribSheet({ pack });
      return renderPdf(doc.body, { paperSize: 'A4', title: doc.title, author: 'bench', footer });
    },
  },
  {
    name: 'playtest report over 10,000 battles (aggregate + PDF)',
    targetMs: 2000,
    iterations: 3,
    setup: () => generateBattles({ count: 10_000, seed: 1 }),
    fn: async (battles: PlaytestBattle[]) => {
      const report = buildReport(battles);
      const doc = buildPlaytestReport({ report, scope: 'bench' });
      return renderPdf(doc.body, { paperSize: 'A4', title: doc.title, author: 'bench', footer });
    },
    baseline: { name: 'aggregation only', fn: (battles: PlaytestBattle[]) => buildReport(battles) },
  },
  {
    name: 'batch of 100 full rosters into one PDF in the print worker (event-loop delay < 50 ms)',
    targetMs: 8000,
    stat: 'total',
    setup: async () => {
      const dir = mkdtempSync(join(tmpdir(), 'aoa-bench-print-'));
      const t = await testBackend(dir);
      await seedCampaignsWithRosters(t.api, 50, { full: true });
      return { dir, ...t };
    },
    fn: async ({ api, backend, dir }) => {
      const h = monitorEventLoopDelay({ resolution: 10 });
      h.enable();
      const { jobId, total } = await api.call('print.startBatch', { scope: { kind: 'club' }, output: 'single', outDir: join(dir, 'out') });
      const s = await waitForJob(backend.ctx, jobId);
      h.disable();
      if (s.state !== 'done' || total !== 100) throw new Error(`batch ended ${s.state} with ${total} rosters: ${s.error ?? ''}`);
      const maxMs = h.max / 1e6;
      if (maxMs >= 50) throw new Error(`the backend's event loop was held for ${maxMs.toFixed(1)} ms during the batch`);
      return maxMs;
    },
    teardown: async ({ close, dir }) => {
      await close();
      rmSync(dir, { recursive: true, force: true });
    },
  },
];
