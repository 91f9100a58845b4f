import { Kysely, SqliteDialect, type CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { campaignPage, listCampaigns } from '../../src-main/backend/campaigns/campaigns';
import { journal } from '../../src-main/backend/campaigns/history';
import type { Database } from '../../src-main/backend/db/schema';
import { allowanceFor, allowancesFor, campaignInventory } from '../../src-main/backend/db/tables/ledger.table';
import { generateClub } from '../fixtures/generate-club';
import { testBackend } from '../helpers/backend';
import { useTempDirs } from '../helpers/tmp';
import { sqlReport } from '../../src-main/backend/db/tables/report-query.repo';
import { generateBattles } from '../../src-shared/reports';

const tmp = useTempDirs();

/**
 * Issue 5 (performance): "check the query plans use indexes". Every query the
 * dashboard, the Journal and the balance look-ups send is captured and run
 * through EXPLAIN QUERY PLAN on a generated club; no plan may read
 * ledger_entries or mission_finishes row by row from the table itself.
 */
async function plansOf(run: (db: Kysely<Database>) => Promise<unknown>, sqlite: import('better-sqlite3').Database) {
  const seen: CompiledQuery[] = [];
  // a second Kysely over the same connection, only to see the SQL; never destroyed (that would close the file)
  const spy = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), log: (e) => void (e.level === 'query' && seen.push(e.query)) });
  await run(spy);
  return seen.map((q) => ({
    sql: q.sql,
    plan: (sqlite.prepare(`explain query plan ${q.sql}`).all(...(q.parameters as unknown[])) as { detail: string }[]).map((r) => r.detail),
  }));
}

/** Plan lines that touch a ledger table; a full read of the table itself is "SCAN <table>" with no index. */
function ledgerLines(plans: { plan: string[] }[]) {
  return plans.flatMap((p) => p.plan).filter((l) => /\b(ledger_entries|ledger_events|mission_finishes)\b/.test(l));
}

describe('ledger query plans use indexes (issue 5 performance)', () => {
  it('dashboard page, whole list, Journal and balances never scan ledger_entries or the finish register', async () => {
    const { backend, close } = await testBackend(tmp());
    try {
      const club = await generateClub(backend.ctx.db, { campaigns: 60 });
      const sqlite = backend.ctx.sqlite;
      const id = club.campaignIds[7]!;
      const seat = await backend.ctx.db.selectFrom('campaign_players').select('player_id').where('campaign_id', '=', id).executeTakeFirstOrThrow();

      const page = await plansOf((db) => campaignPage(db, { sort: 'last-played' }, { page: 2, pageSize: 25 }), sqlite);
      const lines = ledgerLines(page);
      expect(lines.length).toBeGreaterThan(0);
      // allowances of the page's seats: a search of the requisition index, never a scan
      expect(lines).toContainEqual(expect.stringMatching(/^SEARCH ledger_entries USING COVERING INDEX ledger_entries_rp \(campaign_id=\?/));
      expect(lines.filter((l) => /^SCAN ledger_entries\b/.test(l))).toEqual([]);
      // the finish register is read from its covering index, not its wide JSON rows
      expect(lines.filter((l) => /mission_finishes/.test(l)).every((l) => /USING COVERING INDEX mission_finishes_register/.test(l))).toBe(true);

      // every seat of the whole club at once (CLI, pickers, > 500 campaigns): one pass over the partial index only
      const all = ledgerLines(await plansOf((db) => allowancesFor(db), sqlite));
      expect(all).toEqual(['SCAN ledger_entries USING COVERING INDEX ledger_entries_rp']);
      const list = ledgerLines(await plansOf((db) => listCampaigns(db, { sort: 'name' }), sqlite));
      expect(list.filter((l) => !/USING (COVERING )?INDEX/.test(l))).toEqual([]);

      const j = ledgerLines(await plansOf((db) => journal(db, id), sqlite));
      expect(j.length).toBeGreaterThan(0);
      expect(j.filter((l) => /^SCAN (ledger_entries|ledger_events|mission_finishes)\b/.test(l) && !/USING (COVERING )?INDEX/.test(l))).toEqual([]);
      expect(j.filter((l) => /^SCAN ledger_entries\b/.test(l))).toEqual([]);

      const bal = ledgerLines(
        await plansOf(async (db) => [await allowanceFor(db, id, seat.player_id), await campaignInventory(db, id, seat.player_id)], sqlite),
      );
      expect(bal).toContainEqual(expect.stringMatching(/^SEARCH ledger_entries USING COVERING INDEX ledger_entries_rp \(campaign_id=\? AND player_id=\?/));
      expect(bal.filter((l) => /^SCAN ledger_entries\b/.test(l))).toEqual([]);
    } finally {
      await close();
    }
  });

  it('the paged dashboard agrees with the whole list: same order, same allowances, total over every page', async () => {
    const { backend, close } = await testBackend(tmp());
    try {
      await generateClub(backend.ctx.db, { campaigns: 30, seed: 7 });
      const db = backend.ctx.db;
      for (const sort of ['last-played', 'name', 'mission', 'created'] as const) {
        const whole = await listCampaigns(db, { sort });
        const pages = [];
        for (let p = 1; p <= 4; p++) {
          const r = await campaignPage(db, { sort }, { page: p, pageSize: 8 });
          expect(r.total).toBe(30);
          pages.push(...r.campaigns);
        }
        expect(pages.map((c) => c.id)).toEqual(whole.map((c) => c.id));
        expect(pages).toEqual(whole);
      }
      // the generated club records each mission twice (once undone): 5 live finishes each, 400 + earned RP
      const first = (await campaignPage(db, { sort: 'last-played' }, { page: 1, pageSize: 1 })).campaigns[0]!;
      expect(first.missionsPlayed).toBe(5);
      for (const s of first.seats) expect(s.allowance).toBe(await allowanceFor(db, first.id, s.playerId));
      // a page past the end is empty but still counts the matches
      expect(await campaignPage(db, { sort: 'name' }, { page: 9, pageSize: 8 })).toMatchObject({ campaigns: [], total: 30 });
    } finally {
      await close();
    }
  });

  it('the playtest report counts uses from their index by kind and reads the sides once for every unit type’s wounds', async () => {
    const { api, backend, close } = await testBackend(tmp());
    try {
      await api.call('reports.importBattles', { battles: generateBattles({ count: 300, seed: 5 }) });
      const plans = await plansOf((db) => sqlReport(db, {}, { kind: 'appendix', limit: 50 }), backend.ctx.sqlite);
      // orders, gambits and abilities by kind and key, with their battles: in index order, never sorted row by row
      const usage = plans.find((p) => /count\(distinct u\.battle_id\)/.test(p.sql))!;
      expect(usage.plan).toContainEqual(expect.stringMatching(/^SCAN u USING COVERING INDEX report_uses_kind_key/));
      expect(usage.plan.filter((l) => /TEMP B-TREE FOR GROUP BY/.test(l))).toEqual([]);
      // the wounds of the five unit types: one query, one pass over the sides
      const wounds = plans.filter((p) => /ranged_command/.test(p.sql));
      expect(wounds).toHaveLength(1);
      expect(wounds[0]!.plan.filter((l) => /^SCAN s\b/.test(l))).toHaveLength(1);
    } finally {
      await close();
    }
  });
});
