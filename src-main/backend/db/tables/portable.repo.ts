import type { Selectable } from 'kysely';
import type { Db } from '../schema';
import type { CampaignPlayersTable, CampaignsTable, PlayerColumns } from './club.table';
import type { LedgerEntriesTable, LedgerEventsTable } from './ledger.table';
import type { RostersTable } from './rosters.table';
import type { RulesetVersionsTable } from './rulesets.table';

/**
 * Rows as they are, for portable campaign files (campaigns/portable.ts):
 * export copies them out column for column, import merges them back by id.
 */

// ------------------------------------------------------------------ export

/** Campaigns in creation order, all of them or those with the given ids. */
export async function campaignRowsByCreation(db: Db, ids?: readonly string[]): Promise<CampaignsTable[]> {
  let q = db.selectFrom('campaigns').selectAll().orderBy('created_at');
  if (ids) q = q.where('id', 'in', ids.length ? ids : ['']);
  return q.execute();
}

export async function seatRowsOf(db: Db, campaignId: string): Promise<CampaignPlayersTable[]> {
  return db.selectFrom('campaign_players').selectAll().where('campaign_id', '=', campaignId).orderBy('seat').execute();
}

export async function ledgerEventRowsOf(db: Db, campaignId: string): Promise<LedgerEventsTable[]> {
  return db.selectFrom('ledger_events').selectAll().where('campaign_id', '=', campaignId).orderBy('seq').execute();
}

/** A campaign's entries in timeline order (event sequence, then position). */
export async function ledgerEntryRowsOf(db: Db, campaignId: string): Promise<LedgerEntriesTable[]> {
  return db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_events', 'ledger_events.id', 'ledger_entries.event_id')
    .selectAll('ledger_entries')
    .where('ledger_entries.campaign_id', '=', campaignId)
    .orderBy('ledger_events.seq')
    .orderBy('ledger_entries.position')
    .execute();
}

/** A campaign's rosters that are not deleted, oldest first, without the deletion column. */
export async function campaignRosterRows(db: Db, campaignId: string): Promise<Omit<RostersTable, 'deleted_at'>[]> {
  return db
    .selectFrom('rosters')
    .select([
      'id',
      'player_id',
      'campaign_id',
      'name',
      'faction_id',
      'ruleset_version_id',
      'mode',
      'roster_json',
      'valid',
      'points',
      'created_at',
      'updated_at',
    ])
    .where('campaign_id', '=', campaignId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .execute();
}

/** Players as a campaign file holds them (the name key is each ledger's own, derived from the name). */
export async function playerRowsByName(db: Db, ids: readonly string[]): Promise<PlayerColumns[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('players').select(['id', 'name', 'contact', 'notes', 'created_at']).where('id', 'in', ids).orderBy('name').execute();
}

export async function rulesetVersionRows(db: Db, ids: readonly number[]): Promise<Selectable<RulesetVersionsTable>[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('ruleset_versions').selectAll().where('id', 'in', ids).execute();
}

// ------------------------------------------------------------------ import

/** The stored version with a pack id and version number, if any. */
export async function rulesetVersionByNumber(db: Db, packId: string, version: number): Promise<{ id: number; pack_json: string } | undefined> {
  return db.selectFrom('ruleset_versions').select(['id', 'pack_json']).where('pack_id', '=', packId).where('version', '=', version).executeTakeFirst();
}

export async function playerExists(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('players').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function ledgerEventRow(db: Db, id: string): Promise<LedgerEventsTable | undefined> {
  return db.selectFrom('ledger_events').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The event at a step of a campaign's timeline, if that step is taken. */
export async function ledgerEventAtSeq(db: Db, campaignId: string, seq: number): Promise<{ summary: string; created_at: string } | undefined> {
  return db.selectFrom('ledger_events').select(['summary', 'created_at']).where('campaign_id', '=', campaignId).where('seq', '=', seq).executeTakeFirst();
}

export async function insertLedgerEventRow(db: Db, row: LedgerEventsTable): Promise<void> {
  await db.insertInto('ledger_events').values(row).execute();
}

export async function ledgerEntryRow(db: Db, id: string): Promise<Pick<LedgerEntriesTable, 'amount' | 'kind' | 'event_id' | 'campaign_id'> | undefined> {
  return db.selectFrom('ledger_entries').select(['amount', 'kind', 'event_id', 'campaign_id']).where('id', '=', id).executeTakeFirst();
}

export async function insertLedgerEntryRow(db: Db, row: LedgerEntriesTable): Promise<void> {
  await db.insertInto('ledger_entries').values(row).execute();
}

/** Whether a finish row is here and, if so, what undid it. */
export async function storedFinish(db: Db, id: string): Promise<{ campaign_id: string; undone_by_event_id: string | null } | undefined> {
  return db.selectFrom('mission_finishes').select(['campaign_id', 'undone_by_event_id']).where('id', '=', id).executeTakeFirst();
}

export async function setFinishUndoneBy(db: Db, id: string, undoneByEventId: string): Promise<void> {
  await db.updateTable('mission_finishes').set({ undone_by_event_id: undoneByEventId }).where('id', '=', id).execute();
}

export async function rosterRowForMerge(
  db: Db,
  id: string,
): Promise<Pick<RostersTable, 'player_id' | 'campaign_id' | 'roster_json' | 'updated_at'> | undefined> {
  return db.selectFrom('rosters').select(['player_id', 'campaign_id', 'roster_json', 'updated_at']).where('id', '=', id).executeTakeFirst();
}

export async function insertRosterRow(db: Db, row: RostersTable): Promise<void> {
  await db.insertInto('rosters').values(row).execute();
}
