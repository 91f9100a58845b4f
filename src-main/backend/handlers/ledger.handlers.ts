import { ledgerContract } from '../../../src-shared/contract/ledger.contract';
import { correctAllowance, journal, redoLast, undoLast } from '../campaigns/history';
import { correctItem } from '../campaigns/item-corrections';
import { allowanceFor, campaignInventory } from '../db/tables/ledger.table';
import { defineHandlers } from './define';
import { campaignSummaryPdf } from '../documents/campaign-summary';

export const ledgerHandlers = defineHandlers(ledgerContract, {
  'ledger.journal': ({ campaignId }, ctx) => journal(ctx.db, campaignId),
  'ledger.undo': ({ campaignId, reason, requestId, eventId }, ctx) => undoLast(ctx.db, campaignId, reason, requestId, eventId),
  'ledger.redo': ({ campaignId, reason, requestId }, ctx) => redoLast(ctx.db, campaignId, reason, requestId),
  'ledger.correct': (input, ctx) => correctAllowance(ctx.db, input),
  'ledger.correctItem': (input, ctx) => correctItem(ctx.db, input),
  'print.campaignSummary': ({ campaignId, paperSize }, ctx) => campaignSummaryPdf(ctx.db, campaignId, paperSize),
  'ledger.inventory': async ({ campaignId, playerId }, ctx) => ({
    allowance: await allowanceFor(ctx.db, campaignId, playerId),
    inventory: await campaignInventory(ctx.db, campaignId, playerId),
  }),
});
