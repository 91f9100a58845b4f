import { deskContract } from '../../../src-shared/contract/desk.contract';
import { deskChoices, deskClubs } from '../db/tables/desk.table';
import { deskImportsInProgress, importDeskBundles } from '../desk/import-job';
import { reportInWorker } from '../jobs/report-worker';
import { defineHandlers } from './define';

export const deskHandlers = defineHandlers(deskContract, {
  // large imports are checked and stored in the print worker; the channel takes the write gate itself (backend.ts)
  'desk.import': ({ files }, ctx) => importDeskBundles(ctx, files),
  'desk.importProgress': (_input, ctx) => deskImportsInProgress(ctx),
  'desk.clubs': (_input, ctx) => deskClubs(ctx.db),
  'desk.choices': (_input, ctx) => deskChoices(ctx.db),
  // built in the report worker, as the club report is: over 100,000 battles the figures take a second, and reading
  // the records the first time several, which would hold up every other request
  'desk.report': ({ filter, withKeys }, ctx) => reportInWorker(ctx, { kind: 'desk-report', filter, withKeys }),
  'desk.trace': ({ filter, figureId, offset, limit }, ctx) => reportInWorker(ctx, { kind: 'desk-trace', filter, figureId, offset, limit }),
  'desk.csv': ({ filter }, ctx) => reportInWorker(ctx, { kind: 'desk-csv', filter }),
  'desk.pdf': ({ filter, paperSize }, ctx) => reportInWorker(ctx, { kind: 'desk-pdf', filter, paperSize }),
});
