import { ledgerContract } from '../../../src-shared/contract/ledger.contract';
import { correctAllowance, journal, redoLast, undoLast } from '../campaigns/history';
import { correctItem } from '../campaigns/item-corrections';
import { allowanceFor, campaignInventory } from '../db/tables/ledger.table';
import { defineHandlers } from './define';
import { buildCampaignSummary } from '../../../templates/campaign-summary';
import { getCampaign } from '../campaigns/campaigns';
import { campaignRules } from '../db/game-data';
import { readPrintSettings, rulesetLabel } from '../pdf/context';
import { renderPdf } from '../pdf/render';
import { safeFileName } from '../pdf/documents';
import { isProvisional } from '../../../src-shared/ruleset/schema';

export const ledgerHandlers = defineHandlers(ledgerContract, {
  'ledger.journal': ({ campaignId }, ctx) => journal(ctx.db, campaignId),
  'ledger.undo': ({ campaignId, reason, requestId, eventId }, ctx) => undoLast(ctx.db, campaignId, reason, requestId, eventId),
  'ledger.redo': ({ campaignId, reason, requestId }, ctx) => redoLast(ctx.db, campaignId, reason, requestId),
  'ledger.correct': (input, ctx) => correctAllowance(ctx.db, input),
  'ledger.correctItem': (input, ctx) => correctItem(ctx.db, input),
  'print.campaignSummary': async ({ campaignId, paperSize }, ctx) => {
    const j = await journal(ctx.db, campaignId);
    const detail = await getCampaign(ctx.db, campaignId);
    const { pack, options } = await campaignRules(ctx.db, campaignId);
    const settings = await readPrintSettings(ctx.db);
    const provisionalTrophies = new Set(pack.cryptids.filter((c) => isProvisional(c, 'trophy')).map((c) => c.trophy.id));
    const doc = buildCampaignSummary(j, detail.standings, detail.finishes, options, provisionalTrophies);
    const shown = j.players.some((p) => p.inventory.trophies.some((t) => provisionalTrophies.has(t.trophyId)));
    const pdf = await renderPdf(doc.body, {
      paperSize: paperSize ?? settings.paperSize,
      title: doc.title,
      author: settings.clubName,
      footer: { rulesetLabel: rulesetLabel(pack), provisional: shown, nonStandard: j.campaign.nonStandard },
    });
    return { fileName: safeFileName(`${j.campaign.name} summary`, 'pdf', 'campaign-summary').toLowerCase(), base64: Buffer.from(pdf).toString('base64') };
  },
  'ledger.inventory': async ({ campaignId, playerId }, ctx) => ({
    allowance: await allowanceFor(ctx.db, campaignId, playerId),
    inventory: await campaignInventory(ctx.db, campaignId, playerId),
  }),
});
