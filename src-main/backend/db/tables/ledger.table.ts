import { sql, type ExpressionBuilder } from 'kysely';
import {
  allowanceFromEntries,
  inventoryFromEntries,
  RP_KINDS,
  type DraftEntry,
  type EntryItem,
  type EventKind,
  type Inventory,
  type LedgerEntry,
  type LedgerEvent,
} from '../../../../src-shared/campaign/entries';
import { rankFor } from '../../../../src-shared/campaign/veterans';
import { AppError } from '../../../../src-shared/errors';
import { campaignRules } from '../game-data';
import type { Database, Db } from '../schema';
import { seatFaction } from './club.table';

/** The campaign ledger: events, their append-only entries, and the finish register. */

export interface LedgerEventsTable {
  id: string;
  campaign_id: string;
  seq: number;
  kind: EventKind;
  mission: number | null;
  summary: string;
  reverses_event_id: string | null;
  redoes_event_id: string | null;
  created_at: string;
}

export interface LedgerEntriesTable {
  id: string;
  event_id: string;
  position: number;
  campaign_id: string;
  player_id: string | null;
  mission: number | null;
  kind: LedgerEntry['kind'];
  amount: number;
  item_json: string;
  reason: string;
  reverses_entry_id: string | null;
  created_at: string;
}

export interface MissionFinishesTable {
  id: string;
  campaign_id: string;
  mission: number;
  battle_id: string;
  event_id: string;
  outcome_json: string;
  /** What the confirmation screen showed, returned again to a repeated Finish. */
  preview_json: string;
  undone_by_event_id: string | null;
  created_at: string;
}

export interface LedgerTables {
  ledger_events: LedgerEventsTable;
  ledger_entries: LedgerEntriesTable;
  mission_finishes: MissionFinishesTable;
}

// ------------------------------------------------------------------ reading

function rowToEntry(r: LedgerEntriesTable): LedgerEntry {
  let item: EntryItem = {};
  try {
    item = JSON.parse(r.item_json) as EntryItem;
  } catch {
    // a damaged item keeps the entry readable; its amount still counts
  }
  return {
    id: r.id,
    eventId: r.event_id,
    campaignId: r.campaign_id,
    playerId: r.player_id,
    mission: r.mission,
    kind: r.kind,
    amount: r.amount,
    item,
    reason: r.reason,
    reversesEntryId: r.reverses_entry_id,
    createdAt: r.created_at,
  };
}

function rowToEvent(r: LedgerEventsTable): LedgerEvent {
  return {
    id: r.id,
    campaignId: r.campaign_id,
    seq: r.seq,
    kind: r.kind,
    mission: r.mission,
    summary: r.summary,
    reversesEventId: r.reverses_event_id,
    redoesEventId: r.redoes_event_id,
    createdAt: r.created_at,
  };
}

/**
 * A campaign's entries in timeline order (event sequence, then position), optionally one player's.
 * The events are narrowed to the campaign as well (an entry belongs to an event of its own
 * campaign, which the ledger audit checks): without that term PostgreSQL hashes every event of
 * the league to join a handful of entries (a sequential scan of ledger_events per Finish).
 */
export async function campaignEntries(db: Db, campaignId: string, playerId?: string): Promise<LedgerEntry[]> {
  let q = db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_events', 'ledger_events.id', 'ledger_entries.event_id')
    .selectAll('ledger_entries')
    .where('ledger_entries.campaign_id', '=', campaignId)
    .where('ledger_events.campaign_id', '=', campaignId)
    .orderBy('ledger_events.seq')
    .orderBy('ledger_entries.position');
  if (playerId) q = q.where('ledger_entries.player_id', '=', playerId);
  return (await q.execute()).map(rowToEntry);
}

/** One event's entries in the order they were written. */
export async function entriesOfEvent(db: Db, eventId: string): Promise<LedgerEntry[]> {
  const rows = await db.selectFrom('ledger_entries').selectAll().where('event_id', '=', eventId).orderBy('position').execute();
  return rows.map(rowToEntry);
}

export async function campaignEvents(db: Db, campaignId: string): Promise<LedgerEvent[]> {
  const rows = await db.selectFrom('ledger_events').selectAll().where('campaign_id', '=', campaignId).orderBy('seq').execute();
  return rows.map(rowToEvent);
}

async function assertSeat(db: Db, campaignId: string, playerId: string): Promise<void> {
  if ((await seatFaction(db, campaignId, playerId)) === undefined) {
    const exists = await db.selectFrom('campaigns').select('id').where('id', '=', campaignId).executeTakeFirst();
    if (!exists) throw new AppError('NOT_FOUND', `There is no campaign with id ${campaignId}.`, { path: ['campaignId'] });
    throw new AppError('NOT_FOUND', 'That player does not play in this campaign.', { path: ['playerId'] });
  }
}

/**
 * A player's requisition allowance in a campaign: the sum of their RP
 * entries (starting allowance, rewards, ceiling cuts, corrections). The
 * Builder and the Journal both read this, so they always agree.
 */
export async function allowanceFor(db: Db, campaignId: string, playerId: string): Promise<number> {
  await assertSeat(db, campaignId, playerId);
  const row = await db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
    .where('campaign_id', '=', campaignId)
    .where('player_id', '=', playerId)
    .where(rpKindTerm)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * `kind IN ('starting-allowance', …)` written with literals, not bound
 * parameters: a partial index (ledger_entries_rp, migration 0008) is only
 * usable when the query repeats its WHERE term, and a planner cannot match
 * a parameter it has not seen. The kinds are our own constants, never input.
 */
const rpKindTerm = (eb: ExpressionBuilder<Database, 'ledger_entries'>) =>
  eb(
    'kind',
    'in',
    RP_KINDS.map((k) => sql.lit(k)),
  );

/** Allowances of every seat of some campaigns, for the dashboard (one grouped pass over the RP index). */
export async function allowancesFor(db: Db, campaignIds?: string[]): Promise<Map<string, number>> {
  let q = db
    .selectFrom('ledger_entries')
    .select(['campaign_id', 'player_id'])
    .select((eb) => eb.fn.sum<number>('amount').as('total'))
    .where(rpKindTerm)
    .groupBy(['campaign_id', 'player_id']);
  if (campaignIds) {
    if (campaignIds.length === 0) return new Map();
    q = q.where('campaign_id', 'in', campaignIds);
  }
  const rows = await q.execute();
  const out = new Map<string, number>();
  // entries without a player (campaign-wide unlocks) are never RP kinds; skip any that appear
  for (const r of rows) if (r.player_id !== null) out.set(`${r.campaign_id}|${r.player_id}`, Number(r.total));
  return out;
}

// ------------------------------------------------------------------ the pinned pack

/**
 * One player's campaign inventory: per formation its service marks, rank,
 * Veteran Sixes for the next battle and Cryptid Veteran badge; the Cryptid
 * Dice held (each with its ledger id, which Play Mode spends); trophies
 * banked or used.
 */
export async function campaignInventory(db: Db, campaignId: string, playerId: string): Promise<Inventory> {
  await assertSeat(db, campaignId, playerId);
  const { pack } = await campaignRules(db, campaignId);
  const entries = await campaignEntries(db, campaignId, playerId);
  return inventoryFromEntries(entries, (m) => rankFor(m, pack.economy));
}

export { allowanceFromEntries };

// ------------------------------------------------------------------ writing

export interface AppendEventInput {
  campaignId: string;
  kind: EventKind;
  mission: number | null;
  summary: string;
  reversesEventId?: string | null;
  redoesEventId?: string | null;
  /** The event's id when the request chose it (its idempotency key); a new UUID otherwise. */
  id?: string;
}

/** The campaign an event belongs to, when there is an event with that id. */
export async function eventCampaign(db: Db, eventId: string): Promise<string | undefined> {
  const r = await db.selectFrom('ledger_events').select('campaign_id').where('id', '=', eventId).executeTakeFirst();
  return r?.campaign_id;
}

/**
 * Appends one event and its entries. Each draft may carry the id of the
 * entry it reverses. The next sequence number is taken inside the caller's
 * transaction; UNIQUE (campaign_id, seq) refuses a racing writer.
 */
export async function appendEvent(
  trx: Db,
  input: AppendEventInput,
  drafts: (DraftEntry & { reversesEntryId?: string | null })[],
  at = new Date().toISOString(),
): Promise<{ event: LedgerEvent; entries: LedgerEntry[] }> {
  const event: LedgerEventsTable = {
    id: input.id ?? crypto.randomUUID(),
    campaign_id: input.campaignId,
    seq: 0,
    kind: input.kind,
    mission: input.mission,
    summary: input.summary,
    reverses_event_id: input.reversesEventId ?? null,
    redoes_event_id: input.redoesEventId ?? null,
    created_at: at,
  };
  // the next sequence number is read by the insert itself (one statement, not a SELECT then an INSERT)
  const inserted = await trx
    .insertInto('ledger_events')
    .columns(['id', 'campaign_id', 'seq', 'kind', 'mission', 'summary', 'reverses_event_id', 'redoes_event_id', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('ledger_events')
        .select((s) => [
          s.val(event.id).as('id'),
          s.val(event.campaign_id).as('campaign_id'),
          sql<number>`coalesce(max(seq), 0) + 1`.as('seq'),
          s.val(event.kind).as('kind'),
          // a bare parameter in a SELECT list is text to PostgreSQL: the integer column says what it is
          s.cast(s.val(event.mission), 'integer').as('mission'),
          s.val(event.summary).as('summary'),
          s.val(event.reverses_event_id).as('reverses_event_id'),
          s.val(event.redoes_event_id).as('redoes_event_id'),
          s.val(event.created_at).as('created_at'),
        ])
        .where('campaign_id', '=', input.campaignId),
    )
    .returning('seq')
    .executeTakeFirstOrThrow();
  event.seq = Number(inserted.seq);
  const entries = await appendEntries(trx, event, drafts, 0, at);
  return { event: rowToEvent(event), entries };
}

/** Adds entries to an event already written (the finish writes its rewards and its marks in two steps). */
export async function appendEntries(
  trx: Db,
  event: Pick<LedgerEventsTable, 'id' | 'campaign_id'>,
  drafts: (DraftEntry & { reversesEntryId?: string | null })[],
  firstPosition: number,
  at = new Date().toISOString(),
): Promise<LedgerEntry[]> {
  if (drafts.length === 0) return [];
  const rows: LedgerEntriesTable[] = drafts.map((d, i) => ({
    id: crypto.randomUUID(),
    event_id: event.id,
    position: firstPosition + i,
    campaign_id: event.campaign_id,
    player_id: d.playerId,
    mission: d.mission,
    kind: d.kind,
    amount: d.amount,
    item_json: JSON.stringify(d.item),
    reason: d.reason,
    reverses_entry_id: d.reversesEntryId ?? null,
    created_at: at,
  }));
  // SQLite limits bound parameters per statement; 12 columns × 60 rows stays well under it
  for (let i = 0; i < rows.length; i += 60)
    await trx
      .insertInto('ledger_entries')
      .values(rows.slice(i, i + 60))
      .execute();
  return rows.map(rowToEntry);
}
