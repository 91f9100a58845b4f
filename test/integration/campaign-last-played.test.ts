import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { campaignPage } from '../../src-main/backend/campaigns/campaigns';
import { openLedger, type Ledger } from '../../src-main/backend/db/database';
import { finishRegister } from '../../src-main/backend/db/tables/campaign-list.repo';
import { ledgerBeforeStep } from '../helpers/ledger-before-step';
import { generateClub } from '../fixtures/generate-club';
import { useTempDirs } from '../helpers/tmp';
import { DIALECTS } from '../helpers/dialects';
import { createTestDatabase } from '../helpers/pg';
import { openLeague } from '../../src-main/backend/db/league';

const tmp = useTempDirs();

/** campaigns.last_played_at, beside what the finish register says (its newest live finish). */
async function lastPlayedAgainstRegister(ledger: Pick<Ledger, 'db'>) {
  const register = await finishRegister(ledger.db);
  const rows = await ledger.db.selectFrom('campaigns').select(['id', 'last_played_at']).execute();
  return rows.map((r) => ({ id: r.id, stored: r.last_played_at, register: register.get(r.id)?.last ?? null }));
}

describe('campaigns.last_played_at (migration 0009): the dashboard sorts by it from an index', () => {
  it('an existing ledger is filled in from its finish register when it is upgraded', async () => {
    const file = join(tmp(), 'ledger.sqlite');
    // a club written by today's code, then taken back to the release before 0009 by the steps' own downs, so a later
    // step's columns (0018's name keys and digests) never break the seed
    const today = await openLedger({ file });
    await generateClub(today.db, { campaigns: 25, seed: 3 });
    await today.close();
    await ledgerBeforeStep(file, '0009_campaign_last_played');
    const upgraded = await openLedger({ file });
    try {
      const rows = await lastPlayedAgainstRegister(upgraded);
      expect(rows.filter((r) => r.register !== null).length).toBeGreaterThan(0);
      for (const r of rows) expect(r.stored, r.id).toBe(r.register);
    } finally {
      await upgraded.close();
    }
  });

  // on a league the triggers are migrations/postgres/0009's PL/pgSQL twin: the same behaviour is asked of them
  it.each(DIALECTS)(
    'stays equal to the register through finishes, undos (the generated club undoes one finish of each mission) and deletes (%s)',
    async (dialect) => {
      const ledger = dialect === 'sqlite' ? await openLedger({ file: join(tmp(), 'ledger.sqlite') }) : await openLeague({ url: await createTestDatabase() });
      try {
        const club = await generateClub(ledger.db, { campaigns: 12, seed: 5 });
        for (const r of await lastPlayedAgainstRegister(ledger)) expect(r.stored, r.id).toBe(r.register);
        const id = club.campaignIds[0]!;
        const live = await ledger.db
          .selectFrom('mission_finishes')
          .select(['id', 'created_at'])
          .where('campaign_id', '=', id)
          .where('undone_by_event_id', 'is', null)
          .orderBy('created_at', 'desc')
          .execute();
        // undoing the newest finish falls back to the one before; deleting every finish leaves "never played"
        const undoEvent = await ledger.db.selectFrom('ledger_events').select('id').where('campaign_id', '=', id).executeTakeFirstOrThrow();
        await ledger.db.updateTable('mission_finishes').set({ undone_by_event_id: undoEvent.id }).where('id', '=', live[0]!.id).execute();
        const after = (await lastPlayedAgainstRegister(ledger)).find((r) => r.id === id)!;
        expect(after.stored).toBe(live[1]!.created_at);
        expect(after.stored).toBe(after.register);
        await ledger.db.deleteFrom('mission_finishes').where('campaign_id', '=', id).execute();
        expect((await lastPlayedAgainstRegister(ledger)).find((r) => r.id === id)).toEqual({ id, stored: null, register: null });
      } finally {
        await ledger.close();
      }
    },
  );

  it('the dashboard page sorted by last played reads campaigns in index order (no sort of the whole club)', async () => {
    const ledger = await openLedger({ file: join(tmp(), 'ledger.sqlite') });
    try {
      await generateClub(ledger.db, { campaigns: 40, seed: 9 });
      const seen: { sql: string; parameters: readonly unknown[] }[] = [];
      const { Kysely, SqliteDialect } = await import('kysely');
      const spy = new Kysely<any>({ dialect: new SqliteDialect({ database: ledger.sqlite }), log: (e) => void (e.level === 'query' && seen.push(e.query)) });
      const page = await campaignPage(spy, { sort: 'last-played' }, { page: 2, pageSize: 10 });
      expect(page.total).toBe(40);
      const pageQuery = seen.find((q) => /order by "c"\."last_played_at"/.test(q.sql))!;
      const plan = (ledger.sqlite.prepare(`explain query plan ${pageQuery.sql}`).all(...(pageQuery.parameters as unknown[])) as { detail: string }[]).map(
        (r) => r.detail,
      );
      expect(plan.join('\n')).toMatch(/USING INDEX campaigns_last_played/);
      expect(plan.join('\n')).not.toMatch(/TEMP B-TREE/);
    } finally {
      await ledger.close();
    }
  });
});
