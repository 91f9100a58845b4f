import { clubNightContract, type ClubNightStatus } from '../../../src-shared/contract/club-night.contract';
import { AppError } from '../../../src-shared/errors';
import { ORGANISER } from '../../../src-shared/contract/scopes';
import type { BackendContext } from '../context';
import { createBoardLink, createTableLink, revokeLinks } from '../club-night/links';
import { clubBoard, clubTables } from '../club-night/tables';
import { confirmFinish, standingVotes } from '../club-night/finish-votes';
import { lanAddressChoices } from '../club-night/interfaces';
import { claimSide, forgetClaims, resetClaim, tableSides } from '../club-night/side-claims';
import { printTableCards } from '../documents/table-cards';
import { getRulesetVersion } from '../db/tables/rulesets.table';
import { requireBattleRow } from '../db/tables/battles.table';
import { allowanceFor, campaignInventory } from '../db/tables/ledger.table';
import { printCribSheet } from '../documents/crib-sheet';
import { pdfPageCount } from '../pdf/context';
import { rostersHandlers } from './rosters.handlers';
import { defineHandlers } from './define';

function status(ctx: BackendContext): ClubNightStatus {
  const listener = ctx.clubNight.listener;
  if (!listener) return { on: false, available: false, lanAddress: null, port: null, baseUrl: null };
  return { ...listener.status(), available: true };
}

function requireListener(ctx: BackendContext) {
  const listener = ctx.clubNight.listener;
  if (!listener) throw new AppError('CONFLICT', 'Club night runs in browser mode: start it with `npm run serve -- --club-night --lan-address ADDRESS`.');
  return listener;
}

/** The two rosters a battle started from, as stored now; a roster deleted since is left out. */
async function battleRosters(ctx: BackendContext, battleId: string) {
  const row = await requireBattleRow(ctx.db, battleId);
  const out = [];
  for (const id of [row.roster_a_id, row.roster_b_id]) {
    if (id === null) continue;
    try {
      out.push(await rostersHandlers['rosters.get']({ id }, ctx, ORGANISER));
    } catch (e) {
      if (!(e instanceof AppError && e.code === 'NOT_FOUND')) throw e;
    }
  }
  return out;
}

export const clubNightHandlers = defineHandlers(clubNightContract, {
  'clubNight.status': (_input, ctx) => status(ctx),
  'clubNight.start': async ({ lanAddress, port }, ctx) => {
    await requireListener(ctx).start(lanAddress, port);
    return status(ctx);
  },
  'clubNight.interfaces': () => lanAddressChoices(),
  'clubNight.stop': async (_input, ctx) => {
    await requireListener(ctx).stop();
    return status(ctx);
  },
  'clubNight.createTableLink': ({ battleId, hours }, ctx) => createTableLink(ctx, battleId, hours),
  'clubNight.createBoardLink': ({ hours }, ctx) => createBoardLink(ctx, hours),
  'clubNight.revoke': async (which, ctx) => {
    const revoked = await revokeLinks(ctx, which);
    // the table's phones go with its links, and their claims of its sides with them
    if ('battleId' in which) await forgetClaims(ctx, which.battleId);
    return revoked;
  },
  'print.tableCards': (input, ctx) => printTableCards(ctx, input),
  'clubNight.tables': (_input, ctx) => clubTables(ctx),
  'clubNight.board': (_input, ctx) => clubBoard(ctx),
  'table.pack': async ({ battleId }, ctx) => getRulesetVersion(ctx.db, (await requireBattleRow(ctx.db, battleId)).ruleset_version_id),
  'table.rosters': ({ battleId }, ctx) => battleRosters(ctx, battleId),
  'table.inventory': async ({ battleId, side }, ctx) => {
    const row = await requireBattleRow(ctx.db, battleId);
    if (row.campaign_id === null) return null;
    const playerId = side === 'A' ? row.player_a_id : row.player_b_id;
    return { allowance: await allowanceFor(ctx.db, row.campaign_id, playerId), inventory: await campaignInventory(ctx.db, row.campaign_id, playerId) };
  },
  'table.cribSheet': async ({ battleId, paperSize }, ctx) => {
    const row = await requireBattleRow(ctx.db, battleId);
    const rosterIds = (await battleRosters(ctx, battleId)).map((r) => r.roster.id);
    const { fileName, pdf } = await printCribSheet(ctx.db, {
      ...(row.campaign_id ? { campaignId: row.campaign_id } : { rulesetVersionId: row.ruleset_version_id }),
      rosterIds,
      paperSize,
    });
    return { fileName, base64: pdf.toString('base64'), pages: pdfPageCount(pdf) };
  },
  'table.finishVotes': ({ battleId }, ctx) => standingVotes(ctx, battleId),
  'table.confirmFinish': (input, ctx, caller) => confirmFinish(ctx, input, caller.scope === 'table' ? caller.linkId : null),
  'table.sides': ({ battleId, deviceId }, ctx, caller) => tableSides(ctx, battleId, deviceId, caller),
  'table.claimSide': (input, ctx, caller) => claimSide(ctx, input, caller),
  'clubNight.resetClaim': ({ battleId, side }, ctx) => resetClaim(ctx, battleId, side),
});
