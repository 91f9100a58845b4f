import { battlesContract } from '../../../src-shared/contract/battles.contract';
import { abandonBattle, actOnBattle, battleDetail, exportBattle, finishBattle, listBattles, previewBattleFinish, startBattle } from '../battles/battles';
import { battleReportPdf } from '../documents/battle-report';
import { rateFinishedBattle, ratingsOfBattle } from '../battles/ratings';
import { announceDisplaced } from '../battles/displaced';
import { defineHandlers } from './define';

export const battlesHandlers = defineHandlers(battlesContract, {
  'battles.start': async (input, ctx) => battleDetail(ctx.db, await startBattle(ctx.db, input)),
  'battles.list': (input, ctx) => listBattles(ctx.db, input),
  'battles.get': ({ battleId }, ctx) => battleDetail(ctx.db, battleId),
  'battles.act': async ({ battleId, clientEventId, intent }, ctx, caller) => {
    // a phone's events carry its table link, which may undo only those
    const linkId = caller.scope === 'table' ? caller.linkId : null;
    const { recorded } = await actOnBattle(ctx.db, battleId, clientEventId, intent, { linkId });
    return { recorded, battle: await battleDetail(ctx.db, battleId) };
  },
  'battles.previewFinish': ({ battleId, result }, ctx) => previewBattleFinish(ctx.db, battleId, result),
  'battles.finish': async ({ battleId, result, requestId, ratings }, ctx) => {
    const r = await finishBattle(ctx.db, battleId, result, requestId, ratings);
    // another battle of this mission, still in progress, can no longer finish it: its phones are told at once
    if (r.recorded) await announceDisplaced(ctx);
    return { ...r, battle: await battleDetail(ctx.db, battleId) };
  },
  'battles.ratings': ({ battleId }, ctx) => ratingsOfBattle(ctx.db, battleId),
  'battles.rate': ({ battleId, side, rating }, ctx) => rateFinishedBattle(ctx.db, battleId, side, rating),
  'battles.abandon': async ({ battleId }, ctx) => {
    await abandonBattle(ctx.db, battleId);
    return battleDetail(ctx.db, battleId);
  },
  'battles.export': ({ battleId }, ctx) => exportBattle(ctx.db, battleId),
  'print.battleReport': ({ battleId, paperSize }, ctx) => battleReportPdf(ctx, battleId, paperSize),
});
