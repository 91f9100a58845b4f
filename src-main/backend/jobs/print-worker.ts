import type { Worker } from 'node:worker_threads';
import type { BackendContext } from '../context';
import { startWorker } from '../worker/start-worker';
import type { PrintWork, WorkerInput } from './batch.worker';

/**
 * A print worker (batches, reports or an import) on this backend's ledger, or null when this build has none (the
 * work then runs on this thread). It opens the ledger as the backend does: the same file or league database, and
 * the same native SQLite binding (the Electron build's own; Node's would not load there).
 */
export function createPrintWorker(ctx: BackendContext, work: PrintWork): Worker | null {
  const workerData: WorkerInput = { databaseFile: ctx.paths.database, databaseUrl: ctx.leagueUrl, nativeBinding: ctx.nativeBinding, ...work };
  return startWorker(import.meta.url, { source: './batch.worker.ts', bundled: './batch-worker.js' }, workerData);
}
