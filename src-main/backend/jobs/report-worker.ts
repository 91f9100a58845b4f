import type { Worker } from 'node:worker_threads';
import { AppError, type ErrorCode } from '../../../src-shared/errors';
import type { BackendContext } from '../context';
import { createPrintWorker } from './print-worker';
import { idleStop } from './idle-stop';
import { buildReportJob, type ReportJob, type ReportReply, type ReportRequest, type ReportResult } from './report-server';

/**
 * Playtest reports (the PDF, the CSV and the Reports screen's figures) are
 * built in a print worker, not on the backend's thread: SQL, Vega charts and
 * pdfmake layout, or the CSV's millions of battle ids over a large club, take
 * long enough to hold up every other request. One worker per backend is started on the first report
 * and kept (loading pdfmake and Vega costs more than a small report); it is
 * replaced when the ledger is (a restore swaps ctx.db), stopped after a while
 * without reports (idle-stop.ts) and with the backend.
 */
interface ReportWorker {
  worker: Worker;
  db: BackendContext['db'];
  pending: Map<number, { resolve: (r: unknown) => void; reject: (e: Error) => void }>;
  timer: ReturnType<typeof idleStop>;
}
const workers = new WeakMap<BackendContext, ReportWorker>();
let nextRequest = 0;

function workerFor(ctx: BackendContext): ReportWorker | null {
  const held = workers.get(ctx);
  if (held && held.db === ctx.db) return held;
  if (held) stopReportWorker(ctx);
  const worker = createPrintWorker(ctx, { reports: true });
  if (!worker) return null;
  // an idle report worker never keeps the process alive
  worker.unref();
  const w: ReportWorker = {
    worker,
    db: ctx.db,
    pending: new Map(),
    timer: idleStop(() => {
      if (workers.get(ctx) === w && w.pending.size === 0) stopReportWorker(ctx);
    }),
  };
  worker.on('message', (m: ReportReply) => {
    const p = w.pending.get(m.requestId);
    if (!p) return;
    w.pending.delete(m.requestId);
    if (w.pending.size === 0) {
      worker.unref();
      w.timer.idle();
    }
    if (m.type === 'report-done') p.resolve(m.result);
    else p.reject(new AppError(m.code as ErrorCode, m.message));
  });
  const fail = (e: Error) => {
    w.timer.busy();
    if (workers.get(ctx) === w) workers.delete(ctx);
    for (const p of w.pending.values()) p.reject(e);
    w.pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', () => fail(new AppError('INTERNAL', 'The print worker stopped before the report was done.')));
  workers.set(ctx, w);
  return w;
}

export function reportInWorker<J extends ReportJob>(ctx: BackendContext, job: J): Promise<ReportResult<J>> {
  const w = workerFor(ctx);
  if (!w) return buildReportJob(ctx.db, job);
  const requestId = ++nextRequest;
  return new Promise((resolve, reject) => {
    // held while a report is under way: a CLI waiting for its PDF has nothing else keeping it alive
    if (w.pending.size === 0) w.worker.ref();
    w.timer.busy();
    w.pending.set(requestId, { resolve: resolve as (r: unknown) => void, reject });
    w.worker.postMessage({ type: 'report', requestId, job } satisfies ReportRequest);
  });
}

export function stopReportWorker(ctx: BackendContext): void {
  const w = workers.get(ctx);
  if (!w) return;
  workers.delete(ctx);
  void w.worker.terminate();
}
