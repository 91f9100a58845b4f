import { describe, expect, it } from 'vitest';
import { buildReport, generateBattles } from '../../src-shared/reports';
import { buildPlaytestReport } from '../../templates/playtest-report';
import { renderPdf } from '../../src-main/backend/pdf';
import { barChartSvg } from '../../src-main/backend/pdf/svg-charts';
import { pdfText, qpdfCheck, renderFirstPage } from '../helpers/pdf';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const battles = generateBattles({ count: 60, seed: 3 });
battles[0]!.disputes = [{ ruleRef: 'AMB-12', note: 'Steady Fire on one die or all', round: 2 }];

describe('playtest report PDF [issue 7, point 2]', () => {
  it('prints the figures, the charts as vector graphics, the disputed rulings and the battle-id appendix', async () => {
    const report = buildReport(battles);
    const doc = buildPlaytestReport({ report, scope: 'Whole club', names: { 'crowned-marches': 'The Crowned Marches' } });
    const pdf = await renderPdf(doc.body, { paperSize: 'A4', title: doc.title, author: 'Ash Hollow', footer: { rulesetLabel: 'Age of Ash · rules 2.4', provisional: false, nonStandard: report.sequences.alternating > 0 } });
    qpdfCheck(pdf);
    const text = pdfText(pdf);
    expect(text).toContain('Playtest report');
    expect(text).toContain('The Crowned Marches');
    const cm = report.byFaction.find((f) => f.factionId === 'crowned-marches')!;
    expect(text).toMatch(new RegExp(`The Crowned Marches\\s+${cm.games}\\s+${cm.wins}\\s+${cm.draws}\\s+${cm.losses}`));
    expect(text).toContain(`All battles: ${report.woundTotals.ranged} ranged, ${report.woundTotals.melee} melee.`);
    expect(text).toMatch(/AMB-12\s+\d+\s+Steady Fire on one die or all/);
    expect(text).toContain('Appendix: battles in this report');
    for (const id of report.battleIds) expect(text).toContain(id);
    // the module was used in some battles: printed as non-standard
    expect(report.sequences.alternating).toBeGreaterThan(0);
    expect(text).toContain('non-standard');
    renderFirstPage(pdf, 'playtest-report');
    // vector, not raster: the file has no image XObjects
    const dir = mkdtempSync(join(tmpdir(), 'aoa-img-'));
    writeFileSync(join(dir, 'r.pdf'), pdf);
    const images = execFileSync('pdfimages', ['-list', join(dir, 'r.pdf')], { encoding: 'utf8' }).trim().split('\n');
    expect(images.length).toBe(2); // the header lines only
  });

  it('says so when nothing matches', async () => {
    const doc = buildPlaytestReport({ report: buildReport([]), scope: 'Nothing' });
    const text = pdfText(await renderPdf(doc.body, { paperSize: 'LETTER', title: 't', author: 'a', footer: { rulesetLabel: 'x', provisional: false, nonStandard: false } }));
    expect(text).toContain('No finished battles match this selection.');
  });

  it('bar heights are proportional to the values', () => {
    const svg = barChartSvg([{ label: 'A', values: [2] }, { label: 'B', values: [4] }], [{ name: 'Wins', color: '#000' }], { width: 200, height: 100 });
    const heights = [...svg.matchAll(/<rect [^>]*height="([\d.]+)" fill="#000"/g)].map((m) => Number(m[1]));
    expect(heights.length).toBeGreaterThanOrEqual(2);
    expect(heights[1]! / heights[0]!).toBeCloseTo(2, 5);
  });
});
