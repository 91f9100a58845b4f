import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildReport, generateBattles, type ReportFilter } from '../../src-shared/reports';
import { sqlReport } from '../../src-main/backend/db/tables/report-query.repo';
import { loadReportBattles } from '../../src-main/backend/reports/played-battles';
import { testBackend } from '../helpers/backend';
import { useTempDirs } from '../helpers/tmp';
import { DIALECTS, ledgerPlace } from '../helpers/dialects';
import { awkwardBattles, reportFilterArb as filterArb } from '../helpers/report-battles';

const tempDir = useTempDirs();
describe.each(DIALECTS)('the playtest report in SQL equals buildReport over the loaded battles (%s)', (dialect) => {
  it('for the whole club and for many filters, on a real SQLite file', async () => {
    const t = await testBackend(await ledgerPlace(dialect, tempDir()));
    try {
      await t.api.call('reports.importBattles', { battles: awkwardBattles() });
      const db = t.backend.ctx.db;
      const check = async (f: ReportFilter) => {
        expect(await sqlReport(db, f)).toEqual(buildReport(await loadReportBattles(db, f), f));
      };
      await check({});
      // results by ruling: every generated campaign's rulings and the awkward one, each with its battles beside the default's
      expect((await sqlReport(db)).byRuling.map((r) => r.ruling)).toEqual(['explosionSaves=saves-allowed', 'latchRout=true', 'steadyFire=whole-pool']);
      // the players' ratings: counted from battle_ratings as the records carried them, a side that rated nothing left out
      const { ratings } = await sqlReport(db);
      expect(ratings.sides).toBeGreaterThan(50);
      expect(ratings.fun.n).toBeGreaterThan(0);
      expect(ratings.clarity.n).toBeGreaterThan(0);
      expect(ratings.confusingRules.map((c) => c.rule).sort()).toEqual(['Rule 0', 'Rule 1', 'Rule 2']);
      await fc.assert(fc.asyncProperty(filterArb, check), { numRuns: 80, seed: 7 });
    } finally {
      await t.close();
    }
  });

  it("the appendix's ids: the report's first battles and every ruling's battles, no other list", async () => {
    const t = await testBackend(await ledgerPlace(dialect, tempDir()));
    try {
      await t.api.call('reports.importBattles', { battles: awkwardBattles() });
      const db = t.backend.ctx.db;
      const full = await sqlReport(db);
      const appendix = await sqlReport(db, {}, { kind: 'appendix', limit: 25 });
      expect(appendix.battleIds).toEqual(full.battleIds.slice(0, 25));
      expect(appendix.disputes).toEqual(full.disputes);
      expect(appendix.byFaction.every((f) => f.battleIds.length === 0)).toBe(true);
      expect({ ...appendix, battleIds: [], disputes: [] }).toEqual({ ...full, battleIds: [], disputes: [], ...withoutIds(full) });
    } finally {
      await t.close();
    }
  });

  it('facts stored before migration 0010 are filled when the ledger is opened', async () => {
    const dir = await ledgerPlace(dialect, tempDir());
    const battles = generateBattles({ count: 30, seed: 4 });
    let t = await testBackend(dir);
    await t.api.call('reports.importBattles', { battles });
    const before = await sqlReport(t.backend.ctx.db);
    // as a ledger migrated from 0009 has them: records, no facts
    await t.backend.ctx.db.deleteFrom('report_battles').execute();
    expect((await sqlReport(t.backend.ctx.db)).games).toBe(0);
    await t.close();
    t = await testBackend(dir);
    try {
      expect(await sqlReport(t.backend.ctx.db)).toEqual(before);
    } finally {
      await t.close();
    }
  });
});

function withoutIds(r: Awaited<ReturnType<typeof sqlReport>>) {
  const none = <T extends { battleIds: string[] }>(x: T) => ({ ...x, battleIds: [] });
  return {
    byFaction: r.byFaction.map(none),
    matchups: r.matchups.map(none),
    wounds: r.wounds.map(none),
    usage: r.usage.map(none),
    uncloak: r.uncloak.map(none),
    cryptid: none(r.cryptid),
    storm: none(r.storm),
    byRuling: r.byRuling.map(none),
  };
}
