import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../migrations';
import { PG_MIGRATIONS } from '../../migrations/postgres';
import { openLedger } from '../../src-main/backend/db/database';
import { openLeague } from '../../src-main/backend/db/league';
import { createTestDatabase, pgServer } from '../helpers/pg';
import { pgShape, sqliteShape } from '../helpers/schema-shape';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

describe('the two migration lists (SQLite ledger, PostgreSQL league)', () => {
  it('have the same steps, in the same order: a step written for one dialect only fails here', () => {
    expect(Object.keys(PG_MIGRATIONS)).toEqual(Object.keys(MIGRATIONS));
    for (const [name, m] of Object.entries(PG_MIGRATIONS)) expect(typeof m.up, name).toBe('function');
  });
});

describe.skipIf(!pgServer)('the league schema is the ledger schema', () => {
  it('column by column: types, NOT NULL, keys, defaults, indexes, unique constraints, foreign keys and triggers', async () => {
    const ledger = await openLedger({ file: join(tmp(), 'ledger.sqlite') });
    const league = await openLeague({ url: await createTestDatabase() });
    try {
      const lite = sqliteShape(ledger.sqlite);
      const pg = await pgShape(league.pool);
      expect(Object.keys(pg.columns).sort()).toEqual(Object.keys(lite.columns).sort());
      for (const table of Object.keys(lite.columns)) expect(pg.columns[table], table).toEqual(lite.columns[table]);
      expect(pg.indexes).toEqual(lite.indexes);
      expect(pg.uniques).toEqual(lite.uniques);
      expect(pg.foreignKeys).toEqual(lite.foreignKeys);
      expect(pg.triggers).toEqual(lite.triggers);
      // the comparison is not vacuous
      expect(Object.keys(lite.columns).length).toBeGreaterThanOrEqual(15);
      expect(lite.triggers).toHaveLength(3);
    } finally {
      await ledger.close();
      await league.close();
    }
  });
});
