import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Kysely, Migration } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openLedger } from '../../src-main/backend/db/database';
import { MIGRATIONS } from '../../migrations';
import { dumpDatabase } from '../helpers/backend';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

const createT = (name: string): Migration => ({
  up: async (db: Kysely<any>) => {
    await db.schema
      .createTable(name)
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .execute();
    await db.insertInto(name).values({ id: 1 }).execute();
  },
});
const boom: Migration = {
  up: async (db: Kysely<any>) => {
    await db.schema.createTable('half_done').addColumn('id', 'integer').execute();
    throw new Error('migration exploded halfway');
  },
};

function snapshot(file: string) {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    return dumpDatabase(db);
  } finally {
    db.close();
  }
}

describe('ledger migrations', () => {
  it('applies every migration to a new file and records them', async () => {
    const dir = tmp();
    const ledger = await openLedger({ file: join(dir, 'ledger.sqlite') });
    const names = ledger.sqlite.prepare('select name from kysely_migration order by name').all() as { name: string }[];
    expect(names.map((n) => n.name)).toEqual(Object.keys(MIGRATIONS).sort());
    expect(ledger.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(ledger.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(ledger.sqlite.pragma('synchronous', { simple: true })).toBe(2); // FULL
    await ledger.close();
  });

  it('a migration that throws halfway leaves the database exactly as it was', async () => {
    const dir = tmp();
    const file = join(dir, 'ledger.sqlite');
    const first = await openLedger({ file, migrations: { '0001_a': createT('a') } });
    await first.close();
    const before = snapshot(file);

    await expect(openLedger({ file, migrations: { '0001_a': createT('a'), '0002_b': createT('b'), '0003_boom': boom } })).rejects.toThrow(/0003_boom/);
    expect(snapshot(file)).toEqual(before);
  });

  it('on a new file, a failing batch leaves no table of the batch behind', async () => {
    const dir = tmp();
    const file = join(dir, 'ledger.sqlite');
    await expect(openLedger({ file, migrations: { '0001_a': createT('a'), '0002_boom': boom } })).rejects.toThrow();
    const s = snapshot(file);
    expect(Object.keys(s)).not.toContain('a');
    expect(Object.keys(s)).not.toContain('half_done');
  });

  it('refuses a database written by a newer app and leaves the file byte-for-byte unchanged', async () => {
    const dir = tmp();
    const file = join(dir, 'ledger.sqlite');
    const newer = await openLedger({ file, migrations: { ...MIGRATIONS, '9999_from_the_future': createT('future') } });
    await newer.close();
    const bytes = readFileSync(file);
    await expect(openLedger({ file })).rejects.toMatchObject({ code: 'DB_NEWER' });
    expect(readFileSync(file).equals(bytes)).toBe(true);
    expect(existsSync(join(dir, 'backups'))).toBe(false);
  });

  it('backs up an existing ledger before migrating it, and the backup holds the old data', async () => {
    const dir = tmp();
    const file = join(dir, 'ledger.sqlite');
    const old = await openLedger({ file, migrations: { '0001_a': createT('a') } });
    await old.close();
    const upgraded = await openLedger({ file, migrations: { '0001_a': createT('a'), '0002_b': createT('b') } });
    await upgraded.close();
    const backups = readdirSync(join(dir, 'backups'));
    expect(backups).toHaveLength(1);
    expect(backups[0]).toMatch(/pre-migrate-v1/);
    const tables = Object.keys(snapshot(join(dir, 'backups', backups[0]!)));
    expect(tables).toContain('a');
    expect(tables).not.toContain('b');
  });

  it('takes no backup when nothing needs migrating', async () => {
    const dir = tmp();
    const file = join(dir, 'ledger.sqlite');
    await (await openLedger({ file })).close();
    await (await openLedger({ file })).close();
    expect(existsSync(join(dir, 'backups'))).toBe(false);
  });

  it('reports a file that is not a database as damaged, without touching it', async () => {
    const dir = tmp();
    const file = join(dir, 'ledger.sqlite');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, 'this is not a database '.repeat(300));
    const bytes = readFileSync(file);
    await expect(openLedger({ file })).rejects.toMatchObject({ code: 'DB_CORRUPT' });
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });
});
