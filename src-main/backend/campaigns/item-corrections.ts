import type { Kysely } from 'kysely';
import { bankedTrophyUse, inventoryFromEntries, type DraftEntry } from '../../../src-shared/campaign/entries';
import { rankFor } from '../../../src-shared/campaign/veterans';
import type { ItemChange } from '../../../src-shared/contract/ledger.contract';
import { AppError } from '../../../src-shared/errors';
import type { Database } from '../db/schema';
import { campaignSeats, getCampaignRow } from '../db/tables/club.table';
import { appendEvent, campaignEntries, campaignEvents, eventCampaign } from '../db/tables/ledger.table';
import { campaignRules } from '../db/game-data';
import { lockedWrite } from '../db/dialect';

/**
 * Corrections of a player's campaign items, from the Journal: service marks
 * of a formation put right, a banked trophy used, a Cryptid Die spent at a
 * table that played on paper. Each is a new 'correction' event whose entries
 * move the item, so it shows in the timeline and Undo reverses it like any
 * other event. The item must be held now: a trophy used twice, or a die
 * spent twice, is refused.
 */
export async function correctItem(
  db: Kysely<Database>,
  input: { campaignId: string; playerId: string; change: ItemChange; reason: string; requestId?: string },
): Promise<{ eventId: string; summary: string }> {
  return lockedWrite(db, { campaignId: input.campaignId }, async (trx) => {
    await getCampaignRow(trx, input.campaignId);
    if (input.requestId) {
      // the same correction sent again (its reply was lost): answer as the first time, write nothing
      const seen = await eventCampaign(trx, input.requestId);
      if (seen && seen !== input.campaignId) throw new AppError('CONFLICT', 'That request id was used for another campaign.', { path: ['requestId'] });
      const mine = seen ? (await campaignEvents(trx, input.campaignId)).find((e) => e.id === input.requestId) : undefined;
      if (mine) return { eventId: mine.id, summary: mine.summary };
    }
    const seat = (await campaignSeats(trx, input.campaignId)).find((s) => s.playerId === input.playerId);
    if (!seat) throw new AppError('NOT_FOUND', 'That player does not play in this campaign.', { path: ['playerId'] });
    const { pack } = await campaignRules(trx, input.campaignId);
    const inv = inventoryFromEntries(await campaignEntries(trx, input.campaignId, input.playerId), (m) => rankFor(m, pack.economy));
    const who = seat.playerName;
    const base = { playerId: input.playerId, mission: null };
    const c = input.change;
    let drafts: DraftEntry[];
    let summary: string;

    if (c.kind === 'service-mark') {
      const f = inv.formations.find((x) => x.formationId === c.formationId);
      if (!f) throw new AppError('NOT_FOUND', `${who} has no formation with service marks called ${c.formationId}.`, { path: ['change', 'formationId'] });
      if (f.serviceMarks + c.amount < 0)
        throw new AppError('VALIDATION', `${f.name} has ${f.serviceMarks} service mark${f.serviceMarks === 1 ? '' : 's'}; it cannot lose ${-c.amount}.`, {
          path: ['change', 'amount'],
        });
      const item = { formationId: f.formationId, formationName: f.name };
      drafts = [{ ...base, kind: 'service-mark', amount: c.amount, item, reason: `Service marks of ${f.name} corrected: ${input.reason}` }];
      summary = `Correction for ${who}: ${c.amount > 0 ? '+' : ''}${c.amount} service mark${Math.abs(c.amount) === 1 ? '' : 's'} for ${f.name} (${input.reason})`;
    } else if (c.kind === 'use-trophy') {
      const t = inv.trophies.find((x) => x.trophyId === c.trophyId);
      if (!t) throw new AppError('NOT_FOUND', `${who} holds no trophy ${c.trophyId}.`, { path: ['change', 'trophyId'] });
      if (t.status !== 'banked') throw new AppError('CONFLICT', `${t.name} was used already; a trophy is used once.`, { path: ['change', 'trophyId'] });
      drafts = bankedTrophyUse(base, t, `${t.name} used: ${input.reason}`);
      summary = `${who} used the banked trophy ${t.name} (${input.reason})`;
    } else {
      const d = inv.cryptidDice.find((x) => x.id === c.dieId);
      if (!d) throw new AppError('CONFLICT', `${who} does not hold that Cryptid Die; it was spent already or never earned.`, { path: ['change', 'dieId'] });
      drafts = [
        {
          ...base,
          kind: 'cryptid-die-spent',
          amount: 1,
          item: { dieId: d.id, formationId: d.formationId, formationName: d.formationName },
          reason: `Cryptid Die earned by ${d.formationName} spent: ${input.reason}`,
        },
      ];
      summary = `${who} spent a Cryptid Die earned by ${d.formationName} (${input.reason})`;
    }
    const { event } = await appendEvent(trx, { campaignId: input.campaignId, kind: 'correction', mission: null, summary, id: input.requestId }, drafts);
    return { eventId: event.id, summary };
  });
}
