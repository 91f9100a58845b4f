import { reportsContract } from '../../../src-shared/contract/reports.contract';
import { reportToCsv, type ReportFilter } from '../../../src-shared/reports';
import type { BackendContext } from '../context';
import { upsertPlaytestBattles } from '../db/tables/reports.table';
import { loadReportBattles } from '../reports/played-battles';
import { sqlReport } from '../db/tables/report-query.repo';
import { getRulesetVersion, latestRulesetVersionId } from '../db/tables/rulesets.table';
import { readPrintSettings, rulesetLabel } from '../pdf/context';
import { pdfPageCount } from '../pdf/documents';
import { renderPdf } from '../pdf/render';
import { playtestReportCharts } from '../pdf/vega-charts';
import { buildPlaytestReport } from '../../../templates/playtest-report';
import { defineHandlers } from './define';

/** Display names for faction, order, gambit and ability ids, from the newest default pack. */
async function namesAndLabel(ctx: BackendContext): Promise<{ names: Record<string, string>; factions: { id: string; name: string }[]; label: string }> {
  try {
    const versionId = await latestRulesetVersionId(ctx.db);
    const { pack, version } = await getRulesetVersion(ctx.db, versionId);
    const names: Record<string, string> = {};
    for (const x of [...pack.factions, ...pack.orders, ...pack.gambits, ...pack.captainAbilities]) names[x.id] = x.name;
    return { names, factions: pack.factions.map((f) => ({ id: f.id, name: f.name })), label: rulesetLabel(pack, version.version) };
  } catch {
    return { names: {}, factions: [], label: 'ruleset unknown' };
  }
}

/** The report from its facts in SQL; buildReport over the loaded battles is its test oracle. */
function report(ctx: BackendContext, filter: ReportFilter) {
  return sqlReport(ctx.db, filter);
}

function scopeLabel(f: ReportFilter, names: Record<string, string>): string {
  const parts: string[] = [];
  parts.push(f.campaignIds?.length ? `${f.campaignIds.length} campaign${f.campaignIds.length > 1 ? 's' : ''}` : 'Whole club');
  if (f.from || f.to) parts.push(`${f.from ?? 'start'} to ${f.to ?? 'today'}`);
  if (f.factionIds?.length) parts.push(f.factionIds.map((x) => names[x] ?? x).join(', '));
  if (f.missions?.length) parts.push(`mission ${f.missions.join(', ')}`);
  return parts.join(' · ');
}

export const reportsHandlers = defineHandlers(reportsContract, {
  'reports.run': async (filter, ctx) => {
    const [r, meta] = await Promise.all([report(ctx, filter), namesAndLabel(ctx)]);
    // factions seen in battles but unknown to the pack still get a filter entry
    const known = new Set(meta.factions.map((f) => f.id));
    const extra = r.byFaction.filter((f) => !known.has(f.factionId)).map((f) => ({ id: f.factionId, name: f.factionId }));
    return { report: r, names: meta.names, factions: [...meta.factions, ...extra] };
  },
  'reports.pdf': async ({ paperSize, ...filter }, ctx) => {
    const [r, meta, settings] = await Promise.all([report(ctx, filter), namesAndLabel(ctx), readPrintSettings(ctx.db)]);
    const charts = r.games > 0 ? await playtestReportCharts(r, (id) => meta.names[id] ?? id) : undefined;
    const doc = buildPlaytestReport({ report: r, names: meta.names, scope: scopeLabel(filter, meta.names), charts });
    const pdf = await renderPdf(doc.body, {
      paperSize: paperSize ?? settings.paperSize,
      title: doc.title,
      author: settings.clubName,
      subject: scopeLabel(filter, meta.names),
      footer: { rulesetLabel: meta.label, provisional: false, nonStandard: r.sequences.alternating > 0 },
    });
    return { fileName: 'playtest-report.pdf', base64: pdf.toString('base64'), pages: pdfPageCount(pdf) };
  },
  'reports.csv': async (filter, ctx) => {
    const [r, meta] = await Promise.all([report(ctx, filter), namesAndLabel(ctx)]);
    return { fileName: 'playtest-report.csv', text: reportToCsv(r, (id) => meta.names[id] ?? id) };
  },
  // only the battles asked for are read (a figure's click-through must not load the whole club)
  'reports.battles': async ({ ids }, ctx) => loadReportBattles(ctx.db, { ids: [...new Set(ids)] }),
  'reports.importBattles': async ({ battles }, ctx) => {
    await ctx.db.transaction().execute((trx) => upsertPlaytestBattles(trx, battles));
    return { stored: battles.length };
  },
});
