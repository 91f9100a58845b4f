import { reportsContract } from '../../../src-shared/contract/reports.contract';
import { upsertPlaytestBattles } from '../db/tables/reports.table';
import { loadReportBattles } from '../reports/played-battles';
import { sqlReport, traceBattleIds } from '../db/tables/report-query.repo';
import { withNames } from '../reports/report-replies';
import { reportInWorker } from '../jobs/report-worker';
import { defineHandlers } from './define';
import { writeTransaction } from '../db/dialect';

export const reportsHandlers = defineHandlers(reportsContract, {
  // every figure's battle ids (the report's API; buildReport over the loaded battles is its test oracle)
  'reports.run': (filter, ctx) => withNames(ctx.db, sqlReport(ctx.db, filter)),
  // the screen: counts instead of every figure's ids, which over a large club are millions (reports.trace lists them),
  // built in the print worker as the PDF and the CSV are
  'reports.figures': (filter, ctx) => reportInWorker(ctx, { kind: 'figures', filter }),
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
