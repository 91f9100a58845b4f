import type { Kysely } from 'kysely';
import type { Database } from './db/schema';
import type { SqliteHandle } from './db/database';
import type { DialectName } from './db/dialect';
import type { ChangeFeed } from './db/league-changes';
import type { SecretBox } from './league-choice';
import type { Gate } from './gate';
import type { ClubNightRuntime } from './club-night/runtime';

export type BackendMode = 'electron' | 'browser' | 'cli' | 'test';

/** What every handler receives besides its parsed input. */
export interface BackendContext {
  db: Kysely<Database>;
  /** Which database holds the ledger: the SQLite file in the data folder, or a league's PostgreSQL server. */
  dialect: DialectName;
  /**
   * The SQLite handle of the ledger file (integrity checks, backups). A
   * league has none: reading it there throws, so check `dialect` first.
   */
  sqlite: SqliteHandle;
  /** In league mode, the server's URL without its password (safe to show); undefined on SQLite. */
  leagueLabel?: string;
  /** In league mode, the URL the print worker connects with (it may carry the password: never shown or logged). */
  leagueUrl?: string;
  /** In league mode, other organisers' writes as they happen (LISTEN/NOTIFY). */
  changes?: ChangeFeed;
  /** The operating system's encryption for the league password (Electron's safeStorage); absent in browser mode and the CLI. */
  secrets?: SecretBox;
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
  /** Club night's live state: the LAN listener (browser mode sets it), live notices, last heard, rate limits. */
  clubNight: ClubNightRuntime;
}

interface LedgerControl {
  restoreBackup(file: string): Promise<{ previousBackup?: string; damagedKeptAs?: string }>;
}
