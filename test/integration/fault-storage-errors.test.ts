import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { storageError } from '../../src-main/backend/dispatcher';
import { startBackend } from '../../src-main/backend/backend';
import { ERROR_TITLES } from '../../src-shared/errors';
import { writeUntilDiskFull } from '../helpers/crash-harness-faults';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();
const sqliteError = (message: string, code: string) => new BetterSqlite3.SqliteError(message, code);

describe('SQLite failures of the machine, not of the app, reach the organiser in plain words', () => {
  it.each([
    ['a full disk', sqliteError('database or disk is full', 'SQLITE_FULL'), 'STORAGE', /disk .*full.*nothing was saved/i],
    ['a full disk, seen only in the message', new Error('database or disk is full'), 'STORAGE', /free some space/i],
    ['another writer holds the lock', sqliteError('database is locked', 'SQLITE_BUSY'), 'LOCKED', /another program .*nothing was saved.*try again/i],
    ['a busy snapshot', sqliteError('database is locked', 'SQLITE_BUSY_SNAPSHOT'), 'LOCKED', /try again/i],
    ['a write error', sqliteError('disk I/O error', 'SQLITE_IOERR_WRITE'), 'STORAGE', /could not be written.*nothing was saved/i],
    ['a read-only file', sqliteError('attempt to write a readonly database', 'SQLITE_READONLY'), 'STORAGE', /read-only/i],
  ])('%s', (_name, error, code, words) => {
    const e = storageError(error);
    expect(e?.code).toBe(code);
    expect(e?.message).toMatch(words);
    // its title is the code's own, not the one for the app's own faults
    expect(ERROR_TITLES[e!.code]).not.toBe(ERROR_TITLES.INTERNAL);
  });

  it.each([
    ['a constraint failure (a bug or a race, handled where it happens)', sqliteError('UNIQUE constraint failed: players.id', 'SQLITE_CONSTRAINT_UNIQUE')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a thrown string', 'boom'],
  ])('%s stays INTERNAL', (_name, error) => {
    expect(storageError(error)).toBeUndefined();
  });

  it('a disk that fills up under real writes answers STORAGE, changes nothing, and the next write after freeing space succeeds', async () => {
    const backend = await startBackend({ dataDir: tmp(), mode: 'test' });
    try {
      const create = (i: number) => backend.dispatch('players.create', { name: `Player ${i}`, notes: 'n'.repeat(1500) });
      const { refusedAt, reply } = await writeUntilDiskFull(backend, create);
      expect(reply).toMatchObject({ ok: false, error: { code: 'STORAGE' } });
      expect(await create(refusedAt)).toMatchObject({ ok: true });
    } finally {
      await backend.close();
    }
  });
});
