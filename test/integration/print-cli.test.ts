import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src-main/cli/program';
import { generateBattles } from '../../src-shared/reports';
import { testBackend } from '../helpers/backend';
import { pdfText, qpdfCheck } from '../helpers/pdf';
import { seedCampaignsWithRosters } from '../helpers/print-seed';
import { captureIo as io } from '../helpers/cli-io';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

describe('CLI print commands [issue 7, point 5]', () => {
  it('print crib, briefing, report and rosters write valid PDFs; bad usage exits 2; an existing file is refused with 1', async () => {
    const data = tmp();
    const outDir = tmp();
    const seeded = await (async () => {
      const { api, close } = await testBackend(data);
      try {
        await api.call('reports.importBattles', { battles: generateBattles({ count: 30, seed: 2 }) });
        return await seedCampaignsWithRosters(api, 2);
      } finally {
        await close();
      }
    })();

    const crib = join(outDir, 'crib.pdf');
    expect(await runCli(['--data-dir', data, 'print', 'crib', '--out', crib], io().io)).toBe(0);
    qpdfCheck(readFileSync(crib));
    expect(pdfText(readFileSync(crib))).toContain('Field Manual crib sheet');
    const again = io();
    expect(await runCli(['--data-dir', data, 'print', 'crib', '--out', crib], again.io)).toBe(1);
    expect(again.err.join('')).toMatch(/already exists/);

    const brief = join(outDir, 'm3.pdf');
    expect(await runCli(['--data-dir', data, 'print', 'briefing', '--mission', '3', '--out', brief], io().io)).toBe(0);
    expect(pdfText(readFileSync(brief))).toContain('Mission 3');
    // a province's own variant of a mission (issue 17): the bundled pack's Saltmarsh Coast plays Mission 1 as Wreck Salvage
    const variant = join(outDir, 'm1-salvage.pdf');
    const args = ['print', 'briefing', '--mission', '1', '--province', 'saltmarsh-coast', '--variant', 'saltmarsh-wreck-salvage'];
    expect(await runCli(['--data-dir', data, ...args, '--out', variant], io().io)).toBe(0);
    expect(pdfText(readFileSync(variant)).replace(/\s+/g, ' ')).toContain('Wreck Salvage, The Saltmarsh Coast’s variant');
    const bad = io();
    expect(await runCli(['--data-dir', data, 'print', 'briefing', '--mission', '9'], bad.io)).toBe(2);
    expect(bad.err.join('')).toMatch(/1 to 5/);

    const report = join(outDir, 'report.pdf');
    expect(await runCli(['--data-dir', data, 'print', 'report', '--from', '2026-01-01', '--to', '2026-12-31', '--out', report], io().io)).toBe(0);
    expect(pdfText(readFileSync(report))).toContain('Playtest report');
    const csv = join(outDir, 'report.csv');
    expect(await runCli(['--data-dir', data, 'print', 'report', '--out', csv], io().io)).toBe(0);
    expect(readFileSync(csv, 'utf8')).toMatch(/^section,subject/);
    expect(await runCli(['--data-dir', data, 'print', 'report', '--from', '30/11/2026', '--out', join(outDir, 'x.pdf')], io().io)).toBe(2);

    const one = join(outDir, 'event.pdf');
    const r = io();
    expect(await runCli(['--data-dir', data, '--json', 'print', 'rosters', '--campaign', seeded.campaignIds[0]!, '--out', one], r.io)).toBe(0);
    expect(JSON.parse(r.out.join(''))).toEqual({ files: [one], rosters: 2 });
    qpdfCheck(readFileSync(one));
    const dir = join(outDir, 'sheets');
    expect(await runCli(['--data-dir', data, 'print', 'rosters', '--all', '--out', dir], io().io)).toBe(0);
    expect(readdirSync(dir).length).toBe(seeded.rosterIds.length);
    expect(await runCli(['--data-dir', data, 'print', 'rosters', '--out', dir], io().io)).toBe(2);
    expect(existsSync(join(outDir, 'x.pdf'))).toBe(false);
  });
});
