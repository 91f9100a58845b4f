import { parentPort } from 'node:worker_threads';
import { errorPayload } from '../../../src-shared/errors';
import { importCampaigns, type ImportCounts, type ImportProgress } from '../campaigns/portable';
import { Kysely, PostgresDialect } from 'kysely';
import { openLedgerWriter } from '../db/database';
import type { Database } from '../db/schema';
import type { WorkerImportMessage } from './worker-import';

/** Messages between the backend and a campaign import running in the print worker (import-job.ts). */
type ImportWorkerMessage = WorkerImportMessage<ImportCounts, ImportProgress>;

/**
 * A campaign file merged off the backend's thread: parsing and checking a
 * large file (the slow part) run here while the backend answers the UI. When
 * the file has passed its own checks the worker asks to write; the backend
 * holds its own writes back, answers "write", and the merge runs in one
 * transaction on this thread's connection.
 */
export function runImportJob(databaseFile: string, json: string, nativeBinding?: string, databaseUrl?: string): void {
  const port = parentPort!;
  const post = (m: ImportWorkerMessage) => port.postMessage(m);
  // league mode: the same merge on the league's PostgreSQL database (node-postgres loaded at the first query)
  const db = databaseUrl
    ? new Kysely<Database>({ dialect: new PostgresDialect({ pool: async () => (await import('../db/league')).createLeaguePool(databaseUrl, { max: 1 }) }) })
    : openLedgerWriter(databaseFile, nativeBinding);
  importCampaigns(db, json, {
    progress: (progress) => post({ type: 'progress', progress }),
    beforeWrite: () =>
      new Promise<void>((resolve) => {
        port.once('message', (m: { type: string }) => m.type === 'write' && resolve());
        post({ type: 'checked' });
      }),
  })
    .then((counts) => post({ type: 'done', counts }))
    .catch((e: unknown) =>
      post({
        type: 'error',
        error: errorPayload(e),
      }),
    )
    .finally(async () => {
      await db.destroy();
      port.close();
    });
}
