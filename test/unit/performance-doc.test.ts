import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  benchCases,
  casesOfSource,
  formatMs,
  formatRatio,
  mergeFigures,
  performanceSection,
  sectionOf,
  withPerformanceSection,
  type BenchRun,
  type Figures,
} from '../bench/performance-doc';

// docs/PERFORMANCE.md's table is generated from docs/performance/figures.json (issue 43): it fails here until
// `npm run docs:performance` writes it again, and every bench case must say what bounds it and have a row.
const ROOT = join(__dirname, '../..');
const cases = benchCases(join(ROOT, 'test/bench'));
const figures = JSON.parse(readFileSync(join(ROOT, 'docs/performance/figures.json'), 'utf8')) as Figures;
const doc = readFileSync(join(ROOT, 'docs/PERFORMANCE.md'), 'utf8');

describe('docs/PERFORMANCE.md', () => {
  it('holds the table figures.json generates (npm run docs:performance writes it)', () => {
    expect(sectionOf(doc), 'the performance markers').not.toBeNull();
    expect(sectionOf(doc)).toBe(performanceSection(figures));
  });

  it('reads every bench case from the sources, factories once per call', () => {
    const names = cases.map((c) => c.name);
    expect(names).toContain('validate a maximal roster (37 models)');
    expect(names).toContain('desk: import 200 bundles of 500 battles (100,000) on SQLite');
    expect(names).toContain('desk: import 200 bundles of 500 battles (100,000) on PostgreSQL');
    expect(names).toContain('playtest report over 100,000 stored battles, cold (reports.pdf: SQL figures, Vega charts, PDF, in the print worker)');
    expect(names).toContain('club night: 20 phones on 10 battles, 5 taps each as fast as replies come, through the LAN listener');
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(cases.map((c) => [c.name, c]))('%s says what bounds it', (_, c) => {
    expect(c.bound, `${c.file}: a bound sentence`).toMatch(/\w{3,}/);
  });

  it.each(cases.map((c) => [c.name, c]))('%s has a row in figures.json with its bound, target and baseline', (name, c) => {
    const row = figures[name];
    expect(row, 'run npm run docs:performance').toBeDefined();
    expect({ bound: row!.bound, targetMs: row!.targetMs, maxRatio: row!.maxRatio, baselineName: row!.baselineName }).toEqual({
      bound: c.bound,
      targetMs: c.targetMs,
      maxRatio: c.maxRatio,
      baselineName: c.baselineName,
    });
  });

  it('keeps no row for a case that is gone, and dates every measured one', () => {
    expect(Object.keys(figures).sort()).toEqual(cases.map((c) => c.name).sort());
    for (const [name, row] of Object.entries(figures))
      if (row.ms !== null || row.recorded)
        expect([name, row.source, row.date ?? row.note]).toEqual([name, expect.stringMatching(/bench|transcribed/), expect.any(String)]);
  });
});

describe('the performance doc generator', () => {
  const source = `
    const N = 1_000;
    function sized(kind: 'a' | 'b', bound: string) {
      return { name: \`work on \${N.toLocaleString('en')} \${kind === 'a' ? 'rows' : 'files'}\`, targetMs: 5, bound, baseline: { name: 'plain', fn: () => 0 } };
    }
    export const benches = [sized('a', 'the rows'), sized('b', 'the files'), { name: 'odd one', targetMs: 2_000, stat: 'total', maxRatio: 0.4 }];
  `;
  const parsed = casesOfSource('x.bench.ts', source);

  it('follows a factory to its calls, and finds a case without a bound', () => {
    expect(parsed).toEqual([
      { file: 'x.bench.ts', name: 'work on 1,000 rows', bound: 'the rows', targetMs: 5, maxRatio: null, stat: 'median', baselineName: 'plain' },
      { file: 'x.bench.ts', name: 'work on 1,000 files', bound: 'the files', targetMs: 5, maxRatio: null, stat: 'median', baselineName: 'plain' },
      { file: 'x.bench.ts', name: 'odd one', bound: null, targetMs: 2000, maxRatio: 0.4, stat: 'total', baselineName: null },
    ]);
  });

  const run: BenchRun = {
    at: '2026-12-07T05:00:00.000Z',
    machine: { cpu: 'AMD EPYC', cores: 2, node: 'v20.20.2', platform: 'linux x64' },
    results: [
      { file: 'x.bench.ts', name: 'work on 1,000 rows', stat: 'median', ms: 4, baselineMs: 2, ratio: 2, pass: true },
      { file: 'x.bench.ts', name: 'odd one', stat: 'total', ms: null, ratio: null, pass: false, error: 'boom' },
    ],
  };
  const former: Figures = {
    'work on 1,000 files': { ...mergeFigures({}, parsed, null)['work on 1,000 files']!, ms: 9, machine: 'old', date: '2026-12-01', source: 'transcribed' },
    'gone case': { ...mergeFigures({}, parsed, null)['odd one']!, ms: 1 },
  };
  const merged = mergeFigures(former, parsed, run);

  it('a run replaces only the figures it measured; a failed or absent one keeps its row; a gone case loses it', () => {
    expect(merged['work on 1,000 rows']).toMatchObject({
      ms: 4,
      baselineMs: 2,
      ratio: 2,
      pass: true,
      machine: 'AMD EPYC, 2 cores, Node 20.20.2',
      date: '2026-12-07',
      source: 'bench',
    });
    expect(merged['work on 1,000 files']).toMatchObject({ ms: 9, machine: 'old', date: '2026-12-01', source: 'transcribed', bound: 'the files' });
    expect(merged['odd one']).toMatchObject({ ms: null, source: null, date: null });
    expect(Object.keys(merged)).toEqual(['work on 1,000 rows', 'work on 1,000 files', 'odd one']);
  });

  it('writes a row per figure and a bound line per figure between the markers, keeping the rest of the doc', () => {
    const section = performanceSection(merged);
    expect(section).toMatch(/^\| work on 1,000 rows +\| 4 ms +\| < 5 ms +\| 2 ms +\| ×2\.0 +\| AMD EPYC, 2 cores, Node 20\.20\.2 +\| 2026-12-07 +\| yes +\|$/m);
    expect(section).toMatch(/^\| work on 1,000 files +\| 9 ms +\| < 5 ms +\| — +\| +\| old +\| 2026-12-01 \(transcribed\) +\| +\|$/m);
    expect(section).toContain('- **work on 1,000 files**: bounded by the files. Baseline: plain.');
    const before = `# P\n\nintro\n\n${performanceSection({})}\n\nafter\n`;
    expect(withPerformanceSection(before, section)).toBe(`# P\n\nintro\n\n${section}\n\nafter\n`);
  });

  it('shows times and ratios as a reader reads them', () => {
    expect([formatMs(0.012), formatMs(30), formatMs(373.4), formatMs(3200), formatMs(51_000)]).toEqual(['0.01 ms', '30 ms', '373 ms', '3.2 s', '51 s']);
    expect([formatRatio(11.8), formatRatio(0.82), formatRatio(0.06)]).toEqual(['×11.8', '×0.82', '×0.06']);
  });
});
