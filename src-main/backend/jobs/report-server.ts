import type { MessagePort } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import { errorPayload } from '../../../src-shared/errors';
import type { ReportFilter } from '../../../src-shared/reports';
import type { Database } from '../db/schema';
import { renderReportPdf, type ReportPdfParams } from '../documents/playtest-report';
import { reportCsv, screenFigures } from '../reports/report-replies';
import type { DeskFilter } from '../../../src-shared/desk/filter';
import type { PaperSize } from '../../../templates/pdf/types';
import { deskCsv, deskReport, deskTrace } from '../desk/report';
import { deskPdf } from '../documents/desk-report';

/**
 * What a report worker builds: the PDF, the CSV with every figure's battle ids (millions over a large club), or the
 * Reports screen's figures (seconds of SQL over a large club, which would hold up every other request on SQLite).
 */
export type ReportJob =
  | { kind: 'pdf'; params: ReportPdfParams }
  | { kind: 'csv'; filter: ReportFilter }
  | { kind: 'figures'; filter: ReportFilter }
  // the designer's desk (issue 36): its figures over 100,000 battles, and the first reading of their records, take seconds
  | { kind: 'desk-report'; filter: DeskFilter; withKeys: boolean }
  | { kind: 'desk-trace'; filter: DeskFilter; figureId: string; offset: number; limit: number }
  | { kind: 'desk-csv'; filter: DeskFilter }
  | { kind: 'desk-pdf'; filter: DeskFilter; paperSize?: PaperSize };

/** Each kind of report job, built on the worker's connection (typed: a new kind without its builder does not compile). */
const BUILDERS = {
  pdf: (db: Kysely<Database>, job: Extract<ReportJob, { kind: 'pdf' }>) => renderReportPdf(db, job.params),
  csv: (db: Kysely<Database>, job: Extract<ReportJob, { kind: 'csv' }>) => reportCsv(db, job.filter),
  figures: (db: Kysely<Database>, job: Extract<ReportJob, { kind: 'figures' }>) => screenFigures(db, job.filter),
  'desk-report': (db: Kysely<Database>, job: Extract<ReportJob, { kind: 'desk-report' }>) => deskReport(db, job.filter, job.withKeys),
  'desk-trace': (db: Kysely<Database>, job: Extract<ReportJob, { kind: 'desk-trace' }>) => deskTrace(db, job.filter, job.figureId, job.offset, job.limit),
  'desk-csv': (db: Kysely<Database>, job: Extract<ReportJob, { kind: 'desk-csv' }>) => deskCsv(db, job.filter),
  'desk-pdf': (db: Kysely<Database>, job: Extract<ReportJob, { kind: 'desk-pdf' }>) => deskPdf(db, job.filter, job.paperSize),
} satisfies { [K in ReportJob['kind']]: (db: Kysely<Database>, job: Extract<ReportJob, { kind: K }>) => Promise<unknown> };

/** What a job of kind K gives back. */
export type ReportResult<J extends ReportJob> = Awaited<ReturnType<(typeof BUILDERS)[J['kind']]>>;

/** Builds a report job where it is called: in the worker, or on the backend's thread when no worker can start. */
export function buildReportJob<J extends ReportJob>(db: Kysely<Database>, job: J): Promise<ReportResult<J>> {
  const build = BUILDERS[job.kind] as (db: Kysely<Database>, job: ReportJob) => Promise<unknown>;
  return build(db, job) as Promise<ReportResult<J>>;
}

/** Messages between the backend and a print worker that builds reports (report-worker.ts starts it). */
export type ReportRequest = { type: 'report'; requestId: number; job: ReportJob };
export type ReportReply =
  { type: 'report-done'; requestId: number; result: unknown } | { type: 'report-error'; requestId: number; code: string; message: string };

/** Inside the worker: one report at a time, in the order asked, on the worker's own read-only connection. */
export function serveReports(db: Kysely<Database>, port: MessagePort): void {
  let queue = Promise.resolve();
  port.on('message', (m: ReportRequest) => {
    if (m.type !== 'report') return;
    queue = queue.then(async () => {
      try {
        port.postMessage({ type: 'report-done', requestId: m.requestId, result: await buildReportJob(db, m.job) } satisfies ReportReply);
      } catch (e) {
        const { code, message } = errorPayload(e);
        port.postMessage({ type: 'report-error', requestId: m.requestId, code, message } satisfies ReportReply);
      }
    });
  });
}
