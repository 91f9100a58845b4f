import BetterSqlite3 from 'better-sqlite3';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { privateDatabaseFile, privateDir, privateFile } from '../private-files';
import { AppError } from '../../../src-shared/errors';
import { MIGRATIONS } from '../../../migrations';
import { backupDatabase } from './backup';
import { checkedInputFile } from '../files/bounded-read';

/**
 * Checks that a file is a ledger this app can open: a readable SQLite file,
 * passing integrity and foreign-key checks, with no schema step from a newer app.
 */
export function validateLedgerFile(file: string, nativeBinding?: string): { schemaSteps: number } {
  if (!existsSync(file)) throw new AppError('NOT_FOUND', `There is no file at ${file}.`);
  let db: BetterSqlite3.Database;
  try {
    db = new BetterSqlite3(file, { readonly: true, fileMustExist: true, nativeBinding });
  } catch (e) {
    throw new AppError('VALIDATION', `${file} is not a ledger file: ${(e as Error).message}`);
  }
  try {
    let integrity: unknown;
    try {
      integrity = db.pragma('integrity_check', { simple: true });
    } catch (e) {
      throw new AppError('VALIDATION', `${file} is not a ledger file: ${(e as Error).message}`);
    }
    if (integrity !== 'ok') throw new AppError('DB_CORRUPT', `${file} is damaged: ${String(integrity)}`);
    const fk = db.pragma('foreign_key_check') as unknown[];
    if (fk.length > 0) throw new AppError('DB_CORRUPT', `${file} has ${fk.length} broken references.`);
    const hasTable = db.prepare("select 1 from sqlite_master where type='table' and name='kysely_migration'").get();
    if (!hasTable) throw new AppError('VALIDATION', `${file} is an SQLite file but not an Age of Ash ledger.`);
    const names = (db.prepare('select name from kysely_migration').all() as { name: string }[]).map((r) => r.name);
    const unknown = names.filter((n) => !(n in MIGRATIONS));
    if (unknown.length) throw new AppError('DB_NEWER', `${file} was written by a newer version of the app.`);
    return { schemaSteps: names.length };
  } finally {
    db.close();
  }
}

/**
 * Moves a ledger that cannot be read out of the way (with its WAL and SHM
 * files) so nothing ever writes over it; the organiser, or a data recovery
 * tool, can still take what is left from it. Returns the new name.
 */
function setDamagedLedgerAside(database: string): string {
  const aside = `${database.replace(/\.sqlite$/, '')}.damaged-${new Date().toISOString().replace(/[-:.]/g, '')}.sqlite`;
  renameSync(database, aside);
  for (const ext of ['-wal', '-shm']) if (existsSync(database + ext)) renameSync(database + ext, aside + ext);
  return aside;
}

/**
 * Replaces the ledger with a backup. The current ledger is itself backed up
 * first (or, when it is too damaged to copy, set aside untouched), and the new
 * file is written beside it and renamed into place, so a failure at any step
 * leaves a usable ledger. The caller must hold the data folder lock and have
 * closed its own connection.
 */
export function restoreLedger(opts: { source: string; database: string; backupDir: string; nativeBinding?: string }): {
  previousBackup?: string;
  damagedKeptAs?: string;
} {
  checkedInputFile(opts.source, 'ledger file', 'file');
  validateLedgerFile(opts.source, opts.nativeBinding);
  let previousBackup: string | undefined;
  let damagedKeptAs: string | undefined;
  if (existsSync(opts.database)) {
    try {
      validateLedgerFile(opts.database, opts.nativeBinding);
      previousBackup = backupDatabase(opts.database, opts.backupDir, 'pre-restore', opts.nativeBinding);
    } catch (e) {
      // Only a damaged ledger is set aside; any other failure (disk full…) stops the restore.
      if (!(e instanceof AppError) || (e.code !== 'DB_CORRUPT' && e.code !== 'VALIDATION')) throw e;
      damagedKeptAs = setDamagedLedgerAside(opts.database);
    }
  }
  const staging = `${opts.database}.restoring`;
  rmSync(staging, { force: true });
  // VACUUM INTO would create the file with the process's umask (0644: readable by every user); an empty file
  // made private first is what it writes into, so the ledger is never world-readable, not even until the next start
  privateDir(dirname(opts.database));
  privateDatabaseFile(staging);
  const src = new BetterSqlite3(opts.source, { readonly: true, fileMustExist: true, nativeBinding: opts.nativeBinding });
  try {
    src.prepare('VACUUM INTO ?').run(staging);
  } finally {
    src.close();
  }
  rmSync(`${opts.database}-wal`, { force: true });
  rmSync(`${opts.database}-shm`, { force: true });
  renameSync(staging, opts.database);
  privateDatabaseFile(opts.database);
  for (const kept of [previousBackup, damagedKeptAs]) if (kept) for (const f of [kept, `${kept}-wal`, `${kept}-shm`]) privateFile(f);
  return { previousBackup, damagedKeptAs };
}
