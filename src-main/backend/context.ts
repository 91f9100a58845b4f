import type { Kysely } from 'kysely';
import type { Database } from './db/schema';
import type { SqliteHandle } from './db/database';
import type { Gate } from './gate';

export type BackendMode = 'electron' | 'browser' | 'cli' | 'test';

/** What every handler receives besides its parsed input. */
export interface BackendContext {
  db: Kysely<Database>;
  sqlite: SqliteHandle;
  mode: BackendMode;
  appVersion: string;
  schemaVersion: number;
  /** What the start found that the organiser must hear about (a crash whose journal lost changes), shown as a banner. */
  startNotices: string[];
  /**
   * Writes to the ledger pass through this gate (shared); a writer on another
   * connection (the import worker) takes it exclusively, so the backend's own
   * writes wait for it without blocking the thread in SQLite's busy handler.
   */
  ledgerWrites: Gate;
  /** better-sqlite3's binary for this runtime (Electron's own build in the app); every extra connection (backups) must use it. */
  nativeBinding?: string;
  paths: {
    dataDir: string;
    database: string;
    backups: string;
    prints: string;
  };
  /**
   * Replaces the open ledger with a backup (closes it, restores, reopens; the
   * `db` and `sqlite` above then point to the new connection, so read them
   * from ctx on every call instead of keeping them). Set by startBackend.
   */
  ledgerControl?: LedgerControl;
}

export interface LedgerControl {
  restoreBackup(file: string): Promise<{ previousBackup?: string; damagedKeptAs?: string }>;
}
