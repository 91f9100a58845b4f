import BetterSqlite3 from 'better-sqlite3';
import { existsSync, statSync } from 'node:fs';
import { privateDatabaseFile, privateDir } from '../private-files';
import { dirname } from 'node:path';
import {
  Kysely,
  Migrator,
  sql,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Migration,
  type MigrationProvider,
  type Transaction,
} from 'kysely';
import { AppError } from '../../../src-shared/errors';
import { MIGRATIONS } from '../../../migrations';
import type { Database } from './schema';
import { backupDatabase } from './backup';
import { ledgerChanged } from '../ledger-caches';
import { auditLedger } from './ledger-audit';
import type { LedgerProblem } from '../../../src-shared/contract/system.contract';

export type SqliteHandle = BetterSqlite3.Database;

export interface Ledger {
  file: string;
  sqlite: SqliteHandle;
  db: Kysely<Database>;
  schemaVersion: number;
  close(): Promise<void>;
}

export interface OpenLedgerOptions {
  file: string;
  /** Folder for the automatic pre-migration backup; defaults to `<dir of file>/backups`. */
  backupDir?: string;
  /** Path to a better-sqlite3 binary built for another runtime (Electron). */
  nativeBinding?: string;
  /** Override the migration list (tests of the runner itself). */
  migrations?: Record<string, Migration>;
}

/**
 * SQLite can run DDL inside a transaction; Kysely's SQLite adapter says it
 * cannot, so its Migrator would apply migrations one by one. Saying yes makes
 * the whole pending batch one transaction: all of it lands, or none.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}
/**
 * After some failures (a full disk, an I/O error) SQLite has already rolled
 * the transaction back by itself; Kysely's ROLLBACK would then fail with "no
 * transaction is active" and that error would replace the real one.
 */
class LedgerDriver extends SqliteDriver {
  constructor(private readonly handle: SqliteHandle) {
    super({ database: withStatementCache(handle) });
  }
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.handle.inTransaction) await super.rollbackTransaction(connection);
  }
}
/** Distinct SQL texts kept prepared; the app sends a few hundred at most, so this is never reached in practice. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query it sends; better-sqlite3 statements can be
 * run again and again, and SQLite re-prepares one itself after a schema
 * change. Keeping them by SQL text takes the prepare off every request (a
 * recorded battle event sends the same three statements each time).
 */
function withStatementCache(handle: SqliteHandle): { close(): void; prepare(sql: string): ReturnType<SqliteHandle['prepare']> } {
  const prepared = new Map<string, ReturnType<SqliteHandle['prepare']>>();
  return {
    close: () => handle.close(),
    prepare(sql) {
      // transaction control (BEGIN, COMMIT, ROLLBACK, SAVEPOINT…) costs nothing to prepare and is left uncached
      if (!/^\s*(select|insert|update|delete|with)\b/i.test(sql)) return handle.prepare(sql);
      let stmt = prepared.get(sql);
      if (!stmt) {
        if (prepared.size >= STATEMENT_CACHE_SIZE) prepared.delete(prepared.keys().next().value!);
        stmt = handle.prepare(sql);
        prepared.set(sql, stmt);
      }
      return stmt;
    },
  };
}

class LedgerDialect extends SqliteDialect {
  constructor(private readonly handle: SqliteHandle) {
    super({ database: handle });
  }
  override createAdapter(): SqliteAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
  override createDriver(): SqliteDriver {
    return new LedgerDriver(this.handle);
  }
}

class StaticProvider implements MigrationProvider {
  constructor(private readonly list: Record<string, Migration>) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return this.list;
  }
}

function applyPragmas(sqlite: SqliteHandle): void {
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
}

/** Whether a database file holds any table (a file that is not one of ours but is someone's). */
function hasUserTables(file: string, nativeBinding?: string): boolean {
  const ro = new BetterSqlite3(file, { readonly: true, fileMustExist: true, nativeBinding });
  try {
    return ro.prepare("select 1 from sqlite_master where type = 'table' and name not like 'sqlite_%' limit 1").get() !== undefined;
  } finally {
    ro.close();
  }
}

/**
 * A damaged-ledger error in one sentence; SQLite's own words (often several
 * lines of page numbers) go into the error's issues, for the log and for help.
 */
function damaged(sentence: string, sqliteSays: string): AppError {
  return new AppError('DB_CORRUPT', sentence, {
    issues: sqliteSays
      .split('\n')
      .map((line) => ({ path: [], message: line.trim() }))
      .filter((i) => i.message),
  });
}

/** Names of migrations already applied, read without changing the file. */
function appliedMigrations(file: string, nativeBinding?: string): string[] {
  let ro: SqliteHandle;
  try {
    ro = new BetterSqlite3(file, { readonly: true, fileMustExist: true, nativeBinding });
  } catch (e) {
    throw damaged(`The ledger file ${file} cannot be opened as a database.`, (e as Error).message);
  }
  try {
    const quick = ro.pragma('quick_check', { simple: true });
    if (quick !== 'ok') throw damaged(`The ledger file ${file} is damaged: SQLite's own check of it failed.`, String(quick));
    const hasTable = ro.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
    if (!hasTable) return [];
    return (ro.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map((r) => r.name);
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw damaged(`The ledger file ${file} is not a readable database.`, (e as Error).message);
  } finally {
    ro.close();
  }
}

/**
 * Opens (creating if needed) the ledger database and brings its schema up to
 * date. A file written by a newer app is refused untouched; an existing file
 * is backed up before any migration runs; the pending migrations run in one
 * transaction.
 */
export async function openLedger(opts: OpenLedgerOptions): Promise<Ledger> {
  const migrations = opts.migrations ?? MIGRATIONS;
  const known = new Set(Object.keys(migrations));
  const existed = existsSync(opts.file);
  let pending = Object.keys(migrations).length;

  if (existed) {
    // A zero-length file is an empty database to SQLite, and another program's database is a database too:
    // either would be initialised over, and its automatic backup would become "the newest". Both are refused.
    if (statSync(opts.file).size === 0)
      throw new AppError('DB_CORRUPT', `The ledger file ${opts.file} is empty (0 bytes): its contents were lost before the app started.`);
    const applied = appliedMigrations(opts.file, opts.nativeBinding);
    if (applied.length === 0 && hasUserTables(opts.file, opts.nativeBinding))
      throw new AppError('DB_CORRUPT', `The file ${opts.file} is a database of another program, not an Age of Ash ledger; it was left as it is.`);
    const unknown = applied.filter((n) => !known.has(n));
    if (unknown.length > 0) {
      throw new AppError(
        'DB_NEWER',
        `This ledger was written by a newer version of the app (it has schema step ${unknown[unknown.length - 1]}). ` +
          'Install the newer version to open it; the file has not been changed.',
      );
    }
    pending = [...known].filter((n) => !applied.includes(n)).length;
    if (pending > 0 && applied.length > 0) {
      backupDatabase(opts.file, opts.backupDir ?? `${dirname(opts.file)}/backups`, `pre-migrate-v${applied.length}`, opts.nativeBinding);
    }
  } else {
    privateDir(dirname(opts.file));
  }
  privateDatabaseFile(opts.file);

  const sqlite = new BetterSqlite3(opts.file, { nativeBinding: opts.nativeBinding });
  try {
    applyPragmas(sqlite); // WAL needs its files: on a full disk this is where a start fails
  } catch (e) {
    sqlite.close();
    throw e;
  }
  const db = new Kysely<Database>({ dialect: new LedgerDialect(sqlite) });

  if (pending > 0) {
    const migrator = new Migrator({ db, provider: new StaticProvider(migrations) });
    const { error, results } = await migrator.migrateToLatest();
    if (error) {
      await db.destroy();
      // the machine's state (a full or failing disk), not a broken step: said as such by the caller
      if (/^(SQLITE_FULL|SQLITE_IOERR|SQLITE_READONLY|ENOSPC)/.test(String((error as { code?: unknown }).code ?? ''))) throw error;
      const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
      throw new AppError('INTERNAL', `Updating the ledger failed at step ${failed}; nothing was changed. ${(error as Error).message ?? error}`);
    }
  }

  // ids in process-wide caches (ruleset versions, battles) belong to the ledger they were read from
  ledgerChanged();
  return {
    file: opts.file,
    sqlite,
    db,
    schemaVersion: Object.keys(migrations).length,
    close: () => db.destroy(),
  };
}

/**
 * Opens an existing ledger for reading only, beside the process that owns it
 * (SQLite's WAL lets readers run while one writer works). Nothing is
 * changed: no migration, no backup, no pragma that writes. The schema must be
 * exactly this app's, since a reader can neither upgrade an older ledger nor
 * understand a newer one.
 */
export async function openLedgerReadOnly(opts: Pick<OpenLedgerOptions, 'file' | 'nativeBinding' | 'migrations'>): Promise<Ledger> {
  const migrations = opts.migrations ?? MIGRATIONS;
  const known = Object.keys(migrations);
  const knownSet = new Set(known);
  if (!existsSync(opts.file)) throw new AppError('NOT_FOUND', `There is no ledger at ${opts.file} yet.`);
  const applied = appliedMigrations(opts.file, opts.nativeBinding);
  const newer = applied.filter((n) => !knownSet.has(n));
  if (newer.length > 0)
    throw new AppError(
      'DB_NEWER',
      `This ledger was written by a newer version of the app (it has schema step ${newer[newer.length - 1]}); ` +
        'this command line can only read a ledger of its own version. The file has not been changed.',
    );
  const pending = known.filter((n) => !applied.includes(n));
  if (pending.length > 0)
    throw new AppError(
      'LOCKED',
      `This ledger has an older schema (${applied.length} of ${known.length} steps) than this command line, and the app that holds it ` +
        'must be closed before it can be upgraded. Close the app and run the command again; the file has not been changed.',
    );
  const sqlite = new BetterSqlite3(opts.file, { readonly: true, fileMustExist: true, nativeBinding: opts.nativeBinding });
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new LedgerDialect(sqlite) });
  ledgerChanged();
  return { file: opts.file, sqlite, db, schemaVersion: known.length, close: () => db.destroy() };
}

/** PRAGMA integrity_check and foreign_key_check, as lists of problems. */
export function checkDatabase(sqlite: SqliteHandle): { ok: boolean; integrity: string[]; foreignKeys: string[] } {
  const integrity = (sqlite.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check).filter((r) => r !== 'ok');
  const foreignKeys = (sqlite.pragma('foreign_key_check') as { table: string; rowid: number; parent: string }[]).map(
    (r) => `${r.table} row ${r.rowid} refers to a missing ${r.parent}`,
  );
  return { ok: integrity.length === 0 && foreignKeys.length === 0, integrity, foreignKeys };
}

/**
 * `db check`: the file's structure (checkDatabase) and then the campaign
 * ledger it holds (ledger-audit.ts), which SQLite's checks cannot see into.
 */
export async function checkLedger(
  sqlite: SqliteHandle,
  db: Kysely<Database>,
): Promise<{ ok: boolean; integrity: string[]; foreignKeys: string[]; ledger?: LedgerProblem[] }> {
  const structure = checkDatabase(sqlite);
  // a damaged file gives no trustworthy rows to audit
  const ledger = structure.integrity.length ? [] : await auditLedger(db);
  return ledger.length ? { ...structure, ok: false, ledger } : structure;
}

/**
 * A second writing connection to a ledger that is already open and up to date
 * (the import worker's): the same pragmas and driver, no migration, no backup.
 * SQLite lets one writer at a time in; the backend holds its own writes back
 * while this one works (backend.ts, ledgerWrites).
 */
export function openLedgerWriter(file: string, nativeBinding?: string): Kysely<Database> {
  const sqlite = new BetterSqlite3(file, { fileMustExist: true, nativeBinding });
  applyPragmas(sqlite);
  return new Kysely<Database>({ dialect: new LedgerDialect(sqlite) });
}

/**
 * SQLite only: the bytes one text cell holds, as upper-case hex, the cell
 * found by its key columns' values; undefined when there is no such row. The
 * driver decodes text as UTF-8 and reads bytes that are not (a lone surrogate
 * an older app stored as ED A0..BF xx) as U+FFFD, so a check of stored text
 * that meets U+FFFD asks for the bytes (db/ledger-copy-text.ts).
 */
export async function storedTextHex(
  db: Kysely<any> | Transaction<any>,
  table: string,
  column: string,
  key: Record<string, unknown>,
): Promise<string | undefined> {
  let q = db.selectFrom(table).select(sql<string>`hex(${sql.ref(column)})`.as('h'));
  for (const [k, v] of Object.entries(key)) q = q.where(k, '=', v);
  const row = (await q.executeTakeFirst()) as { h: string } | undefined;
  return row?.h;
}
