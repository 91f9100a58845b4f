import { mkdirSync } from 'node:fs';
import { openLedger } from './db/database';
import type { BackendContext, BackendMode } from './context';
import { createDispatcher, type Dispatch } from './dispatcher';
import { allHandlers } from './handlers';
import { acquireDataDirLock, type DataDirLock } from './lock';
import { ledgerPaths } from './paths';
import { APP_VERSION } from './version';

export interface Backend {
  ctx: BackendContext;
  dispatch: Dispatch;
  close(): Promise<void>;
}

export interface StartBackendOptions {
  dataDir: string;
  mode: BackendMode;
  nativeBinding?: string;
  /** Take the single-owner lock on the data folder (off for read-only CLI use in tests). */
  lock?: boolean;
  onInternalError?: (channel: string, error: unknown) => void;
}

/** Opens the ledger in a data folder and wires every handler to one dispatcher. */
export async function startBackend(opts: StartBackendOptions): Promise<Backend> {
  const paths = ledgerPaths(opts.dataDir);
  mkdirSync(paths.dataDir, { recursive: true });
  let lock: DataDirLock | undefined;
  if (opts.lock !== false) lock = acquireDataDirLock(paths.lock, opts.mode);
  try {
    const ledger = await openLedger({ file: paths.database, backupDir: paths.backups, nativeBinding: opts.nativeBinding });
    const ctx: BackendContext = {
      db: ledger.db,
      sqlite: ledger.sqlite,
      mode: opts.mode,
      appVersion: APP_VERSION,
      schemaVersion: ledger.schemaVersion,
      paths: { dataDir: paths.dataDir, database: paths.database, backups: paths.backups },
    };
    const dispatch = createDispatcher(ctx, allHandlers, { onInternalError: opts.onInternalError });
    return {
      ctx,
      dispatch,
      async close() {
        await ledger.close();
        lock?.release();
      },
    };
  } catch (e) {
    lock?.release();
    throw e;
  }
}
