import { reportToCsv, type ReportFilter } from '../../../src-shared/reports';
import type { Db } from '../db/schema';
import { sqlReport, sqlReportFigures } from '../db/tables/report-query.repo';
import { namesAndLabel } from '../pdf/context';

/** A report with the names of the ids in it; factions seen in battles but unknown to the pack still get a filter entry. */
export async function withNames<R extends { byFaction: { factionId: string }[] }>(db: Db, report: Promise<R>) {
  const [r, meta] = await Promise.all([report, namesAndLabel(db)]);
  const known = new Set(meta.factions.map((f) => f.id));
  const extra = r.byFaction.filter((f) => !known.has(f.factionId)).map((f) => ({ id: f.factionId, name: f.factionId }));
  return { report: r, names: meta.names, factions: [...meta.factions, ...extra] };
}

/** The Reports screen's figures with their names: each row with how many battles are behind it (reports.trace lists them). */
export function screenFigures(db: Db, filter: ReportFilter) {
  return withNames(db, sqlReportFigures(db, filter));
}

/** The playtest report as CSV: every figure with the ids of the battles behind it, named as on screen. */
export async function reportCsv(db: Db, filter: ReportFilter): Promise<{ fileName: string; text: string }> {
  const [r, meta] = await Promise.all([sqlReport(db, filter), namesAndLabel(db)]);
  return { fileName: 'playtest-report.csv', text: reportToCsv(r, (id) => meta.names[id] ?? id) };
}
