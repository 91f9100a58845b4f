import type { ReportFilter } from '../../../src-shared/reports';
import type { PaperSize } from '../../../templates/pdf/types';
import { APPENDIX_BATTLES, buildPlaytestReport } from '../../../templates/playtest-report';
import type { Db } from '../db/schema';
import { sqlReport } from '../db/tables/report-query.repo';
import { namesAndLabel, pdfPageCount, readPrintSettings } from '../pdf/context';
import { renderPdf } from '../pdf/render';
import { playtestReportCharts } from '../pdf/vega-charts';

function scopeLabel(f: ReportFilter, names: Record<string, string>): string {
  const parts: string[] = [];
  parts.push(f.campaignIds?.length ? `${f.campaignIds.length} campaign${f.campaignIds.length > 1 ? 's' : ''}` : 'Whole club');
  if (f.from || f.to) parts.push(`${f.from ?? 'start'} to ${f.to ?? 'today'}`);
  if (f.factionIds?.length) parts.push(f.factionIds.map((x) => names[x] ?? x).join(', '));
  if (f.missions?.length) parts.push(`mission ${f.missions.join(', ')}`);
  if (f.source) parts.push(f.source === 'paper' ? 'paper records only' : 'Play Mode records only');
  return parts.join(' · ');
}

export interface ReportPdfParams {
  filter: ReportFilter;
  paperSize?: PaperSize;
}

/** The playtest report as a PDF: figures from SQL, only the ids its appendix prints, Vega charts. Runs in the print worker (jobs/report-worker.ts). */
export async function renderReportPdf(db: Db, { filter, paperSize }: ReportPdfParams): Promise<{ base64: string; pages: number }> {
  const [r, meta, settings] = await Promise.all([
    sqlReport(db, filter, { kind: 'appendix', limit: APPENDIX_BATTLES }),
    namesAndLabel(db),
    readPrintSettings(db),
  ]);
  const charts = r.games > 0 ? await playtestReportCharts(r, (id) => meta.names[id] ?? id) : undefined;
  const doc = buildPlaytestReport({
    report: r,
    names: meta.names,
    scope: scopeLabel(filter, meta.names),
    charts,
  });
  const pdf = await renderPdf(doc.body, {
    paperSize: paperSize ?? settings.paperSize,
    title: doc.title,
    author: settings.clubName,
    subject: scopeLabel(filter, meta.names),
    footer: { rulesetLabel: meta.label, provisional: false, nonStandard: r.sequences.alternating > 0 },
  });
  return { base64: pdf.toString('base64'), pages: pdfPageCount(pdf) };
}
