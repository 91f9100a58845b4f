import { checkCrossover } from '../../../src-shared/campaign/crossover';
import { campaignsContract } from '../../../src-shared/contract/campaigns.contract';
import { createCampaign, getCampaign, listCampaigns, campaignPage, campaignSummary, setCampaignStatus } from '../campaigns/campaigns';
import { checkOutcomeArmies, finishMission, previewFinish } from '../campaigns/finish-mission';
import { storePaperRecord } from '../campaigns/paper-record';
import { exportCampaigns } from '../campaigns/portable';
import { importCampaignFile, importsInProgress } from '../jobs/import-job';
import { previewCampaignImport } from '../campaigns/import-preview';
import { mapFilePlayers } from '../campaigns/player-map';
import { announceDisplaced } from '../battles/displaced';
import { defineHandlers } from './define';

export const campaignsHandlers = defineHandlers(campaignsContract, {
  'campaigns.create': async (input, ctx) => getCampaign(ctx.db, await createCampaign(ctx.db, input)),
  'campaigns.list': (input, ctx) => listCampaigns(ctx.db, input),
  'campaigns.dashboard': ({ page, pageSize, ...filters }, ctx) => campaignPage(ctx.db, filters, { page, pageSize }),
  'campaigns.get': ({ id }, ctx) => getCampaign(ctx.db, id),
  'campaigns.setStatus': async ({ id, status }, ctx) => {
    await setCampaignStatus(ctx.db, id, status);
    return campaignSummary(ctx.db, id);
  },
  // the post-battle form's outcome names its armies' formations; Play Mode's (battles.finish) comes from the battle itself
  'campaigns.previewFinish': async (input, ctx) => {
    await checkOutcomeArmies(ctx.db, input.outcome);
    return previewFinish(ctx.db, input);
  },
  // checked inside Finish's transaction: another organiser's roster edit cannot slip between the check and the write
  'campaigns.finishMission': async (input, ctx) => {
    // the paper battle is a playtest record of its own (issue 41), written in the finish's transaction
    const r = await finishMission(ctx.db, input, {
      check: (trx) => checkOutcomeArmies(trx, input.outcome),
      beforeCommit: (trx) => storePaperRecord(trx, input.battleId, input.outcome),
    });
    // a battle of this mission still being played (its table card handed out) is marked at once, on its phones too
    if (r.recorded && input.outcome.campaignId) await announceDisplaced(ctx, [input.outcome.campaignId]);
    return r;
  },
  'campaigns.crossoverCheck': ({ a, b }) => checkCrossover(a, b),
  'campaigns.export': ({ ids }, ctx) => exportCampaigns(ctx.db, ids),
  'campaigns.import': async ({ json, mapPlayers }, ctx) => {
    const r = await importCampaignFile(ctx, await mapFilePlayers(ctx.db, json, mapPlayers));
    // a mission the file brings recorded displaces a battle of it in progress here
    await announceDisplaced(ctx);
    return r;
  },
  'campaigns.importPreview': async ({ json, mapPlayers }, ctx) => previewCampaignImport(ctx.db, await mapFilePlayers(ctx.db, json, mapPlayers)),
  'campaigns.importProgress': (_input, ctx) => importsInProgress(ctx),
});
