// Issue 42: migration 0019 adds club_side_claims, which phone plays each side of a battle at a club night table. A
// ledger (and a league) from the release before opens with its battles as they were and no claims; the step's down
// takes the table back (tested on a ledger file made by today's code and taken back before the step, and on a league
// at the step before).
import { join } from 'node:path';
import { Kysely, SqliteDialect } from 'kysely';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../migrations';
import { PG_MIGRATIONS } from '../../migrations/postgres';
import { openLedger } from '../../src-main/backend/db/database';
import { openLeague } from '../../src-main/backend/db/league';
import { withBackend } from '../helpers/backend';
import { playSetup, twoMinimalArmies } from '../helpers/battle-seed';
import { ledgerBeforeStep } from '../helpers/ledger-before-step';
import { createTestDatabase, pgServer } from '../helpers/pg';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();
const STEP = '0019_club_side_claims';

const tables = async (db: Kysely<any>) => (await db.introspection.getTables()).map((t) => t.name);

describe('migration 0019: club night side claims', () => {
  it('a SQLite ledger from the release before: its battle kept, no claims, and a claim then kept per battle and side', async () => {
    const dir = tmp();
    const file = join(dir, 'ledger.sqlite');
    let battleId = '';
    await withBackend(dir, async ({ api }) => {
      const { pack } = await api.call('rulesets.get', {});
      const [a, b] = await twoMinimalArmies(api, pack, ['Ana', 'Bo']);
      battleId = (await playSetup(api, await api.call('battles.start', { mode: 'standalone', rosterIds: [a!.id, b!.id] }), pack)).id;
    });
    await ledgerBeforeStep(file, STEP);
    const old = new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(file) }) });
    expect(await tables(old)).not.toContain('club_side_claims');
    await old.destroy();

    const ledger = await openLedger({ file });
    try {
      expect(await ledger.db.selectFrom('club_side_claims').selectAll().execute()).toEqual([]);
      expect((await ledger.db.selectFrom('battles').select('id').execute()).map((r) => r.id)).toEqual([battleId]);
      const claim = { battle_id: battleId, side: 'A' as const, link_id: 'l1', device_id: 'd1', claimed_at: '2026-12-07T20:00:00.000Z' };
      await ledger.db.insertInto('club_side_claims').values(claim).execute();
      // one phone per side of a battle
      await expect(
        ledger.db
          .insertInto('club_side_claims')
          .values({ ...claim, device_id: 'd2' })
          .execute(),
      ).rejects.toThrow();
      // the claims go with their battle
      await ledger.db.deleteFrom('battle_events').where('battle_id', '=', battleId).execute();
      await ledger.db.deleteFrom('battles').where('id', '=', battleId).execute();
      expect(await ledger.db.selectFrom('club_side_claims').selectAll().execute()).toEqual([]);
    } finally {
      await ledger.close();
    }
  });

  it('the step is in both lists under one name, right after 0018', () => {
    expect(MIGRATIONS[STEP]).toBeDefined();
    expect(PG_MIGRATIONS[STEP]).toBe(MIGRATIONS[STEP]);
    const names = Object.keys(MIGRATIONS);
    expect(names[names.indexOf(STEP) - 1]).toMatch(/^0018_/);
  });

  it.skipIf(!pgServer)('a league at the step before gains the table, empty', async () => {
    const url = await createTestDatabase();
    const before = Object.fromEntries(Object.entries(PG_MIGRATIONS).filter(([name]) => name < STEP));
    const old = await openLeague({ url, migrations: before });
    try {
      expect(await tables(old.db)).not.toContain('club_side_claims');
    } finally {
      await old.close();
    }
    const league = await openLeague({ url });
    try {
      expect(await league.db.selectFrom('club_side_claims').selectAll().execute()).toEqual([]);
    } finally {
      await league.close();
    }
  });
});
