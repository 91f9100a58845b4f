import type { Worker } from 'node:worker_threads';
import type { BackendContext } from '../context';
import type { BatchParams } from './batch-print';
import type { BatchReply, BatchRequest } from './batch-server';
import { createPrintWorker } from './print-worker';
import { idleStop } from './idle-stop';

/**
 * Batches print in a worker of their own (niced, so it cannot serve reports), and one such worker per backend is
 * kept between batches: loading pdfmake, the fonts and the ruleset takes about a second, longer than printing a
 * campaign's two rosters. A batch asked for while the kept worker is busy gets a new worker, which ends with its
 * batch. The kept worker is replaced when the ledger is (a restore swaps ctx.db), never holds the process open
 * while idle, is stopped after a while without batches (idle-stop.ts) and with the backend.
 */
interface BatchWorker {
  worker: Worker;
  db: BackendContext['db'];
  running: { jobId: string; onReply: (r: BatchReply) => void; onStopped: (error?: Error) => void } | null;
  error?: Error;
  timer: ReturnType<typeof idleStop>;
}

const kept = new WeakMap<BackendContext, BatchWorker>();
/** Every batch worker of a backend until its thread has ended, the kept one among them. */
const live = new WeakMap<BackendContext, Set<BatchWorker>>();

export interface BatchInWorker {
  /** Asks the batch to stop between rosters. */
  cancel: () => void;
  /** Stops the worker at once (a batch that does not stop by itself). */
  terminate: () => void;
}

/**
 * Runs one batch in a print worker. `onReply` hears its progress and its end; `onStopped` that the worker ended
 * before the batch did (terminated or crashed). Null when this build has no worker.
 */
export function runBatchInWorker(
  ctx: BackendContext,
  params: BatchParams,
  onReply: (r: BatchReply) => void,
  onStopped: (error?: Error) => void,
): BatchInWorker | null {
  let w = kept.get(ctx);
  if (w && w.db !== ctx.db) {
    // the ledger was replaced: a worker still printing from the old one ends with its batch
    kept.delete(ctx);
    if (!w.running) void w.worker.terminate();
    w = undefined;
  }
  if (!w || w.running) {
    const fresh = startBatchWorker(ctx);
    if (!fresh) return null;
    if (!kept.has(ctx)) kept.set(ctx, fresh);
    w = fresh;
  }
  const { worker } = w;
  w.timer.busy();
  w.running = { jobId: params.jobId, onReply, onStopped };
  // held while it prints: a CLI waiting for its files has nothing else keeping it alive
  worker.ref();
  worker.postMessage({ type: 'batch', params } satisfies BatchRequest);
  return {
    cancel: () => worker.postMessage({ type: 'cancel', jobId: params.jobId } satisfies BatchRequest),
    terminate: () => void worker.terminate(),
  };
}

function startBatchWorker(ctx: BackendContext): BatchWorker | null {
  const worker = createPrintWorker(ctx, { batches: true });
  if (!worker) return null;
  const w: BatchWorker = {
    worker,
    db: ctx.db,
    running: null,
    timer: idleStop(() => {
      if (kept.get(ctx) !== w || w.running) return;
      kept.delete(ctx);
      void worker.terminate();
    }),
  };
  const all = live.get(ctx) ?? new Set();
  live.set(ctx, all.add(w));
  worker.on('message', (r: BatchReply) => {
    const run = w.running;
    if (!run || r.jobId !== run.jobId) return;
    if (r.type === 'done' || r.type === 'error') {
      w.running = null;
      if (kept.get(ctx) !== w) void worker.terminate();
      else {
        worker.unref();
        w.timer.idle();
      }
    }
    run.onReply(r);
  });
  worker.on('error', (e) => (w.error = e));
  worker.on('exit', () => {
    w.timer.busy();
    all.delete(w);
    if (kept.get(ctx) === w) kept.delete(ctx);
    const run = w.running;
    w.running = null;
    run?.onStopped(w.error);
  });
  return w;
}

/** With the backend: the kept worker ends now if idle, else once its batch is done. */
export function stopBatchWorker(ctx: BackendContext): void {
  const w = kept.get(ctx);
  if (!w) return;
  kept.delete(ctx);
  if (!w.running) void w.worker.terminate();
}

/** The threads of a backend's batch workers, and which is kept (tests, diagnostics). */
export function batchWorkerThreads(ctx: BackendContext): { kept: number | null; live: number[] } {
  return { kept: kept.get(ctx)?.worker.threadId ?? null, live: [...(live.get(ctx) ?? [])].map((w) => w.worker.threadId) };
}
