import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildReport, generateBattles, type PlaytestBattle, type ReportFilter } from '../../src-shared/reports';
import { sqlReport } from '../../src-main/backend/db/tables/report-query.repo';
import { loadReportBattles } from '../../src-main/backend/reports/played-battles';
import { testBackend } from '../helpers/backend';
import { useTempDirs } from '../helpers/tmp';
import { DIALECTS, ledgerPlace } from '../helpers/dialects';

const tempDir = useTempDirs();
const FACTIONS = ['ash', 'Bone', 'cinder', 'dusk'];

/** Generated battles bent into the corners the schema allows, so the SQL has to agree on more than the generator's shapes. */
function awkwardBattles(): PlaytestBattle[] {
  return generateBattles({ count: 240, seed: 9, factions: FACTIONS, campaigns: 7 }).map((b, i) => {
    const x: PlaytestBattle = structuredClone(b);
    if (i % 7 === 0) x.id = `B-${i}`; // upper case sorts before lower case
    if (i % 11 === 0) x.playedAt = b.playedAt.slice(0, 10); // a date without a time
    if (i % 13 === 0) x.playedAt = new Date(Date.parse('2026-01-05T19:00:00Z') + (i % 3) * 3_600_000).toISOString(); // same times, ids decide
    if (i % 9 === 0) x.roundSeconds = [];
    if (i % 10 === 1) x.roundSeconds = x.roundSeconds.slice(0, 3).map((s) => s + 0.5);
    if (i % 8 === 0) x.campaignId = null;
    if (i % 12 === 0) x.mission = null;
    if (i % 6 === 0) x.sides[1].factionId = x.sides[0].factionId; // a mirror match
    if (i % 5 === 0) x.sides[0].wounds = [...x.sides[0].wounds.slice(0, 2), { unitType: 'core', ranged: 0, melee: 0 }];
    if (i % 4 === 0) x.sides[1].wounds = [];
    if (i % 3 === 0) x.sides[0].orders = { ...x.sides[0].orders, unused: 0 };
    if (i % 14 === 0) x.sides[1].uncloakRounds = [3, 3, 2];
    if (i % 15 === 0) x.sides[0].formations = [];
    if (x.cryptid && i % 4 === 1) x.cryptid = { ...x.cryptid, woundsDealt: null };
    if (i % 17 === 0) x.storm = { round: 3, woundsDealt: 2 };
    if (i % 16 === 3) x.rulings = [...x.rulings, 'latchRout=true', 'latchRout=true']; // a ruling named twice counts once
    if (i % 2 === 0)
      x.disputes = [
        { ruleRef: `R-${i % 3}`, note: i % 6 === 0 ? '' : `note ${i % 23}`, round: null },
        { ruleRef: `R-${i % 3}`, note: `note ${i % 19}`, round: 1 },
      ];
    return x;
  });
}

const filterArb: fc.Arbitrary<ReportFilter> = fc.record(
  {
    campaignIds: fc.uniqueArray(fc.constantFrom('c-001', 'c-002', 'c-003', 'c-005', 'c-404'), { maxLength: 3 }),
    from: fc.constantFrom('2026-01-05', '2026-02-01', '2026-03-10', '2027-01-01'),
    to: fc.constantFrom('2026-01-05', '2026-02-20', '2026-04-01'),
    factionIds: fc.uniqueArray(fc.constantFrom(...FACTIONS, 'nobody'), { maxLength: 2 }),
    missions: fc.uniqueArray(fc.integer({ min: 1, max: 5 }), { maxLength: 3 }),
  },
  { requiredKeys: [] },
);

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
