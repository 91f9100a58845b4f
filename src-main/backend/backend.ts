import { existsSync, statSync } from 'node:fs';
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
import { stopBatchWorker } from './jobs/kept-batch-worker';
import { isPostgresUrl, newerLeagueRefusal, pgConnectionString } from './db/league-url';
import type { LeagueLedger } from './db/league';
import type { SqliteHandle } from './db/database';
import type { SecretBox } from './league-choice';
import { createGate } from './gate';
import { createClubNightRuntime } from './club-night/runtime';
import type { WireReply } from '../../src-shared/contract/define';

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
  /**
   * League mode: a `postgres://` URL (from --database or AOA_DATABASE_URL).
   * The ledger is then the league's PostgreSQL database instead of the
   * SQLite file; the data folder still holds prints. No folder lock (several
   * organisers share the league by design), no file backups.
   */
  database?: string;
  /** The league password when the URL carries none (Electron's safeStorage, or the environment). */
  databasePassword?: string;
  /** Encryption for a league password saved from Settings (the Electron shell's safeStorage). */
  secrets?: SecretBox;
}

/** Channels that replace the ledger: they run alone, after every other call has finished. */
const EXCLUSIVE_CHANNELS = new Set<unknown>(['backups.restore']);
/** Writing channels that take the ledger's write gate themselves, around the part that writes (jobs/import-job.ts). */
const SELF_GATED_WRITES = new Set<unknown>(['campaigns.import', 'desk.import']);

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
    const paths = ledgerPaths(opts.dataDir);
    throw startFailure(e, paths.dataDir, opts.database === undefined ? startSpaceNeeded(paths.database) : undefined);
  }
}

/**
 * What a start on the SQLite ledger may write before it serves: a copy of the ledger and its WAL after an unclean
 * shutdown, then a backup of the ledger (before migrating, or the rolling one at start), and a margin for SQLite's
 * own pages. Named when a full disk stops the start.
 */
function startSpaceNeeded(database: string): number {
  const size = (f: string) => {
    try {
      return statSync(f).size;
    } catch {
      return 0;
    }
  };
  const ledger = size(database);
  const wal = size(`${database}-wal`);
  return 2 * (ledger + wal) + 1024 * 1024;
}

async function startBackendIn(opts: StartBackendOptions): Promise<Backend> {
  if (opts.database !== undefined) {
    if (!isPostgresUrl(opts.database))
      throw new AppError('VALIDATION', 'The league database must be a postgres:// URL, written postgres://USER@HOST:PORT/DATABASE.');
    return startLeagueBackend(opts, opts.database);
  }
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
      dialect: 'sqlite',
      secrets: opts.secrets,
      sqlite: ledger.sqlite,
      mode: opts.mode,
      appVersion: APP_VERSION,
      schemaVersion: ledger.schemaVersion,
      startNotices,
      nativeBinding: opts.nativeBinding,
      ledgerWrites: createGate(),
      clubNight: createClubNightRuntime(),
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
    const dispatch: Dispatch = async (channel, input, caller) => {
      // decided by the contract's declared effects, so a new write channel is refused without being listed anywhere
      if (opts.readOnly && isChannel(channel) && writtenDomains(appContract[channel].effects).length > 0) return { ok: false, error: writeRefusal.toPayload() };
      const writes = isChannel(channel) && !SELF_GATED_WRITES.has(channel) && writtenDomains(appContract[channel].effects).length > 0;
      const run = writes ? () => ctx.ledgerWrites.shared(() => inner(channel, input, caller)) : () => inner(channel, input, caller);
      const reply = await (EXCLUSIVE_CHANNELS.has(channel) ? gate.exclusive(run) : gate.shared(run));
      announceBattleChange(ctx.clubNight, reply, input);
      return reply;
    };

    return {
      ctx,
      dispatch,
      async close() {
        for (const stop of stops) stop();
        stopReportWorker(ctx);
        stopBatchWorker(ctx);
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

/**
 * A write that changed a battle wakes the live streams of club night's
 * phones and board (server-sent events): the battle the request named, so
 * both phones at a table see each other's events at once.
 */
function announceBattleChange(club: BackendContext['clubNight'], reply: WireReply, input: unknown): void {
  if (!reply.ok || !reply.written?.includes('battles')) return;
  const battleId = typeof input === 'object' && input !== null ? (input as { battleId?: unknown }).battleId : undefined;
  if (typeof battleId === 'string') club.changes.publish(battleId);
}

/** The SQLite handle a league does not have: any use of it is a bug, said as such. */
function noSqliteHandle(): SqliteHandle {
  throw new AppError('INTERNAL', 'This request needs the SQLite ledger file, and this backend runs on a league database.');
}

/**
 * The backend on a league's PostgreSQL database: the same dispatcher and
 * handlers over another connection. An app older than the league's schema
 * reads and refuses every write, naming the step it lacks.
 */
async function startLeagueBackend(opts: StartBackendOptions, url: string): Promise<Backend> {
  const paths = ledgerPaths(opts.dataDir);
  privateDir(paths.dataDir);
  // the password: given (safeStorage), else the environment; a pgpass file is read by the driver itself
  const password = opts.databasePassword ?? (process.env.AOA_DATABASE_PASSWORD || undefined);
  // node-postgres and the change feed are loaded for a league only: a data folder's backend never loads `pg`
  const [{ openLeague }, { startChangeFeed }] = await Promise.all([import('./db/league'), import('./db/league-changes')]);
  const league: LeagueLedger = await openLeague({ url, password, readOnly: opts.readOnly });
  let stopFeed: (() => Promise<void>) | undefined;
  try {
    const readOnly = opts.readOnly || league.newerSchema !== undefined;
    if (!readOnly) {
      await fillMissingReportFacts(league.db);
      await ensureBundledPacks(league.db);
    }
    ledgerChanged();
    const changes = startChangeFeed(url, { password, origin: crypto.randomUUID(), publishPool: league.pool });
    stopFeed = () => changes.close();
    const ctx: BackendContext = {
      db: league.db,
      dialect: 'postgres',
      changes,
      secrets: opts.secrets,
      get sqlite() {
        return noSqliteHandle();
      },
      leagueLabel: league.label,
      leagueUrl: pgConnectionString(url, password),
      mode: opts.mode,
      appVersion: APP_VERSION,
      schemaVersion: league.schemaVersion,
      startNotices: [],
      // the server orders writers itself (row locks, serializable); the gate only keeps the import worker's rule of one writer here
      ledgerWrites: createGate(),
      clubNight: createClubNightRuntime(),
      paths: { dataDir: paths.dataDir, database: league.label, backups: paths.backups, prints: paths.prints },
    };
    const inner = createDispatcher(ctx, allHandlers, { onInternalError: opts.onInternalError });
    const gate = createGate();
    const writeRefusal = league.newerSchema
      ? newerLeagueRefusal(league.newerSchema, league.label)
      : (opts.writeRefusal ?? new AppError('LOCKED', 'This league database is open for reading only here; nothing can be changed.'));
    const dispatch: Dispatch = async (channel, input, caller) => {
      const written = isChannel(channel) ? writtenDomains(appContract[channel].effects) : [];
      if (readOnly && written.length > 0) return { ok: false, error: writeRefusal.toPayload() };
      const reply = await gate.shared(() => inner(channel, input, caller));
      announceBattleChange(ctx.clubNight, reply, input);
      // the other organisers' screens refresh what this write changed; a lost notice only delays that, never the write
      if (reply.ok && written.length > 0) await changes.publish(written).catch(() => undefined);
      return reply;
    };
    return {
      ctx,
      dispatch,
      async close() {
        stopReportWorker(ctx);
        stopBatchWorker(ctx);
        await changes.close();
        await gate.exclusive(() => league.close());
      },
    };
  } catch (e) {
    await stopFeed?.().catch(() => undefined);
    await league.close().catch(() => undefined);
    throw e;
  }
}
