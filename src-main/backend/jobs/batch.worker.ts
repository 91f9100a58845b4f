import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { createLeaguePool } from '../db/league';
import type { Database } from '../db/schema';
import { isAppError } from '../../../src-shared/errors';
import { runBatch, type BatchParams } from './batch-print';
import { serveReports } from './report-server';
import { runImportJob } from './import-job.worker';
import { batchNiceness } from './batch-niceness';

/**
 * The print worker: a thread of its own, so rendering a hundred army sheets
 * never blocks the backend that answers the UI. It opens the ledger
 * read-only (SQLite allows readers beside the one writer) and reports
 * progress by message; a { type: 'cancel' } message stops it between rosters.
 * Started with { reports: true } it stays up and renders playtest reports
 * on request instead (report-server.ts).
 */
/** `databaseUrl`: in league mode the worker reads (and an import writes) the league's PostgreSQL database instead of the file. */
export type PrintWork = { params: BatchParams } | { reports: true } | { importJson: string };
export type WorkerInput = { databaseFile: string; databaseUrl?: string; nativeBinding?: string } & PrintWork;
export type WorkerMessage =
  | { type: 'progress'; done: number; total: number; current: string | null }
  | { type: 'committing' }
  | { type: 'done'; outputs: string[] }
  | { type: 'error'; code: string; message: string };

const input = workerData as WorkerInput;

if ('importJson' in input) runImportJob(input.databaseFile, input.importJson, input.nativeBinding, input.databaseUrl);
else {
  const db: Kysely<Database> = input.databaseUrl
    ? new Kysely<Database>({ dialect: new PostgresDialect({ pool: createLeaguePool(input.databaseUrl, { max: 2 }) }) })
    : new Kysely<Database>({
        dialect: new SqliteDialect({
          database: new BetterSqlite3(input.databaseFile, {
            readonly: true,
            fileMustExist: true,
            ...(input.nativeBinding ? { nativeBinding: input.nativeBinding } : {}),
          }),
        }),
      });
  if ('reports' in input) serveReports(db, parentPort!);
  else runBatchJob(db, input.params);
}

function runBatchJob(db: Kysely<Database>, params: BatchParams) {
  // A batch is background work: it yields the CPU to the thread that answers the UI. On Linux
  // niceness is per thread, so this lowers only this worker; elsewhere it may
  // apply to the process or be refused, and printing just runs at normal priority.
  try {
    const niceness = batchNiceness(process.env.AOA_BATCH_NICENESS);
    if (process.platform === 'linux' && niceness > 0) setPriority(niceness);
  } catch {
    // not permitted: keep the default priority
  }
  let cancelled = false;
  parentPort!.on('message', (m: { type: string }) => {
    if (m.type === 'cancel') cancelled = true;
  });

  const post = (m: WorkerMessage) => parentPort!.postMessage(m);

  runBatch(
    db,
    params,
    (p) => post({ type: 'progress', ...p }),
    () => cancelled,
    () => post({ type: 'committing' }),
  )
    .then((outputs) => post({ type: 'done', outputs }))
    .catch((e: unknown) => post({ type: 'error', code: isAppError(e) ? e.code : 'INTERNAL', message: e instanceof Error ? e.message : String(e) }))
    .finally(async () => {
      await db.destroy();
      // the message listener would keep the thread alive; the job is over
      parentPort!.close();
    });
}
