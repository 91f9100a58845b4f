import type { MessagePort } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import { errorPayload } from '../../../src-shared/errors';
import type { Database } from '../db/schema';
import { runBatch, type BatchParams } from './batch-print';

/** Messages between the backend and a print worker that prints batches (job-manager.ts starts and keeps it). */
export type BatchRequest = { type: 'batch'; params: BatchParams } | { type: 'cancel'; jobId: string };
/** A batch's progress and its end, wherever it runs. */
export type BatchMessage =
  | { type: 'progress'; done: number; total: number; current: string | null }
  | { type: 'committing' }
  | { type: 'done'; outputs: string[] }
  | { type: 'error'; code: string; message: string };
export type BatchReply = { jobId: string } & BatchMessage;

/**
 * Inside the worker: the batches it is given, one at a time, on the worker's own read-only connection. The worker
 * stays up between them, so every batch after the first finds pdfmake, the fonts and the ruleset already loaded.
 * A cancel names its batch; one that arrives after its batch ended is ignored.
 */
export function serveBatches(db: Kysely<Database>, port: MessagePort): void {
  // the batches asked for and not yet ended, by job
  const jobs = new Map<string, { cancelled: boolean }>();
  let queue = Promise.resolve();
  port.on('message', (m: BatchRequest) => {
    if (m.type === 'cancel') {
      const job = jobs.get(m.jobId);
      if (job) job.cancelled = true;
      return;
    }
    if (m.type !== 'batch') return;
    const { jobId } = m.params;
    const job = { cancelled: false };
    jobs.set(jobId, job);
    const post = (r: BatchReply) => port.postMessage(r);
    queue = queue.then(async () => {
      try {
        const outputs = await runBatch(
          db,
          m.params,
          (p) => post({ jobId, type: 'progress', ...p }),
          () => job.cancelled,
          () => post({ jobId, type: 'committing' }),
        );
        post({ jobId, type: 'done', outputs });
      } catch (e) {
        post({ jobId, type: 'error', ...errorPayload(e) });
      } finally {
        jobs.delete(jobId);
      }
    });
  });
}
