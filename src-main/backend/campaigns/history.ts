import { reversalOf } from '../../../src-shared/campaign/entries';
import type { Kysely, Transaction } from 'kysely';
import { allowanceFromEntries, explainAllowance, inventoryFromEntries } from '../../../src-shared/campaign/entries';
import { undoRedoTargets } from '../../../src-shared/campaign/undo-stack';
import { rankFor } from '../../../src-shared/campaign/veterans';
import type { Journal } from '../../../src-shared/contract/ledger.contract';
import { AppError } from '../../../src-shared/errors';
import type { Database } from '../db/schema';
import { campaignSeats, getCampaignRow } from '../db/tables/club.table';
import { allowanceFor, appendEvent, campaignEntries, campaignEvents, entriesOfEvent, eventCampaign } from '../db/tables/ledger.table';
import { campaignRules } from '../db/game-data';
import { finishOfEvent, insertMissionFinish, markFinishUndone } from '../db/tables/finishes.repo';
import { syncCampaignState } from './campaign-state';
import { campaignSummary } from './campaigns';
import { dbFailure, lockedWrite } from '../db/dialect';
import { forgetPaperBattle, isPaperFinish } from '../db/tables/reports.table';
import { storePaperRecord } from './paper-record';
import { battleOutcomeSchema } from '../../../src-shared/battle/outcome';

/**
 * Undo, redo and corrections: each is a new event whose entries reverse or
 * repeat earlier ones. Nothing already written is changed, except the finish
 * register's "undone by" mark, which frees the mission for a new finish.
 */

/**
 * The event a request with this id already wrote in the campaign (its
 * reply was lost and it came again), or undefined; an id used in another
 * campaign is refused.
 */
async function alreadyWritten(trx: Transaction<Database>, campaignId: string, requestId: string | undefined) {
  if (!requestId) return undefined;
  const seen = await eventCampaign(trx, requestId);
  if (seen && seen !== campaignId) throw new AppError('CONFLICT', 'That request id was used for another campaign.', { path: ['requestId'] });
  return seen ? (await campaignEvents(trx, campaignId)).find((e) => e.id === requestId) : undefined;
}

/**
 * Undoes the campaign's last event. With `expected`, only when that is still the last event: the organiser agreed to
 * undo what the Journal named, and another organiser's write since must not turn it into undoing something else.
 */
export async function undoLast(
  db: Kysely<Database>,
  campaignId: string,
  reason: string,
  requestId?: string,
  expected?: string,
): Promise<{ eventId: string; undid: string }> {
  return lockedWrite(db, { campaignId }, async (trx) => {
    await getCampaignRow(trx, campaignId);
    const mine = await alreadyWritten(trx, campaignId, requestId);
    if (mine) return { eventId: mine.id, undid: (await campaignEvents(trx, campaignId)).find((e) => e.id === mine.reversesEventId)?.summary ?? mine.summary };
    const { undo } = undoRedoTargets(await campaignEvents(trx, campaignId));
    if (!undo) throw new AppError('CONFLICT', 'There is nothing to undo in this campaign.', { path: ['campaignId'] });
    if (expected && undo.id !== expected)
      throw new AppError('CONFLICT', `The last event is now “${undo.summary}”, not the one you agreed to undo. Look at the Journal again first.`, {
        path: ['eventId'],
      });
    const entries = await entriesOfEvent(trx, undo.id);
    const { event } = await appendEvent(
      trx,
      { campaignId, kind: 'undo', mission: undo.mission, summary: `Undone: ${undo.summary} (${reason})`, reversesEventId: undo.id, id: requestId },
      reversalOf(entries),
    );
    await markFinishUndone(trx, undo.id, event.id);
    // a mission recorded on the post-battle form leaves the playtest report with its finish (issue 41)
    const finish = await finishOfEvent(trx, undo.id);
    if (finish) await forgetPaperBattle(trx, finish.battle_id);
    await syncCampaignState(trx, campaignId);
    return { eventId: event.id, undid: undo.summary };
  });
}

export async function redoLast(db: Kysely<Database>, campaignId: string, reason: string, requestId?: string): Promise<{ eventId: string; redid: string }> {
  return lockedWrite(db, { campaignId }, async (trx) => {
    await getCampaignRow(trx, campaignId);
    const events = await campaignEvents(trx, campaignId);
    const mine = await alreadyWritten(trx, campaignId, requestId);
    if (mine) {
      const undoEvent = events.find((e) => e.id === mine.redoesEventId);
      return { eventId: mine.id, redid: events.find((e) => e.id === undoEvent?.reversesEventId)?.summary ?? mine.summary };
    }
    const { redo } = undoRedoTargets(events);
    if (!redo) throw new AppError('CONFLICT', 'There is nothing to redo in this campaign.', { path: ['campaignId'] });
    const original = events.find((e) => e.id === redo.reversesEventId)!;
    const entries = await entriesOfEvent(trx, original.id);
    const { event } = await appendEvent(
      trx,
      {
        campaignId,
        kind: 'redo',
        mission: original.mission,
        summary: `Redone: ${original.summary.replace(/^(Undone|Redone): /, '')} (${reason})`,
        redoesEventId: redo.id,
        id: requestId,
      },
      entries.map((e) => ({ playerId: e.playerId, mission: e.mission, kind: e.kind, amount: e.amount, item: e.item, reason: e.reason })),
    );
    const finish = await finishOfEvent(trx, original.id);
    if (finish) {
      // a new register row for the redone finish; the partial UNIQUE index refuses it if the mission is live again
      await insertMissionFinish(trx, { ...finish, id: crypto.randomUUID(), event_id: event.id, undone_by_event_id: null, created_at: event.createdAt });
      // a mission recorded on the post-battle form (its battle has no Play Mode record) comes back to the report too
      if (await isPaperFinish(trx, finish.battle_id)) await storePaperRecord(trx, finish.battle_id, battleOutcomeSchema.parse(JSON.parse(finish.outcome_json)));
    }
    await syncCampaignState(trx, campaignId);
    return { eventId: event.id, redid: original.summary };
  });
}

/** A correction of a player's allowance by an amount, with a reason; the ceiling still applies. */
export async function correctAllowance(
  db: Kysely<Database>,
  input: { campaignId: string; playerId: string; amount: number; reason: string; requestId?: string },
): Promise<{ eventId: string; allowance: number }> {
  try {
    return await recordCorrection(db, input);
  } catch (e) {
    // two copies of one request in flight at once: the other copy's insert of the same event id won
    if (input.requestId && dbFailure(e) === 'constraint' && (await eventCampaign(db, input.requestId)) === input.campaignId)
      return { eventId: input.requestId, allowance: await allowanceFor(db, input.campaignId, input.playerId) };
    throw e;
  }
}

function recordCorrection(
  db: Kysely<Database>,
  input: { campaignId: string; playerId: string; amount: number; reason: string; requestId?: string },
): Promise<{ eventId: string; allowance: number }> {
  return lockedWrite(db, { campaignId: input.campaignId }, async (trx) => {
    if (input.requestId) {
      // the same correction sent again (its reply was lost): answer as the first time, write nothing
      const seen = await eventCampaign(trx, input.requestId);
      if (seen === input.campaignId) return { eventId: input.requestId, allowance: await allowanceFor(trx, input.campaignId, input.playerId) };
      if (seen) throw new AppError('CONFLICT', 'That request id was used for another campaign.', { path: ['requestId'] });
    }
    const before = await allowanceFor(trx, input.campaignId, input.playerId);
    const { pack } = await campaignRules(trx, input.campaignId);
    const after = before + input.amount;
    if (after < 0) throw new AppError('VALIDATION', `That would take the allowance below 0 (it is ${before}).`, { path: ['amount'] });
    const drafts = [{ playerId: input.playerId, mission: null, kind: 'correction' as const, amount: input.amount, item: {}, reason: input.reason }];
    const cut = after > pack.economy.cap ? after - pack.economy.cap : 0;
    if (cut > 0)
      drafts.push({
        playerId: input.playerId,
        mission: null,
        kind: 'ceiling' as never,
        amount: -cut,
        item: {},
        reason: `The allowance cannot exceed ${pack.economy.cap}: ${cut} RP not added`,
      });
    const seats = await campaignSeats(trx, input.campaignId);
    const name = seats.find((s) => s.playerId === input.playerId)?.playerName ?? '';
    const { event } = await appendEvent(
      trx,
      {
        campaignId: input.campaignId,
        kind: 'correction',
        mission: null,
        id: input.requestId,
        summary: `Correction for ${name}: ${input.amount > 0 ? '+' : ''}${input.amount} RP (${input.reason})`,
      },
      drafts,
    );
    return { eventId: event.id, allowance: await allowanceFor(trx, input.campaignId, input.playerId) };
  });
}

/** The Journal: the timeline, each balance explained by its entries, and what undo/redo would do. */
export async function journal(db: Kysely<Database>, campaignId: string): Promise<Journal> {
  const campaign = await campaignSummary(db, campaignId);
  const { pack } = await campaignRules(db, campaignId);
  const events = await campaignEvents(db, campaignId);
  const entries = await campaignEntries(db, campaignId);
  const byEvent = new Map<string, typeof entries>();
  for (const e of entries) (byEvent.get(e.eventId) ?? byEvent.set(e.eventId, []).get(e.eventId)!).push(e);
  const undoneIds = new Set(events.filter((e) => e.kind === 'undo').map((e) => e.reversesEventId));
  const { undo, redo } = undoRedoTargets(events);
  const redoTarget = redo ? events.find((e) => e.id === redo.reversesEventId) : null;
  return {
    campaign,
    events: events.map((e) => ({ ...e, entries: byEvent.get(e.id) ?? [], undone: undoneIds.has(e.id) })),
    players: campaign.seats.map((s) => {
      const mine = entries.filter((e) => e.playerId === s.playerId);
      return {
        playerId: s.playerId,
        playerName: s.playerName,
        allowance: allowanceFromEntries(mine),
        explanation: explainAllowance(mine),
        inventory: inventoryFromEntries(mine, (m) => rankFor(m, pack.economy)),
      };
    }),
    undo: undo ? { eventId: undo.id, summary: undo.summary } : null,
    redo: redo && redoTarget ? { eventId: redo.id, summary: redoTarget.summary } : null,
  };
}
