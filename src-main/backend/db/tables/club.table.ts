import type { ColumnType } from 'kysely';
import { sql } from 'kysely';
import { AppError } from '../../../../src-shared/errors';
import { nameKey } from '../../../../src-shared/text-policy';
import type { Db } from '../schema';
import { caseInsensitiveLike } from '../dialect';

interface PlayersTable {
  id: string;
  name: string;
  /** `nameKey(name)`, under a unique index (migration 0018): written only by storePlayerRow and updatePlayer. */
  name_key: string;
  contact: string;
  notes: string;
  created_at: string;
}

export interface CampaignsTable {
  id: string;
  name: string;
  ruleset_version_id: number;
  options_json: string;
  current_mission: number;
  status: 'active' | 'finished' | 'abandoned';
  notes: string;
  created_at: string;
  updated_at: string;
}

/** Columns the database keeps itself: the app reads them and never writes them. */
interface CampaignsDerivedColumns {
  /** The newest live finish, kept by triggers on mission_finishes (migration 0009). */
  last_played_at: ColumnType<string | null, never, never>;
}

export interface CampaignPlayersTable {
  campaign_id: string;
  seat: 'A' | 'B';
  player_id: string;
  faction_id: string;
}

export interface ClubTables {
  players: PlayersTable;
  campaigns: CampaignsTable & CampaignsDerivedColumns;
  campaign_players: CampaignPlayersTable;
}

export interface PlayerRow {
  id: string;
  name: string;
  contact: string;
  notes: string;
  createdAt: string;
}

/** A player's columns as the app gives them: the name key is derived from the name where the row is written. */
export type PlayerColumns = Omit<PlayersTable, 'name_key'>;

const toPlayer = (r: PlayerColumns): PlayerRow => ({ id: r.id, name: r.name, contact: r.contact, notes: r.notes, createdAt: r.created_at });

export async function listPlayers(db: Db, search?: string): Promise<(PlayerRow & { campaigns: number })[]> {
  let q = db
    .selectFrom('players')
    .leftJoin('campaign_players', 'campaign_players.player_id', 'players.id')
    .select(['players.id', 'players.name', 'players.contact', 'players.notes', 'players.created_at'])
    .select((eb) => eb.fn.count<number>('campaign_players.campaign_id').as('campaigns'))
    .groupBy(['players.id', 'players.name', 'players.contact', 'players.notes', 'players.created_at'])
    .orderBy('players.name');
  if (search?.trim()) q = q.where('players.name', caseInsensitiveLike(db), `%${search.trim()}%`);
  const rows = await q.execute();
  return rows.map((r) => ({ ...toPlayer(r), campaigns: Number(r.campaigns) }));
}

export async function getPlayer(db: Db, id: string): Promise<PlayerRow> {
  const r = await db.selectFrom('players').select(['id', 'name', 'contact', 'notes', 'created_at']).where('id', '=', id).executeTakeFirst();
  if (!r) throw new AppError('NOT_FOUND', `There is no player with id ${id}.`, { path: ['id'] });
  return toPlayer(r);
}

/**
 * Every player by name as people compare names (`nameKey`: NFC, case folded),
 * so "Zoë", "ZOË" and a decomposed "Zoë" are one player on every path: the
 * form, the update, and imports that create players. Read whole, because
 * SQLite's lower() folds ASCII only and PostgreSQL's depends on the locale.
 */
export async function playerNameKeys(db: Db): Promise<Map<string, { id: string; name: string }>> {
  const rows = await db.selectFrom('players').select(['id', 'name']).execute();
  return new Map(rows.map((r) => [nameKey(r.name), r]));
}

/** The player whose name is `name` as people compare names (the same name key), if any. */
async function playerWithNameOf(db: Db, name: string): Promise<{ id: string; name: string } | undefined> {
  return db.selectFrom('players').select(['id', 'name']).where('name_key', '=', nameKey(name)).executeTakeFirst();
}

/**
 * The one insert of a player row, whichever door brings it (the form, a
 * campaign file, a seed): the name key is set here, so the store's unique
 * index (migration 0018) holds one player per name. The caller checks for
 * a twin first and words the refusal for its door (playerWithNameOf); the
 * index is what stops a door that forgot to.
 */
export async function storePlayerRow(db: Db, row: PlayerColumns): Promise<void> {
  await db
    .insertInto('players')
    .values({ ...row, name_key: nameKey(row.name) })
    .execute();
}

export async function insertPlayer(db: Db, p: { id?: string; name: string; contact?: string; notes?: string }): Promise<PlayerRow> {
  const row: PlayerColumns = {
    id: p.id ?? crypto.randomUUID(),
    name: p.name.trim(),
    contact: p.contact?.trim() ?? '',
    notes: p.notes ?? '',
    created_at: new Date().toISOString(),
  };
  const clash = await playerWithNameOf(db, row.name);
  if (clash) throw new AppError('CONFLICT', `A player called ${clash.name} already exists.`, { path: ['name'] });
  await storePlayerRow(db, row);
  return toPlayer(row);
}

export async function updatePlayer(db: Db, p: { id: string; name?: string; contact?: string; notes?: string }): Promise<PlayerRow> {
  await getPlayer(db, p.id);
  const patch: Partial<PlayersTable> = {};
  if (p.name !== undefined) {
    const clash = await playerWithNameOf(db, p.name);
    if (clash && clash.id !== p.id) throw new AppError('CONFLICT', `Another player is already called ${clash.name}.`, { path: ['name'] });
    patch.name = p.name.trim();
    // the key goes with the name, in the same statement: the only other write of the column
    patch.name_key = nameKey(patch.name);
  }
  if (p.contact !== undefined) patch.contact = p.contact.trim();
  if (p.notes !== undefined) patch.notes = p.notes;
  if (Object.keys(patch).length) await db.updateTable('players').set(patch).where('id', '=', p.id).execute();
  return getPlayer(db, p.id);
}

/** A campaign row, or undefined when there is no such campaign (callers that name their own path use this). */
export async function findCampaignRow(db: Db, id: string): Promise<CampaignsTable | undefined> {
  return db.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The faction a player fields in a campaign, or undefined when they hold no seat in it. */
export async function seatFaction(db: Db, campaignId: string, playerId: string): Promise<string | undefined> {
  const seat = await db
    .selectFrom('campaign_players')
    .select('faction_id')
    .where('campaign_id', '=', campaignId)
    .where('player_id', '=', playerId)
    .executeTakeFirst();
  return seat?.faction_id;
}

export async function getCampaignRow(db: Db, id: string): Promise<CampaignsTable> {
  const r = await db.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) throw new AppError('NOT_FOUND', `There is no campaign with id ${id}.`, { path: ['campaignId'] });
  return r;
}

export interface SeatRow {
  seat: 'A' | 'B';
  playerId: string;
  playerName: string;
  factionId: string;
}

export async function campaignSeats(db: Db, campaignId: string): Promise<SeatRow[]> {
  const rows = await db
    .selectFrom('campaign_players')
    .innerJoin('players', 'players.id', 'campaign_players.player_id')
    .select(['campaign_players.seat', 'campaign_players.player_id', 'campaign_players.faction_id', 'players.name'])
    .where('campaign_players.campaign_id', '=', campaignId)
    .orderBy('campaign_players.seat')
    .execute();
  return rows.map((r) => ({ seat: r.seat, playerId: r.player_id, playerName: r.name, factionId: r.faction_id }));
}

/** A player's name, or undefined when there is no such player. */
export async function findPlayerName(db: Db, id: string): Promise<string | undefined> {
  const p = await db.selectFrom('players').select('name').where('id', '=', id).executeTakeFirst();
  return p?.name;
}

/** A campaign's name, or undefined when there is no such campaign. */
export async function findCampaignName(db: Db, id: string): Promise<string | undefined> {
  const c = await db.selectFrom('campaigns').select('name').where('id', '=', id).executeTakeFirst();
  return c?.name;
}

/** A new campaign and its two seats. */
export async function insertCampaign(db: Db, campaign: CampaignsTable, seats: CampaignPlayersTable[]): Promise<void> {
  await db.insertInto('campaigns').values(campaign).execute();
  await db.insertInto('campaign_players').values(seats).execute();
}

export async function updateCampaignStatus(db: Db, id: string, status: CampaignsTable['status'], at: string): Promise<void> {
  await db.updateTable('campaigns').set({ status, updated_at: at }).where('id', '=', id).execute();
}

/**
 * The campaign's progress as its live finishes decide it, in one statement
 * (no read of the register or of the campaign first): the mission after the
 * last live finish, at most the finale; finished once the finale is
 * recorded, active again when it is undone, else the status it had.
 */
export async function syncCampaignProgress(db: Db, id: string, finale: number, at: string): Promise<void> {
  const last = sql<number>`coalesce((select max(f.mission) from mission_finishes f where f.campaign_id = ${id} and f.undone_by_event_id is null), 0)`;
  await db
    .updateTable('campaigns')
    .set({
      current_mission: sql<number>`case when ${last} >= ${sql.lit(finale)} then ${sql.lit(finale)} else ${last} + 1 end`,
      status: sql<CampaignsTable['status']>`case when ${last} >= ${sql.lit(finale)} then 'finished' when status = 'finished' then 'active' else status end`,
      updated_at: at,
    })
    .where('id', '=', id)
    .execute();
}

/** Which of some ids are campaigns of this ledger. */
export async function existingCampaignIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('campaigns').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}
