import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, pgServer } from '../helpers/pg';

describe.skipIf(!pgServer)('the run’s throwaway PostgreSQL cluster', () => {
  it('serves PostgreSQL 15 or newer on 127.0.0.1, one fresh database per call, sorting text byte by byte like SQLite', async () => {
    const url = await createTestDatabase();
    expect(new URL(url).hostname).toBe('127.0.0.1');
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const { rows } = await c.query<{ v: string; db: string }>("select current_setting('server_version_num') v, current_database() db");
      expect(Number(rows[0]!.v)).toBeGreaterThanOrEqual(150000);
      expect(url.endsWith(`/${rows[0]!.db}`)).toBe(true);
      const sorted = await c.query<{ s: string }>("select s from (values ('b'), ('B'), ('a'), ('_')) t(s) order by s");
      expect(sorted.rows.map((r) => r.s)).toEqual(['B', '_', 'a', 'b']);
    } finally {
      await c.end();
    }
    expect(await createTestDatabase()).not.toBe(url);
  });
});
