import type { ReportFilter } from '../../../src-shared/reports';
import type { PaperSize } from '../../../templates/pdf/types';
import { APPENDIX_BATTLES, buildPlaytestReport } from '../../../templates/playtest-report';
import type { Db } from '../db/schema';
import { sqlReport } from '../db/tables/report-query.repo';
import { getRulesetVersion, latestRulesetVersionId } from '../db/tables/rulesets.table';
import { readPrintSettings, rulesetLabel } from './context';
import { pdfPageCount } from './documents';
import { renderPdf } from './render';
import { playtestReportCharts } from './vega-charts';

import { TRACKED_ABILITIES } from '../../../src-shared/battle/abilities';

/** Display names for faction, order, gambit and ability ids, from the newest default pack. */
export async function namesAndLabel(db: Db): Promise<{ names: Record<string, string>; factions: { id: string; name: string }[]; label: string }> {
  try {
    const versionId = await latestRulesetVersionId(db);
    const { pack, version } = await getRulesetVersion(db, versionId);
    const names: Record<string, string> = {};
    for (const x of [...pack.factions, ...pack.orders, ...pack.gambits, ...pack.captainAbilities]) names[x.id] = x.name;
    // limited unit abilities are counted by their special rule's id (abilities.ts)
    for (const [id, a] of Object.entries(TRACKED_ABILITIES)) names[id] ??= a.name;
    return { names, factions: pack.factions.map((f) => ({ id: f.id, name: f.name })), label: rulesetLabel(pack, version.version) };
  } catch {
    return { names: {}, factions: [], label: 'ruleset unknown' };
  }
}

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
