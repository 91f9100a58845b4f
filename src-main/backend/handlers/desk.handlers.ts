import { deskContract } from '../../../src-shared/contract/desk.contract';
import { deskClubs } from '../db/tables/desk.table';
import { deskImportsInProgress, importDeskBundles } from '../desk/import-job';
import { deskCsv, deskPdf, deskReport, deskTrace } from '../desk/report';
import { defineHandlers } from './define';

export const deskHandlers = defineHandlers(deskContract, {
  // large imports are checked and stored in the print worker; the channel takes the write gate itself (backend.ts)
  'desk.import': ({ files }, ctx) => importDeskBundles(ctx, files),
  'desk.importProgress': (_input, ctx) => deskImportsInProgress(ctx),
  'desk.clubs': (_input, ctx) => deskClubs(ctx.db),
  'desk.report': ({ filter, withKeys }, ctx) => deskReport(ctx.db, filter, withKeys),
  'desk.trace': ({ filter, figureId, offset, limit }, ctx) => deskTrace(ctx.db, filter, figureId, offset, limit),
  'desk.csv': ({ filter }, ctx) => deskCsv(ctx.db, filter),
  'desk.pdf': ({ filter, paperSize }, ctx) => deskPdf(ctx.db, filter, paperSize),
});
