import type { MessagePort } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import { errorPayload } from '../../../src-shared/errors';
import type { Database } from '../db/schema';
import { renderReportPdf, type ReportPdfParams } from '../pdf/playtest-report';

/** Messages between the backend and a print worker that renders reports (report-worker.ts starts it). */
export type ReportRequest = { type: 'report'; requestId: number; params: ReportPdfParams };
export type ReportReply =
  { type: 'report-done'; requestId: number; base64: string; pages: number } | { type: 'report-error'; requestId: number; code: string; message: string };

/** Inside the worker: one report at a time, in the order asked, on the worker's own read-only connection. */
export function serveReports(db: Kysely<Database>, port: MessagePort): void {
  let queue = Promise.resolve();
  port.on('message', (m: ReportRequest) => {
    if (m.type !== 'report') return;
    queue = queue.then(async () => {
      try {
        const pdf = await renderReportPdf(db, m.params);
        port.postMessage({ type: 'report-done', requestId: m.requestId, ...pdf } satisfies ReportReply);
      } catch (e) {
        const { code, message } = errorPayload(e);
        port.postMessage({ type: 'report-error', requestId: m.requestId, code, message } satisfies ReportReply);
      }
    });
  });
}
