import { reportsContract } from '../../../src-shared/contract/reports.contract';
import type { ReportFilter } from '../../../src-shared/reports';
import type { BackendContext } from '../context';
import { upsertPlaytestBattles } from '../db/tables/reports.table';
import { loadReportBattles } from '../reports/played-battles';
import { sqlReport, sqlReportFigures, traceBattleIds } from '../db/tables/report-query.repo';
import { namesAndLabel } from '../pdf/playtest-report';
import { reportInWorker } from '../jobs/report-worker';
import { defineHandlers } from './define';
import { writeTransaction } from '../db/dialect';

/** The report from its facts in SQL; buildReport over the loaded battles is its test oracle. */
function report(ctx: BackendContext, filter: ReportFilter) {
  return sqlReport(ctx.db, filter);
}

/** The report with the names of the ids in it; factions seen in battles but unknown to the pack still get a filter entry. */
async function withNames<R extends { byFaction: { factionId: string }[] }>(ctx: BackendContext, report: Promise<R>) {
  const [r, meta] = await Promise.all([report, namesAndLabel(ctx.db)]);
  const known = new Set(meta.factions.map((f) => f.id));
  const extra = r.byFaction.filter((f) => !known.has(f.factionId)).map((f) => ({ id: f.factionId, name: f.factionId }));
  return { report: r, names: meta.names, factions: [...meta.factions, ...extra] };
}

export const reportsHandlers = defineHandlers(reportsContract, {
  'reports.run': (filter, ctx) => withNames(ctx, report(ctx, filter)),
  // the screen: counts instead of every figure's ids, which over a large club are millions (reports.trace lists them)
  'reports.figures': (filter, ctx) => withNames(ctx, sqlReportFigures(ctx.db, filter)),
  'reports.trace': async ({ filter, trace, offset, limit }, ctx) => {
    const { total, ids } = await traceBattleIds(ctx.db, filter, trace, { offset, limit });
    return { total, battles: ids.length ? await loadReportBattles(ctx.db, { ids }) : [] };
  },
  // built in the print worker: the backend's thread stays free for every other request meanwhile
  'reports.pdf': async ({ paperSize, ...filter }, ctx) => ({
    fileName: 'playtest-report.pdf',
    ...(await reportInWorker(ctx, { kind: 'pdf', params: { filter, paperSize } })),
  }),
  // every figure with its battle ids: over 100,000 battles that is millions of ids, built off the backend's thread too
  'reports.csv': (filter, ctx) => reportInWorker(ctx, { kind: 'csv', filter }),
  // only the battles asked for are read (a figure's click-through must not load the whole club)
  'reports.battles': async ({ ids }, ctx) => loadReportBattles(ctx.db, { ids: [...new Set(ids)] }),
  'reports.importBattles': async ({ battles }, ctx) => {
    await writeTransaction(ctx.db, (trx) => upsertPlaytestBattles(trx, battles));
    return { stored: battles.length };
  },
});
