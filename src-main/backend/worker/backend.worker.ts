// The backend in a worker thread: the Electron main process keeps its event
// loop free for the window while the ledger's synchronous SQLite work runs here.
import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../../../src-shared/errors';
import { startBackend, type StartBackendOptions } from '../backend';
import type { SecretBox } from '../league-choice';

export type BackendWorkerRequest =
  { type: 'call'; id: number; channel: unknown; input: unknown } | { type: 'close' } | { type: 'secret-reply'; id: number; text?: string; error?: string };
export type BackendWorkerMessage =
  | { type: 'ready' }
  | { type: 'failed'; error: ReturnType<AppError['toPayload']> }
  | { type: 'reply'; id: number; reply: unknown }
  | { type: 'closed' }
  | { type: 'secret'; id: number; op: 'encrypt' | 'decrypt'; text: string };

/** What the worker is started with: functions cannot cross threads, so the secret box is asked for by message. */
export type BackendWorkerData = Omit<StartBackendOptions, 'onInternalError' | 'secrets'> & { secretsFromParent?: boolean };

const port = parentPort!;
const { secretsFromParent, ...opts } = workerData as BackendWorkerData;

/** The shell's safeStorage, reached through the main thread (the only place Electron's API lives). */
function parentSecrets(): SecretBox {
  const waiting = new Map<number, { resolve: (t: string) => void; reject: (e: Error) => void }>();
  let next = 1;
  port.on('message', (m: BackendWorkerRequest) => {
    if (m.type !== 'secret-reply') return;
    const w = waiting.get(m.id);
    waiting.delete(m.id);
    if (m.error !== undefined) w?.reject(new AppError('INTERNAL', `The system's secure storage refused: ${m.error}`));
    else w?.resolve(m.text!);
  });
  const ask = (op: 'encrypt' | 'decrypt', text: string) =>
    new Promise<string>((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve, reject });
      port.postMessage({ type: 'secret', id, op, text } satisfies BackendWorkerMessage);
    });
  return { encrypt: (t) => ask('encrypt', t), decrypt: (t) => ask('decrypt', t) };
}

try {
  const backend = await startBackend({
    ...opts,
    ...(secretsFromParent ? { secrets: parentSecrets() } : {}),
    onInternalError: (ch, e) => console.error(`[${ch}]`, e),
  });
  port.on('message', async (m: BackendWorkerRequest) => {
    if (m.type === 'secret-reply') return;
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
