import pg from 'pg';
import type { Kysely, Migration } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PG_MIGRATIONS } from '../../migrations/postgres';
import { openLeague } from '../../src-main/backend/db/league';
import { createTestDatabase, databaseWithPasswordUser, pgServer } from '../helpers/pg';
import { testBackend } from '../helpers/backend';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

const boom: Migration = {
  up: async (db: Kysely<any>) => {
    await db.schema.createTable('half_done').addColumn('id', 'integer').execute();
    throw new Error('migration exploded halfway');
  },
};

async function query<T>(url: string, text: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text)).rows as T[];
  } finally {
    await c.end();
  }
}

describe.skipIf(!pgServer)('league migrations (PostgreSQL)', () => {
  it('two apps starting at once on a new league: both open it, every step is applied exactly once', async () => {
    const url = await createTestDatabase();
    const opened = await Promise.all([1, 2, 3].map(() => openLeague({ url })));
    try {
      const steps = await query<{ name: string }>(url, 'select name from kysely_migration order by name');
      expect(steps.map((s) => s.name)).toEqual(Object.keys(PG_MIGRATIONS));
      for (const l of opened) expect(l.newerSchema).toBeUndefined();
    } finally {
      for (const l of opened) await l.close();
    }
  });

  it('a step that throws halfway leaves the league as it was (one transaction)', async () => {
    const url = await createTestDatabase();
    const first = Object.fromEntries(Object.entries(PG_MIGRATIONS).slice(0, 3));
    await (await openLeague({ url, migrations: first })).close();
    await expect(openLeague({ url, migrations: { ...PG_MIGRATIONS, '9999_boom': boom } })).rejects.toThrow(/step 9999_boom; nothing was changed/);
    const steps = await query<{ name: string }>(url, 'select name from kysely_migration order by name');
    expect(steps.map((s) => s.name)).toEqual(Object.keys(first));
    expect(await query(url, "select to_regclass('half_done') t")).toEqual([{ t: null }]);
    expect(await query(url, "select to_regclass('ledger_entries') t")).toEqual([{ t: null }]);
  });

  it('an app older than the league opens it for reading and names the step it lacks', async () => {
    const url = await createTestDatabase();
    await (await openLeague({ url, migrations: { ...PG_MIGRATIONS, '9999_future': { up: async () => undefined } } })).close();
    const older = await openLeague({ url });
    try {
      expect(older.newerSchema).toBe('9999_future');
    } finally {
      await older.close();
    }
  });

  it('a wrong port or database is one sentence naming what to fix, without the password', async () => {
    const url = new URL(pgServer!.adminUrl);
    url.password = 's3cret-pw';
    url.pathname = '/no_such_db';
    await expect(openLeague({ url: url.toString() })).rejects.toMatchObject({ code: 'NOT_FOUND', message: expect.stringMatching(/does not exist/) });
    url.port = String(Number(url.port) + 1);
    const refused = await openLeague({ url: url.toString() }).catch((e: Error) => e);
    expect(refused).toMatchObject({ code: 'UNAVAILABLE', message: expect.stringMatching(/unreachable .*check that the server is running/) });
    expect((refused as Error).message).not.toContain('s3cret-pw');
    await expect(openLeague({ url: 'postgres://[bad' })).rejects.toMatchObject({
      code: 'VALIDATION',
      message: expect.stringMatching(/postgres:\/\/USER@HOST/),
    });
  });
});

describe.skipIf(!pgServer)('the league password', () => {
  it('a wrong password is one sentence saying to check it, never echoing it; the right one from AOA_DATABASE_PASSWORD opens the league', async () => {
    const created = await databaseWithPasswordUser('right-horse-battery');
    const user = created.user;
    const u = new URL(created.url);
    u.password = 'wrong-staple-42';
    const refused = await openLeague({ url: u.toString() }).catch((e: Error) => e);
    expect(refused).toMatchObject({ code: 'VALIDATION', message: expect.stringMatching(/refused the user name or password: check them/) });
    expect((refused as Error).message).not.toContain('wrong-staple-42');
    expect((refused as Error).message.split('\n')).toHaveLength(1);

    u.password = '';
    process.env.AOA_DATABASE_PASSWORD = 'right-horse-battery';
    const t = await testBackend({ dataDir: tmp(), database: u.toString() }).finally(() => delete process.env.AOA_DATABASE_PASSWORD);
    try {
      expect(await t.api.call('system.info', {})).toMatchObject({ ledger: 'league', databaseFile: `postgres://${user}@127.0.0.1:${u.port}${u.pathname}` });
    } finally {
      await t.close();
    }
  });
});

describe.skipIf(!pgServer)('an app older than its league', () => {
  it('shows the league and refuses every write, naming the schema step it lacks', async () => {
    const url = await createTestDatabase();
    const newer = await testBackend({ dataDir: tmp(), database: url });
    await newer.api.call('players.create', { name: 'Ada' });
    await newer.close();
    // a newer app's step, as a newer release would have added
    await (await openLeague({ url, migrations: { ...PG_MIGRATIONS, '0099_future': { up: async () => undefined } } })).close();
    const older = await testBackend({ dataDir: tmp(), database: url });
    try {
      expect((await older.api.call('players.list', {})).map((p) => p.name)).toEqual(['Ada']);
      await expect(older.api.call('players.create', { name: 'Bram' })).rejects.toMatchObject({
        code: 'DB_NEWER',
        message: expect.stringMatching(/schema step 0099_future.*Install the version that brought step 0099_future/),
      });
      expect((await older.api.call('players.list', {})).map((p) => p.name)).toEqual(['Ada']);
    } finally {
      await older.close();
    }
  });
});
