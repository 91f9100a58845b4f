import type { Worker } from 'node:worker_threads';
import { AppError, type AppErrorPayload } from '../../../src-shared/errors';
import type { BackendContext } from '../context';

/** What an import worker says as it goes: progress, "checked, may I write?", its counts, or its error. */
export type WorkerImportMessage<Counts, Progress> =
  { type: 'progress'; progress: Progress } | { type: 'checked' } | { type: 'done'; counts: Counts } | { type: 'error'; error: AppErrorPayload };

/**
 * Follows an import running in the print worker (a large campaign file, a
 * desk's bundles) to its end. The worker parses and checks off the backend's
 * thread, then asks to write: the write waits its turn among the ledger's
 * writers (`ledgerWrites.exclusive`) without blocking this thread, and the
 * turn is given back when the worker is done, fails or dies. A worker that
 * exits before its answer rolled its transaction back: nothing was imported.
 */
export function followWorkerImport<Counts, Progress>(ctx: BackendContext, worker: Worker, onProgress: (p: Progress) => void, what: string): Promise<Counts> {
  return new Promise<Counts>((resolve, reject) => {
    let endWrite = () => {};
    const settle = (then: () => void) => {
      endWrite();
      then();
    };
    worker.on('message', (m: WorkerImportMessage<Counts, Progress>) => {
      if (m.type === 'progress') onProgress(m.progress);
      else if (m.type === 'checked')
        void ctx.ledgerWrites.exclusive(
          () =>
            new Promise<void>((release) => {
              endWrite = release;
              worker.postMessage({ type: 'write' });
            }),
        );
      else if (m.type === 'done') settle(() => resolve(m.counts));
      else settle(() => reject(AppError.fromPayload(m.error)));
    });
    worker.on('error', (e) => settle(() => reject(e)));
    // after done or error this settles nothing; before them the worker died and its transaction rolled back
    worker.on('exit', (code) => settle(() => reject(new AppError('INTERNAL', `${what} stopped unexpectedly (worker exit ${code}); nothing was imported.`))));
  });
}
