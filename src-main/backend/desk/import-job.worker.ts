import { parentPort } from 'node:worker_threads';
import { Kysely, PostgresDialect } from 'kysely';
import { errorPayload } from '../../../src-shared/errors';
import { openLedgerWriter } from '../db/database';
import type { Database } from '../db/schema';
import { checkDeskFiles, storeDeskBundles, type DeskFile, type DeskImportCounts, type DeskImportProgress } from './import';
import type { WorkerImportMessage } from '../jobs/worker-import';

/** Messages between the backend and a desk import running in the print worker (desk/import-job.ts). */
type DeskWorkerMessage = WorkerImportMessage<DeskImportCounts, DeskImportProgress>;

/**
 * Bundles imported off the backend's thread, as a large campaign file is
 * (jobs/import-job.worker.ts): unzipping, parsing and checking every file
 * (the slow part) run here while the backend answers; once all have passed,
 * the worker asks to write, the backend holds its own writes back and
 * answers "write", and the bundles are stored in one transaction.
 */
export function runDeskImportJob(databaseFile: string, files: DeskFile[], nativeBinding?: string, databaseUrl?: string): void {
  const port = parentPort!;
  const post = (m: DeskWorkerMessage) => port.postMessage(m);
  // a league's desk: node-postgres loaded at the first query, not at the worker's start
  const db = databaseUrl
    ? new Kysely<Database>({ dialect: new PostgresDialect({ pool: async () => (await import('../db/league')).createLeaguePool(databaseUrl, { max: 1 }) }) })
    : openLedgerWriter(databaseFile, nativeBinding);
  const progress = (p: DeskImportProgress) => post({ type: 'progress', progress: p });
  (async () => {
    const checked = checkDeskFiles(files, progress);
    await new Promise<void>((resolve) => {
      port.once('message', (m: { type: string }) => m.type === 'write' && resolve());
      post({ type: 'checked' });
    });
    return storeDeskBundles(db, checked, progress);
  })()
    .then((counts) => post({ type: 'done', counts }))
    .catch((e: unknown) => post({ type: 'error', error: errorPayload(e) }))
    .finally(async () => {
      await db.destroy();
      port.close();
    });
}
