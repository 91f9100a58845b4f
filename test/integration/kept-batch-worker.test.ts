import { describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { testBackend } from '../helpers/backend';
import { useTempDirs } from '../helpers/tmp';
import { pdfText } from '../helpers/pdf';
import { seedCampaignsWithRosters, untilAssemblingPdf } from '../helpers/print-seed';
import { waitForJob } from '../../src-main/backend/jobs/job-manager';
import { startRosterBatch } from '../../src-main/backend/jobs/start-batch';
import { batchWorkerThreads } from '../../src-main/backend/jobs/kept-batch-worker';
import type { BackendContext } from '../../src-main/backend/context';
import { generateBattles } from '../../src-shared/reports';

const tempDir = useTempDirs();

/** Starts a batch of the club's rosters into one PDF. */
const startClubBatch = (ctx: BackendContext) => startRosterBatch(ctx, { scope: { kind: 'club' }, output: 'single', outDir: tempDir() });

/** Starts a batch of one campaign's rosters into one PDF. */
const startCampaignBatch = (ctx: BackendContext, campaignId: string) =>
  startRosterBatch(ctx, { scope: { kind: 'campaigns', campaignIds: [campaignId] }, output: 'single', outDir: tempDir() });

/** The text of a finished batch's PDF. */
async function printed(ctx: BackendContext, jobId: string): Promise<string> {
  const s = await waitForJob(ctx, jobId);
  expect(s.error ?? s.state).toBe('done');
  return pdfText(readFileSync(s.outputs[0]!));
}

describe('the kept batch worker', () => {
  it('prints every batch after the first, sees the changes made between them and a restored ledger, and ends with the backend', async () => {
    const { api, backend, close } = await testBackend(tempDir());
    const { ctx } = backend;
    try {
      const { rosterIds } = await seedCampaignsWithRosters(api, 1);
      expect(batchWorkerThreads(ctx)).toEqual({ kept: null, live: [] });
      await printed(ctx, (await startClubBatch(ctx)).jobId);
      const first = batchWorkerThreads(ctx).kept;
      expect(first).not.toBeNull();

      const before = await api.call('backups.create', {});
      await api.call('rosters.rename', { id: rosterIds[0]!, name: 'Lantern Vigil' });
      expect(await printed(ctx, (await startClubBatch(ctx)).jobId)).toContain('Lantern Vigil');
      expect(batchWorkerThreads(ctx)).toEqual({ kept: first, live: [first] });

      // two at once: the second gets a worker of its own, which ends with its batch
      const [a, b] = [await startClubBatch(ctx), await startClubBatch(ctx)];
      expect(batchWorkerThreads(ctx).live).toHaveLength(2);
      for (const job of [a, b]) expect(await printed(ctx, job.jobId)).toContain('Lantern Vigil');
      await vi.waitFor(() => expect(batchWorkerThreads(ctx)).toEqual({ kept: first, live: [first] }));

      // a restore replaces the ledger, and with it the worker that read the old one
      await api.call('backups.restore', { file: basename(before.file) });
      expect(await printed(ctx, (await startClubBatch(ctx)).jobId)).not.toContain('Lantern Vigil');
      const after = batchWorkerThreads(ctx).kept;
      expect(after).not.toBeNull();
      expect(after).not.toBe(first);
      await vi.waitFor(() => expect(batchWorkerThreads(ctx).live).toEqual([after]));
    } finally {
      await close();
    }
    await vi.waitFor(() => expect(batchWorkerThreads(ctx)).toEqual({ kept: null, live: [] }));
  });

  it('a batch cancelled by stopping its worker takes the kept worker with it; the next batch starts a new one', async () => {
    const { api, backend, close } = await testBackend(tempDir());
    const { ctx } = backend;
    try {
      const { campaignIds } = await seedCampaignsWithRosters(api, 8, { full: true });
      // the kept worker, made by a batch of one campaign's two rosters (the club's sixteen full ones take long to print,
      // which only the cancelled batch needs)
      await printed(ctx, (await startCampaignBatch(ctx, campaignIds[0]!)).jobId);
      const first = batchWorkerThreads(ctx).kept;
      expect(first).not.toBeNull();
      const { jobId, total } = await startClubBatch(ctx);
      // inside the one long render of the PDF, where only stopping the worker stops the batch
      expect(await untilAssemblingPdf(api, jobId)).toMatchObject({ state: 'running', done: total });
      expect((await api.call('print.cancelJob', { jobId })).state).toBe('cancelled');
      await vi.waitFor(() => expect(batchWorkerThreads(ctx)).toEqual({ kept: null, live: [] }));
      expect(await printed(ctx, (await startCampaignBatch(ctx, campaignIds[1]!)).jobId)).toContain('Warband 2');
      expect(batchWorkerThreads(ctx).kept).not.toBe(first);
    } finally {
      await close();
    }
  });

  it('a kept worker left idle is stopped, giving its memory back, and the next batch or report starts another', async () => {
    const before = process.env.AOA_WORKER_IDLE_MS;
    process.env.AOA_WORKER_IDLE_MS = '400';
    const { api, backend, close } = await testBackend(tempDir());
    const { ctx } = backend;
    try {
      await seedCampaignsWithRosters(api, 1);
      await api.call('reports.importBattles', { battles: generateBattles({ count: 5, seed: 3 }) });
      await printed(ctx, (await startClubBatch(ctx)).jobId);
      const first = batchWorkerThreads(ctx).kept;
      expect(first).not.toBeNull();
      await vi.waitFor(() => expect(batchWorkerThreads(ctx)).toEqual({ kept: null, live: [] }), { timeout: 10_000 });
      expect(await printed(ctx, (await startClubBatch(ctx)).jobId)).toContain('Warband');
      expect(batchWorkerThreads(ctx).kept).not.toBe(first);

      // the report worker: kept while reports come (one started now would not load a binding that names nothing) …
      await api.call('reports.pdf', {});
      const missing = join(tempDir(), 'electron', 'better_sqlite3.node');
      (ctx as { nativeBinding?: string }).nativeBinding = missing;
      await api.call('reports.pdf', {});
      // … and stopped once idle: the next report needs a new worker, which fails on that binding
      await new Promise((r) => setTimeout(r, 1_000));
      await expect(api.call('reports.pdf', {})).rejects.toThrow(missing);
    } finally {
      await close();
      if (before === undefined) delete process.env.AOA_WORKER_IDLE_MS;
      else process.env.AOA_WORKER_IDLE_MS = before;
    }
  });
});
