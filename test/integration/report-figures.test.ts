import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildReport, figuresOf, tracedIds, type PlaytestReport, type ReportFilter, type ReportTrace } from '../../src-shared/reports';
import { loadReportBattles } from '../../src-main/backend/reports/played-battles';
import { testBackend } from '../helpers/backend';
import { useTempDirs } from '../helpers/tmp';
import { DIALECTS, ledgerPlace } from '../helpers/dialects';
import { awkwardBattles, reportFilterArb } from '../helpers/report-battles';

const tempDir = useTempDirs();

/** Every figure of a full report a user can open, as the screen names it. */
function everyTrace(r: PlaytestReport): ReportTrace[] {
  return [
    ...r.byFaction.map((f) => ({ kind: 'faction' as const, factionId: f.factionId })),
    ...r.matchups.map((m) => ({ kind: 'matchup' as const, factionA: m.factionA, factionB: m.factionB })),
    ...r.wounds.map((w) => ({ kind: 'wounds' as const, factionId: w.factionId, unitType: w.unitType })),
    ...r.usage.map((u) => ({ kind: 'usage' as const, usageKind: u.kind, id: u.id })),
    ...r.uncloak.map((u) => ({ kind: 'uncloak' as const, round: u.round })),
    { kind: 'cryptid' as const },
    { kind: 'storm' as const },
    ...r.disputes.map((d) => ({ kind: 'dispute' as const, ruleRef: d.ruleRef })),
    ...r.byRuling.map((x) => ({ kind: 'ruling' as const, ruling: x.ruling })),
  ];
}

describe.each(DIALECTS)("the screen's report: figures with counts, and each figure's battles a page at a time (%s)", (dialect) => {
  // one club of awkward battles for the two tests that only read it (each imported its 240 battles into a ledger of its own)
  const dataDir = mkdtempSync(join(tmpdir(), 'aoa-test-'));
  let t: Awaited<ReturnType<typeof testBackend>>;
  beforeAll(async () => {
    t = await testBackend(await ledgerPlace(dialect, dataDir));
    await t.api.call('reports.importBattles', { battles: awkwardBattles() });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the figures are the full report with each list of ids replaced by its length, for the whole club and many filters', async () => {
    const db = t.backend.ctx.db;
    const check = async (f: ReportFilter) => {
      const { report } = await t.api.call('reports.figures', f);
      expect(report).toEqual(figuresOf(buildReport(await loadReportBattles(db, f), f)));
    };
    await check({});
    // a mirror match's two sides are one battle behind its faction's row and its wounds rows
    const oracle = buildReport(await loadReportBattles(db));
    const mirrored = oracle.byFaction.find((f) => f.battleIds.length < f.games)!;
    expect(mirrored).toBeDefined();
    const { report } = await t.api.call('reports.figures', {});
    expect(report.byFaction.find((f) => f.factionId === mirrored.factionId)).toMatchObject({ games: mirrored.games, battleCount: mirrored.battleIds.length });
    await fc.assert(fc.asyncProperty(reportFilterArb, check), { numRuns: 30, seed: 11 });
  });

  it('every figure opens to the battles behind it in the order they were played, page by page, with how many there are', async () => {
    const db = t.backend.ctx.db;
    for (const filter of [{}, { factionIds: ['cinder'], from: '2026-02-01' }] satisfies ReportFilter[]) {
      const oracle = buildReport(await loadReportBattles(db, filter), filter);
      const traces = everyTrace(oracle);
      expect(traces.length).toBeGreaterThan(20);
      for (const trace of traces) {
        const ids = tracedIds(oracle, trace);
        const first = await t.api.call('reports.trace', { filter, trace });
        expect({ trace, total: first.total, ids: first.battles.map((b) => b.id) }).toEqual({ trace, total: ids.length, ids: ids.slice(0, 50) });
      }
      // the longest list, read in pages of 7, is the whole list once
      const longest = traces.reduce((a, b) => (tracedIds(oracle, b).length > tracedIds(oracle, a).length ? b : a));
      const paged: string[] = [];
      for (let offset = 0; ; offset += 7) {
        const page = await t.api.call('reports.trace', { filter, trace: longest, offset, limit: 7 });
        if (!page.battles.length) break;
        paged.push(...page.battles.map((b) => b.id));
      }
      expect(paged).toEqual(tracedIds(oracle, longest));
      expect(paged.length).toBeGreaterThan(50);
    }
    // a figure the report does not have has no battles
    expect(await t.api.call('reports.trace', { filter: {}, trace: { kind: 'faction', factionId: 'nobody' } })).toEqual({ total: 0, battles: [] });
  });

  it('refuses a page larger than the screen asks for and a figure of an unknown kind as invalid requests', async () => {
    const t = await testBackend(await ledgerPlace(dialect, tempDir()));
    try {
      await expect(t.api.call('reports.trace', { filter: {}, trace: { kind: 'cryptid' }, limit: 501 })).rejects.toMatchObject({ code: 'VALIDATION' });
      await expect(t.api.call('reports.trace', { filter: {}, trace: { kind: 'weather' } as never })).rejects.toMatchObject({ code: 'VALIDATION' });
    } finally {
      await t.close();
    }
  });
});
