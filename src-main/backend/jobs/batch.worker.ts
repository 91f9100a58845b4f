import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from '../db/schema';
import type { DeskFile } from '../desk/import';
import { batchNiceness } from './batch-niceness';

/**
 * The print worker: a thread of its own, so rendering a hundred army sheets
 * never blocks the backend that answers the UI. It opens the ledger
 * read-only (SQLite allows readers beside the one writer) and stays up,
 * printing the batches it is sent ({ batches: true }, batch-server.ts) or
 * rendering playtest reports ({ reports: true }, report-server.ts); started
 * with { importJson } it merges one campaign file and ends, with { deskFiles }
 * it imports playtest bundles into the designer's desk and ends.
 */
/** `databaseUrl`: in league mode the worker reads (and an import writes) the league's PostgreSQL database instead of the file. */
export type PrintWork = { batches: true } | { reports: true } | { importJson: string } | { deskFiles: DeskFile[] };
export type WorkerInput = { databaseFile: string; databaseUrl?: string; nativeBinding?: string } & PrintWork;

const input = workerData as WorkerInput;

// each kind of work loads only its own code when the worker starts (a report worker no campaign import, a batch no
// desk): a worker's start was most of its modules' loading. Messages sent meanwhile wait on the port until the work's
// server listens.
if ('importJson' in input)
  void import('./import-job.worker').then((m) => m.runImportJob(input.databaseFile, input.importJson, input.nativeBinding, input.databaseUrl));
else if ('deskFiles' in input)
  void import('../desk/import-job.worker').then((m) => m.runDeskImportJob(input.databaseFile, input.deskFiles, input.nativeBinding, input.databaseUrl));
else {
  // node-postgres is loaded only for a league (Kysely asks for the pool at the first query), not at every worker's start
  const url = input.databaseUrl;
  const db: Kysely<Database> = url
    ? new Kysely<Database>({ dialect: new PostgresDialect({ pool: async () => (await import('../db/league')).createLeaguePool(url, { max: 2 }) }) })
    : new Kysely<Database>({
        dialect: new SqliteDialect({
          database: new BetterSqlite3(input.databaseFile, {
            readonly: true,
            fileMustExist: true,
            ...(input.nativeBinding ? { nativeBinding: input.nativeBinding } : {}),
          }),
        }),
      });
  if ('reports' in input) void import('./report-server').then((m) => m.serveReports(db, parentPort!));
  else {
    stepBack();
    void import('./batch-server').then((m) => m.serveBatches(db, parentPort!));
  }
}

/**
 * A batch is background work: it yields the CPU to the thread that answers the UI. On Linux niceness is per thread,
 * so this lowers only this worker, for good (an unprivileged thread cannot raise it again, which is why batches have
 * a worker of their own); elsewhere it may apply to the process or be refused, and printing just runs at normal
 * priority.
 */
function stepBack(): void {
  try {
    const niceness = batchNiceness(process.env.AOA_BATCH_NICENESS);
    if (process.platform === 'linux' && niceness > 0) setPriority(niceness);
  } catch {
    // not permitted: keep the default priority
  }
}
