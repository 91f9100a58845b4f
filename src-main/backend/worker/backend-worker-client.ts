import type { Worker } from 'node:worker_threads';
import type { WireReply } from '../../../src-shared/contract/define';
import { AppError } from '../../../src-shared/errors';
import type { StartBackendOptions } from '../backend';
import type { Dispatch } from '../dispatcher';
import type { BackendWorkerData, BackendWorkerMessage, BackendWorkerRequest } from './backend.worker';
import { startWorker } from './start-worker';

export interface BackendWorker {
  dispatch: Dispatch;
  close(): Promise<void>;
}

/** The worker running the whole backend; a build without it is broken. */
function createWorker(workerData: unknown): Worker {
  const worker = startWorker(import.meta.url, { source: './backend.worker.ts', bundled: './backend-worker.js' }, workerData);
  if (!worker) throw new AppError('INTERNAL', 'The backend worker is missing from this build.');
  return worker;
}

/**
 * Starts the backend in a worker thread and returns the same `dispatch` as
 * startBackend, so the Electron shell can swap one for the other. Start-up
 * failures (a newer or damaged ledger, a held lock) arrive as the AppError
 * they were in the worker.
 */
export async function startBackendWorker(opts: Omit<StartBackendOptions, 'onInternalError'>): Promise<BackendWorker> {
  const { secrets, ...data } = opts;
  const worker = createWorker({ ...data, secretsFromParent: secrets !== undefined } satisfies BackendWorkerData);
  // the worker asks for encryption by message: Electron's safeStorage exists on this (the main) thread only
  if (secrets)
    worker.on('message', (m: BackendWorkerMessage) => {
      if (m.type !== 'secret') return;
      secrets[m.op](m.text).then(
        (text) => worker.postMessage({ type: 'secret-reply', id: m.id, text } satisfies BackendWorkerRequest),
        (e: unknown) => worker.postMessage({ type: 'secret-reply', id: m.id, error: (e as Error)?.message ?? String(e) } satisfies BackendWorkerRequest),
      );
    });
  const pending = new Map<number, (r: WireReply) => void>();
  let nextId = 1;
  let closed: (() => void) | null = null;

  await new Promise<void>((resolve, reject) => {
    const onFirst = (m: BackendWorkerMessage) => {
      if (m.type === 'ready') resolve();
      else if (m.type === 'failed') reject(AppError.fromPayload(m.error));
    };
    worker.once('message', onFirst);
    worker.once('error', reject);
  });

  worker.on('message', (m: BackendWorkerMessage) => {
    if (m.type === 'reply') {
      pending.get(m.id)?.(m.reply as WireReply);
      pending.delete(m.id);
    } else if (m.type === 'closed') closed?.();
  });
  worker.on('exit', () => {
    for (const [, resolve] of pending) resolve({ ok: false, error: new AppError('INTERNAL', 'The backend stopped.').toPayload() });
    pending.clear();
    closed?.();
  });

  return {
    dispatch: (channel, input) =>
      new Promise<WireReply>((resolve) => {
        const id = nextId++;
        pending.set(id, resolve);
        worker.postMessage({ type: 'call', id, channel, input } satisfies BackendWorkerRequest);
      }),
    async close() {
      await new Promise<void>((resolve) => {
        closed = resolve;
        worker.postMessage({ type: 'close' } satisfies BackendWorkerRequest);
      });
      await worker.terminate();
    },
  };
}
