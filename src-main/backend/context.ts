import type { Kysely } from 'kysely';
import type { Database } from './db/schema';
import type { SqliteHandle } from './db/database';

export type BackendMode = 'electron' | 'browser' | 'cli' | 'test';

/** What every handler receives besides its parsed input. */
export interface BackendContext {
  db: Kysely<Database>;
  sqlite: SqliteHandle;
  mode: BackendMode;
  appVersion: string;
  schemaVersion: number;
  paths: {
    dataDir: string;
    database: string;
    backups: string;
  };
}
