// The backend in a worker thread: the Electron main process keeps its event
// loop free for the window while the ledger's synchronous SQLite work runs here.
import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../../../src-shared/errors';
import { startBackend, type StartBackendOptions } from '../backend';

export type BackendWorkerRequest = { type: 'call'; id: number; channel: unknown; input: unknown } | { type: 'close' };
export type BackendWorkerMessage =
  { type: 'ready' } | { type: 'failed'; error: ReturnType<AppError['toPayload']> } | { type: 'reply'; id: number; reply: unknown } | { type: 'closed' };

const port = parentPort!;
const opts = workerData as Omit<StartBackendOptions, 'onInternalError'>;

try {
  const backend = await startBackend({ ...opts, onInternalError: (ch, e) => console.error(`[${ch}]`, e) });
  port.on('message', async (m: BackendWorkerRequest) => {
    if (m.type === 'close') {
      await backend.close();
      port.postMessage({ type: 'closed' } satisfies BackendWorkerMessage);
      return;
    }
    const reply = await backend.dispatch(m.channel, m.input);
    port.postMessage({ type: 'reply', id: m.id, reply } satisfies BackendWorkerMessage);
  });
  port.postMessage({ type: 'ready' } satisfies BackendWorkerMessage);
} catch (e) {
  const err = e instanceof AppError ? e : new AppError('INTERNAL', (e as Error)?.message ?? String(e));
  port.postMessage({ type: 'failed', error: err.toPayload() } satisfies BackendWorkerMessage);
}
