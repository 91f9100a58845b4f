import { existsSync } from 'node:fs';
import { privateDir } from './private-files';
import { AppError } from '../../src-shared/errors';
import { appContract, isChannel } from '../../src-shared/contract';
import { writtenDomains } from '../../src-shared/contract/effects';
import { openLedger, openLedgerReadOnly, type Ledger } from './db/database';
import { restoreLedger } from './db/restore';
import { readSettings } from './db/tables/meta.table';
import { ensureBundledPacks } from './db/tables/rulesets.table';
import type { BackendContext, BackendMode } from './context';
import { createDispatcher, type Dispatch } from './dispatcher';
import { allHandlers } from './handlers';
import { acquireDataDirLock, type DataDirLock } from './lock';
import { damagedLedgerError } from './maintenance/corruption';
import { scheduleDailyBackups, takeRollingBackup, type RollingBackupTarget } from './maintenance/rolling-backups';
import { cleanOldPrints } from './maintenance/prints-cleanup';
import { cleanLeftoverFiles } from './maintenance/leftover-files';
import { keepUncleanShutdownCopy, walLossNotice } from './maintenance/unclean-shutdown';
import { startFailure } from './maintenance/start-errors';
import { ledgerPaths } from './paths';
import { APP_VERSION } from './version';
import { ledgerChanged } from './ledger-caches';
import { fillMissingReportFacts } from './reports/played-battles';
import { stopReportWorker } from './jobs/report-worker';
import { createGate } from './gate';

export { createGate } from './gate';

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
  /** Rolling backups on start and daily (default: on for the app and browser mode, off for the CLI and tests). */
  autoBackup?: boolean;
  /**
   * Read the ledger beside the process that holds the folder: no lock, no
   * migration, no backup, no cleaning, nothing filled in. Writes fail (the
   * connection is read-only); callers refuse them before they get that far.
   */
  readOnly?: boolean;
  /** The refusal a write gets from a read-only backend (the CLI names the process that holds the folder). */
  writeRefusal?: AppError;
  onInternalError?: (channel: string, error: unknown) => void;
}

/** Channels that replace the ledger: they run alone, after every other call has finished. */
const EXCLUSIVE_CHANNELS = new Set<unknown>(['backups.restore']);
/** Writing channels that take the ledger's write gate themselves, around the part that writes (jobs/import-job.ts). */
const SELF_GATED_WRITES = new Set<unknown>(['campaigns.import']);

/**
 * Opens the ledger in a data folder and wires every handler to one dispatcher.
 *
 * The ledger can be swapped while the backend runs (restore from the app):
 * `ctx` is one object whose `db`/`sqlite` are replaced in place, and calls
 * pass through a gate so no request runs against a closing connection.
 */
export async function startBackend(opts: StartBackendOptions): Promise<Backend> {
  try {
    return await startBackendIn(opts);
  } catch (e) {
    throw startFailure(e, ledgerPaths(opts.dataDir).dataDir);
  }
}

async function startBackendIn(opts: StartBackendOptions): Promise<Backend> {
  const paths = ledgerPaths(opts.dataDir);
  privateDir(paths.dataDir);
  let lock: DataDirLock | undefined;
  if (opts.lock !== false && !opts.readOnly) lock = acquireDataDirLock(paths.lock, opts.mode);
  const stops: (() => void)[] = [];
  let opened: Ledger | undefined;
  const startNotices: string[] = [];
  try {
    if (lock) {
      cleanOldPrints(paths.prints);
      cleanLeftoverFiles([paths.dataDir, paths.backups]);
      // before SQLite's recovery replays (and may silently drop part of) a crashed session's WAL
      const crashCopy = keepUncleanShutdownCopy(paths.database, paths.backups);
      const loss = crashCopy && walLossNotice(crashCopy);
      if (loss) startNotices.push(loss);
    }
    const open = async (): Promise<Ledger> => {
      try {
        if (opts.readOnly) return await openLedgerReadOnly({ file: paths.database, nativeBinding: opts.nativeBinding });
        const l = await openLedger({ file: paths.database, backupDir: paths.backups, nativeBinding: opts.nativeBinding });
        try {
          await fillMissingReportFacts(l.db);
        } catch (e) {
          await l.close();
          throw e;
        }
        return l;
      } catch (e) {
        if (e instanceof AppError && e.code === 'DB_CORRUPT') throw damagedLedgerError(e, paths);
        throw e;
      }
    };
    const existed = existsSync(paths.database);
    let ledger = await open();
    opened = ledger;
    ledgerChanged();
    if (!opts.readOnly) await ensureBundledPacks(ledger.db); // the default pack as version 1 on a new ledger
    const ctx: BackendContext = {
      db: ledger.db,
      sqlite: ledger.sqlite,
      mode: opts.mode,
      appVersion: APP_VERSION,
      schemaVersion: ledger.schemaVersion,
      startNotices,
      nativeBinding: opts.nativeBinding,
      ledgerWrites: createGate(),
      paths: { dataDir: paths.dataDir, database: paths.database, backups: paths.backups, prints: paths.prints },
    };
    const inner = createDispatcher(ctx, allHandlers, { onInternalError: opts.onInternalError });
    const gate = createGate();

    ctx.ledgerControl = {
      // Called from inside the exclusive `backups.restore` call: nothing else runs meanwhile.
      async restoreBackup(file) {
        await ledger.close();
        let result: { previousBackup?: string; damagedKeptAs?: string };
        try {
          result = restoreLedger({ source: file, database: paths.database, backupDir: paths.backups, nativeBinding: opts.nativeBinding });
        } finally {
          // Reopen whatever is in place now: the restored file, or the untouched old one if the restore was refused.
          ledger = await open();
          ledgerChanged();
          ctx.db = ledger.db;
          ctx.sqlite = ledger.sqlite;
          ctx.schemaVersion = ledger.schemaVersion;
        }
        return result;
      },
    };

    const rolling: RollingBackupTarget = {
      database: paths.database,
      backups: paths.backups,
      nativeBinding: opts.nativeBinding,
      keep: async () => (await readSettings(ctx.db)).backupKeep,
    };
    const auto = !opts.readOnly && (opts.autoBackup ?? (opts.mode === 'electron' || opts.mode === 'browser'));
    if (auto) {
      // A brand-new, empty ledger has nothing worth keeping yet.
      if (existed) await takeRollingBackup(rolling, 'auto-start');
      const daily = scheduleDailyBackups(rolling, {
        run: (fn) => gate.exclusive(fn),
        onError: (e) => opts.onInternalError?.('maintenance.daily-backup', e),
      });
      stops.push(daily.stop);
    }

    const writeRefusal = opts.writeRefusal ?? new AppError('LOCKED', 'This data folder is open for reading only here; nothing can be changed.');
    const dispatch: Dispatch = (channel, input) => {
      // decided by the contract's declared effects, so a new write channel is refused without being listed anywhere
      if (opts.readOnly && isChannel(channel) && writtenDomains(appContract[channel].effects).length > 0)
        return Promise.resolve({ ok: false, error: writeRefusal.toPayload() });
      const writes = isChannel(channel) && !SELF_GATED_WRITES.has(channel) && writtenDomains(appContract[channel].effects).length > 0;
      const run = writes ? () => ctx.ledgerWrites.shared(() => inner(channel, input)) : () => inner(channel, input);
      return EXCLUSIVE_CHANNELS.has(channel) ? gate.exclusive(run) : gate.shared(run);
    };

    return {
      ctx,
      dispatch,
      async close() {
        for (const stop of stops) stop();
        stopReportWorker(ctx);
        await gate.exclusive(async () => {
          await ledger.close();
        });
        lock?.release();
      },
    };
  } catch (e) {
    for (const stop of stops) stop();
    // a start that failed after opening the ledger closes it: a leaked handle would keep the file busy
    await opened?.close().catch(() => undefined);
    lock?.release();
    throw e;
  }
}
