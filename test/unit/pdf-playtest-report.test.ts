import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildReport, generateBattles, shortenIds, shortIdLength } from '../../src-shared/reports';
import { buildPlaytestReport } from '../../templates/playtest-report';
import { renderPdf } from '../../src-main/backend/pdf';
import { factionResultsSpec, playtestReportCharts, renderChartSvg, roundTimesSpec } from '../../src-main/backend/pdf/vega-charts';
import { pdfInfo, pdfText, qpdfCheck, renderFirstPage } from '../helpers/pdf';

const battles = generateBattles({ count: 60, seed: 3 });
battles[0]!.disputes = [{ ruleRef: 'AMB-12', note: 'Steady Fire on one die or all', round: 2 }];
const footer = (nonStandard: boolean) => ({ rulesetLabel: 'Age of Ash · rules 2.4', provisional: false, nonStandard });

/** The image XObjects and the path-painting operators of a PDF, from qpdf's uncompressed form. */
function pdfGraphics(pdf: Buffer): { images: number; filledPaths: number } {
  const dir = mkdtempSync(join(tmpdir(), 'aoa-vec-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    execFileSync('qpdf', ['--qdf', '--object-streams=disable', join(dir, 'in.pdf'), join(dir, 'out.pdf')]);
    const images =
      execFileSync('pdfimages', ['-list', join(dir, 'in.pdf')], { encoding: 'utf8' })
        .trim()
        .split('\n').length - 2;
    const raw = execFileSync('cat', [join(dir, 'out.pdf')], { encoding: 'latin1', maxBuffer: 64 * 1024 * 1024 });
    // "re" rectangles and "f" fills: Vega's bars are filled paths
    const filledPaths = (raw.match(/\bre\s*\n?\s*f\b|\bh\s*\n?\s*f\b|\s f\n/g) ?? []).length;
    return { images, filledPaths };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('playtest report PDF [issue 7, point 2]', () => {
  it('prints the figures, Vega charts as vector graphics, the disputed rulings and the battle-id appendix', async () => {
    const report = buildReport(battles);
    const names = { 'crowned-marches': 'The Crowned Marches' };
    const charts = await playtestReportCharts(report, (id) => names[id as keyof typeof names] ?? id);
    const doc = buildPlaytestReport({ report, scope: 'Whole club', names, charts });
    const pdf = await renderPdf(doc.body, { paperSize: 'A4', title: doc.title, author: 'Ash Hollow', footer: footer(report.sequences.alternating > 0) });
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
    // the chart's own words (legend, axis title) are text in the PDF, not pixels
    expect(text).toContain('Losses');
    expect(text).toContain('mean minutes');
    // the module was used in some battles: printed as non-standard
    expect(report.sequences.alternating).toBeGreaterThan(0);
    expect(text).toContain('non-standard');
    // embedded fonts only, also for the chart text (Vega asks for Roboto)
    const fonts = pdfInfo(pdf).fonts.split('\n').slice(2).filter(Boolean);
    expect(fonts.length).toBeGreaterThan(0);
    for (const line of fonts) expect(line).toMatch(/Roboto.*\byes\b/);
    renderFirstPage(pdf, 'playtest-report');
    // vector, not raster: no image at all, and the bars are filled paths
    const g = pdfGraphics(pdf);
    expect(g.images).toBe(0);
    expect(g.filledPaths).toBeGreaterThan(report.byFaction.length * 3);
  });

  it('says so when nothing matches', async () => {
    const doc = buildPlaytestReport({ report: buildReport([]), scope: 'Nothing' });
    const text = pdfText(await renderPdf(doc.body, { paperSize: 'LETTER', title: 't', author: 'a', footer: footer(false) }));
    expect(text).toContain('No finished battles match this selection.');
  });
});

describe('Vega charts of the report', () => {
  const report = buildReport(generateBattles({ count: 40, seed: 11, factions: ['ash', 'bone', 'cinder'] }));

  it('one bar per faction and result, heights proportional to the games', async () => {
    const svg = await renderChartSvg(factionResultsSpec(report, (id) => id.toUpperCase()));
    expect(svg.startsWith('<svg')).toBe(true);
    for (const f of ['ASH', 'BONE', 'CINDER']) expect(svg).toContain(`>${f}</text>`);
    // Vega draws each bar as a path "M x,y h w v height h -w Z" labelled with its datum
    const bars = [
      ...svg.matchAll(
        /<path aria-label="faction: (\w+); games: (\d+); result: (\w+)"[^>]*aria-roledescription="bar" d="M[\d.-]+,[\d.-]+h[\d.]+v([\d.]+)h-[\d.]+Z" fill="(#[0-9a-f]{6})"/g,
      ),
    ].map((m) => ({
      faction: m[1]!.toLowerCase(),
      games: Number(m[2]),
      result: m[3]!,
      h: Number(m[4]),
      fill: m[5],
    }));
    const expected = report.byFaction.flatMap((f) => [
      { faction: f.factionId, result: 'Wins', games: f.wins, fill: '#2f9e44' },
      { faction: f.factionId, result: 'Draws', games: f.draws, fill: '#868e96' },
      { faction: f.factionId, result: 'Losses', games: f.losses, fill: '#e03131' },
    ]);
    expect(bars.map(({ faction, result, games, fill }) => ({ faction, result, games, fill }))).toEqual(expected);
    const perGame = bars[0]!.h / bars[0]!.games;
    for (const b of bars) expect(b.h).toBeCloseTo(b.games * perGame, 3);
  });

  it('time per round: one bar per round with its minutes printed on it', async () => {
    const svg = await renderChartSvg(roundTimesSpec(report));
    for (const t of report.roundTimes) {
      expect(svg).toContain(`>Round ${t.round}</text>`);
      expect(svg).toContain(`>${(Math.round((t.meanSeconds / 60) * 10) / 10).toFixed(1)}</text>`);
    }
  });
});

describe('shortened battle ids in the appendix', () => {
  it.each([
    { ids: ['0a037c7f-1e27', '0a037c7f-9b0e', 'ffff0000-0000'], length: 10 },
    { ids: ['b-00001', 'b-00002'], length: 8 },
    { ids: ['b-1', 'b-10', 'b-100000000'], length: 8 },
    { ids: ['same-prefix-aaaa1', 'same-prefix-aaaa2'], length: 17 },
  ])('$ids → one length ($length) at which every id stays distinct', ({ ids, length }) => {
    expect(shortIdLength(ids)).toBe(length);
    const short = shortenIds(ids).ids;
    expect(new Set(short).size).toBe(ids.length);
    short.forEach((s, i) => expect(ids[i]!.startsWith(s)).toBe(true));
  });
});
