import { ledgerContract } from '../../../src-shared/contract/ledger.contract';
import { correctAllowance, journal, redoLast, undoLast } from '../campaigns/history';
import { allowanceFor, campaignInventory } from '../db/tables/ledger.table';
import { defineHandlers } from './define';

export const ledgerHandlers = defineHandlers(ledgerContract, {
  'ledger.journal': ({ campaignId }, ctx) => journal(ctx.db, campaignId),
  'ledger.undo': ({ campaignId, reason }, ctx) => undoLast(ctx.db, campaignId, reason),
  'ledger.redo': ({ campaignId, reason }, ctx) => redoLast(ctx.db, campaignId, reason),
  'ledger.correct': (input, ctx) => correctAllowance(ctx.db, input),
  'ledger.inventory': async ({ campaignId, playerId }, ctx) => ({
    allowance: await allowanceFor(ctx.db, campaignId, playerId),
    inventory: await campaignInventory(ctx.db, campaignId, playerId),
  }),
});
