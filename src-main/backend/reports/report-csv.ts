import type { Kysely, Transaction } from 'kysely';
import { reportToCsv, type ReportFilter } from '../../../src-shared/reports';
import type { Database } from '../db/schema';
import { sqlReport } from '../db/tables/report-query.repo';
import { namesAndLabel } from '../pdf/playtest-report';

/** The playtest report as CSV: every figure with the ids of the battles behind it, named as on screen. */
export async function reportCsv(db: Kysely<Database> | Transaction<Database>, filter: ReportFilter): Promise<{ fileName: string; text: string }> {
  const [r, meta] = await Promise.all([sqlReport(db, filter), namesAndLabel(db)]);
  return { fileName: 'playtest-report.csv', text: reportToCsv(r, (id) => meta.names[id] ?? id) };
}
