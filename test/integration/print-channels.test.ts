import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { testBackend } from '../helpers/backend';
import { useTempDirs } from '../helpers/tmp';
import { pdfInfo, pdfText, qpdfCheck, renderFirstPage } from '../helpers/pdf';
import { seedCampaignsWithRosters, untilAssemblingPdf } from '../helpers/print-seed';
import { generateBattles } from '../../src-shared/reports';
import { stopReportWorker } from '../../src-main/backend/jobs/report-worker';
import { waitForJob } from '../../src-main/backend/jobs/job-manager';
import { startRosterBatch } from '../../src-main/backend/jobs/start-batch';

const tempDir = useTempDirs();
const pdfOf = (b64: string) => Buffer.from(b64, 'base64');

describe('print channels over a real ledger [issue 7]', () => {
  it('crib sheet follows an edited pack (acceptance 4) and carries club name and paper size', async () => {
    const { api, close } = await testBackend(tempDir());
    try {
      await api.call('settings.update', { clubName: 'Ash Hollow Wargamers', paperSize: 'LETTER' });
      const { version, pack } = await api.call('rulesets.get', {});
      const before = pdfOf((await api.call('print.cribSheet', { rulesetVersionId: version.id })).base64);
      qpdfCheck(before);
      const info = pdfInfo(before);
      expect(info.author).toBe('Ash Hollow Wargamers');
      expect(info.pageSize).toMatch(/612 x 792/);
      expect(info.pages).toBeLessThanOrEqual(2);
      const std = pack.cryptidRules.standardWounds;
      expect(pdfText(before)).toContain(`at ${Math.floor(std / 2)} Wounds or fewer left (of ${std})`);

      const edited = await api.call('rulesets.createVersion', {
        baseVersionId: version.id,
        pack: { ...pack, options: { ...pack.options, enragedThreshold: 'half-rounded-up' } },
        note: 'Enraged rounded up',
      });
      const after = pdfText(pdfOf((await api.call('print.cribSheet', { rulesetVersionId: edited.id })).base64));
      expect(after).toContain(`at ${Math.ceil(std / 2)} Wounds or fewer left (of ${std})`);
      expect(after).toContain(`ruleset version ${edited.version}`);
    } finally {
      await close();
    }
  });

  it('mission briefing for a campaign, and a clear error for an unknown province', async () => {
    const { api, close } = await testBackend(tempDir());
    try {
      const { campaignIds } = await seedCampaignsWithRosters(api, 1);
      const pdf = pdfOf((await api.call('print.briefing', { mission: 3, campaignId: campaignIds[0] })).base64);
      qpdfCheck(pdf);
      expect(pdfText(pdf)).toContain('a cryptid always appears');
      renderFirstPage(pdf, 'mission-briefing-3-campaign');
      await expect(api.call('print.briefing', { mission: 1, provinceId: 'nowhere' })).rejects.toMatchObject({ code: 'NOT_FOUND', path: ['provinceId'] });
      await expect(api.call('print.briefing', { mission: 6 } as never)).rejects.toMatchObject({ code: 'VALIDATION' });
    } finally {
      await close();
    }
  });

  it('reports: import battles, run with a faction filter, PDF and CSV', async () => {
    const { api, close } = await testBackend(tempDir());
    try {
      const battles = generateBattles({ count: 40, seed: 11 });
      expect((await api.call('reports.importBattles', { battles })).stored).toBe(40);
      const all = await api.call('reports.run', {});
      expect(all.report.games).toBe(40);
      const only = await api.call('reports.run', { factionIds: ['scattered'] });
      expect(only.report.games).toBe(battles.filter((b) => b.sides.some((s) => s.factionId === 'scattered')).length);
      const pdf = pdfOf((await api.call('reports.pdf', { factionIds: ['scattered'] })).base64);
      qpdfCheck(pdf);
      expect(pdfText(pdf)).toContain('Playtest report');
      const csv = await api.call('reports.csv', {});
      expect(csv.text.split('\r\n')[1]).toMatch(/^summary,all,,games,40,/);
      const behind = await api.call('reports.battles', { ids: only.report.battleIds.slice(0, 3) });
      expect(behind.map((b) => b.id)).toEqual(only.report.battleIds.slice(0, 3));
    } finally {
      await close();
    }
  });

  it('batch print of every roster of some campaigns in a worker: one PDF, or one file per roster', async () => {
    const { api, backend, close } = await testBackend(tempDir());
    try {
      const { campaignIds, rosterIds } = await seedCampaignsWithRosters(api, 3);
      const out = tempDir();
      const { jobId, total } = await startRosterBatch(backend.ctx, {
        scope: { kind: 'campaigns', campaignIds: campaignIds.slice(0, 2) },
        output: 'single',
        outDir: out,
        fileName: 'night.pdf',
      });
      expect(total).toBe(4);
      const done = await waitForJob(backend.ctx, jobId);
      expect(done.error ?? done.state).toBe('done');
      expect(done.outputs).toEqual([join(out, 'night.pdf')]);
      const pdf = readFileSync(join(out, 'night.pdf'));
      qpdfCheck(pdf);
      expect(pdfText(pdf)).toContain('Warband 1');
      renderFirstPage(pdf, 'batch-rosters');
      expect(readdirSync(out)).toEqual(['night.pdf']);
      const result = await api.call('print.jobResult', { jobId });
      expect(result.fileName).toBe('night.pdf');

      const dir = tempDir();
      const per = await startRosterBatch(backend.ctx, { scope: { kind: 'club' }, output: 'per-roster', outDir: dir });
      const s = await waitForJob(backend.ctx, per.jobId);
      expect(s.state).toBe('done');
      expect(readdirSync(dir).length).toBe(rosterIds.length);
      expect([...s.files].sort()).toEqual(readdirSync(dir).sort());

      // one file per roster comes back as data one at a time, by its number in the list
      const status = await api.call('print.jobStatus', { jobId: per.jobId });
      expect(status.files).toHaveLength(rosterIds.length);
      for (const [i, name] of status.files.entries()) {
        const file = await api.call('print.jobResult', { jobId: per.jobId, index: i });
        expect(file.fileName).toBe(name);
        expect(file.pages).toBeGreaterThanOrEqual(1);
        expect(pdfText(Buffer.from(file.base64, 'base64'))).toContain(
          name
            .replace(/\.pdf$/, '')
            .replace(/-/g, ' ')
            .split(' ')[0],
        );
      }
      await expect(api.call('print.jobResult', { jobId: per.jobId })).rejects.toMatchObject({ code: 'CONFLICT', path: ['index'] });
      await expect(api.call('print.jobResult', { jobId: per.jobId, index: rosterIds.length })).rejects.toMatchObject({ code: 'NOT_FOUND', path: ['index'] });
    } finally {
      await close();
    }
  });

  it('a cancelled batch leaves no file behind', async () => {
    const { api, backend, close } = await testBackend(tempDir());
    try {
      await seedCampaignsWithRosters(api, 6);
      const out = tempDir();
      const { jobId } = await startRosterBatch(backend.ctx, { scope: { kind: 'club' }, output: 'single', outDir: out });
      const status = await api.call('print.cancelJob', { jobId });
      expect(status.state).toBe('cancelled');
      expect((await waitForJob(backend.ctx, jobId)).state).toBe('cancelled');
      expect(readdirSync(out)).toEqual([]);
      expect(existsSync(join(out, 'rosters.pdf'))).toBe(false);
      await expect(api.call('print.jobResult', { jobId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      await close();
    }
  });

  it('a batch cancelled while it assembles the one PDF is stopped and leaves nothing behind', async () => {
    const { api, backend, close } = await testBackend(tempDir());
    try {
      await seedCampaignsWithRosters(api, 8, { full: true });
      const out = tempDir();
      const { jobId, total } = await startRosterBatch(backend.ctx, { scope: { kind: 'club' }, output: 'single', outDir: out });
      expect(await untilAssemblingPdf(api, jobId)).toMatchObject({ state: 'running', done: total });
      expect((await api.call('print.cancelJob', { jobId })).state).toBe('cancelled');
      expect((await waitForJob(backend.ctx, jobId)).state).toBe('cancelled');
      expect(readdirSync(out)).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('the print workers open the ledger as the backend does', () => {
  it('with the backend’s own SQLite binding, the one the Electron build ships', async () => {
    const { api, backend, close } = await testBackend(tempDir());
    try {
      await seedCampaignsWithRosters(api, 1);
      await api.call('reports.importBattles', { battles: generateBattles({ count: 5, seed: 3 }) });
      // Node's binding does not load in Electron: a worker that opened its own would fail only in the app. A binding
      // path that names nothing shows which one each worker takes.
      const missing = join(tempDir(), 'electron', 'better_sqlite3.node');
      (backend.ctx as { nativeBinding?: string }).nativeBinding = missing;
      const batch = await startRosterBatch(backend.ctx, { scope: { kind: 'club' }, output: 'single', outDir: tempDir() });
      const failed = await waitForJob(backend.ctx, batch.jobId);
      expect(failed.state).toBe('failed');
      expect(failed.error).toContain(missing);
      await expect(api.call('reports.pdf', {})).rejects.toThrow(missing);
    } finally {
      await close();
    }
  });

  it('the CSV and the Reports screen’s figures are built there too, off the backend’s thread (seconds of SQL over a large club)', async () => {
    const { api, backend, close } = await testBackend(tempDir());
    try {
      await api.call('reports.importBattles', { battles: generateBattles({ count: 5, seed: 3 }) });
      const csv = await api.call('reports.csv', {});
      expect(csv.text.split('\n').length).toBeGreaterThan(10);
      expect((await api.call('reports.figures', {})).report.games).toBe(5);
      // a worker that cannot load the binding fails the CSV: built on the backend's thread, it would not notice
      const missing = join(tempDir(), 'electron', 'better_sqlite3.node');
      (backend.ctx as { nativeBinding?: string }).nativeBinding = missing;
      stopReportWorker(backend.ctx);
      await expect(api.call('reports.csv', {})).rejects.toThrow(missing);
      await expect(api.call('reports.figures', {})).rejects.toThrow(missing);
    } finally {
      await close();
    }
  });
});

describe('batch printing over IPC', () => {
  it('writes only inside the data folder and hands the PDF back as data for the user to save', async () => {
    const dataDir = tempDir();
    const { api, backend, close } = await testBackend(dataDir);
    try {
      await seedCampaignsWithRosters(api, 1);
      // a name that climbs out of the folder is refused at the door, saying so (issue 33's text policy)
      await expect(api.call('print.startBatch', { scope: { kind: 'club' }, output: 'single', fileName: '../../escape.pdf' })).rejects.toMatchObject({
        code: 'VALIDATION',
        message: expect.stringContaining('without a folder'),
      });
      const { jobId } = await api.call('print.startBatch', { scope: { kind: 'club' }, output: 'single', fileName: 'club night.pdf' });
      const done = await waitForJob(backend.ctx, jobId);
      expect(done.state).toBe('done');
      for (const f of done.outputs) expect(f.startsWith(join(dataDir, 'prints'))).toBe(true);
      const result = await api.call('print.jobResult', { jobId });
      expect(result.fileName).toBe('club night.pdf');
      expect(Buffer.from(result.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
      await expect(api.call('print.startBatch', { scope: { kind: 'club' }, output: 'single', outDir: '/tmp' } as never)).rejects.toMatchObject({
        code: 'VALIDATION',
      });
    } finally {
      await close();
    }
  });
});
