import { AppError } from '../../../../src-shared/errors';
import { rosterSchema, type Roster } from '../../../../src-shared/roster/schema';
import { packOfVersion } from '../game-data';
import { BUNDLED_PACK_ID, getBundledPack } from '../../../../src-shared/ruleset/bundled';
import { latestRulesetVersionId, storeRulesetVersion } from './rulesets.table';
import type { Db } from '../schema';

export interface RostersTable {
  id: string;
  player_id: string;
  campaign_id: string | null;
  name: string;
  faction_id: string;
  ruleset_version_id: number;
  mode: 'campaign' | 'standalone' | 'crossover';
  roster_json: string;
  /** 1 when the roster had no violation when last saved (for lists; the validator is the authority). */
  valid: number;
  points: number;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface RosterTables {
  rosters: RostersTable;
}

export interface RosterRow {
  roster: Roster;
  valid: boolean;
  points: number;
  deletedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

function fromRow(row: RostersTable): RosterRow {
  const parsed = rosterSchema.safeParse(JSON.parse(row.roster_json));
  if (!parsed.success) throw new AppError('INTERNAL', `The stored roster ${row.id} is damaged: ${parsed.error.issues[0]?.message ?? 'invalid'}.`);
  return { roster: parsed.data, valid: row.valid === 1, points: row.points, deletedAt: row.deleted_at, createdAt: row.created_at, updatedAt: row.updated_at };
}

/** A stored roster, deleted ones included (the handler decides whether to show those). */
export async function findRoster(db: Db, id: string): Promise<RosterRow | undefined> {
  const row = await db.selectFrom('rosters').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

export async function requireRoster(db: Db, id: string, opts: { allowDeleted?: boolean } = {}): Promise<RosterRow> {
  const found = await findRoster(db, id);
  if (!found || (found.deletedAt && !opts.allowDeleted)) throw new AppError('NOT_FOUND', 'That roster does not exist or has been deleted.', { path: ['id'] });
  return found;
}

/** Inserts or replaces a roster; the summary columns are derived from the document. */
export async function writeRoster(db: Db, roster: Roster, summary: { valid: boolean; points: number }, now: string): Promise<void> {
  const cols = {
    player_id: roster.playerId,
    campaign_id: roster.campaignId,
    name: roster.name,
    faction_id: roster.factionId,
    ruleset_version_id: roster.rulesetVersionId,
    mode: roster.mode,
    roster_json: JSON.stringify(roster),
    valid: summary.valid ? 1 : 0,
    points: summary.points,
    updated_at: now,
  };
  await db
    .insertInto('rosters')
    .values({ id: roster.id, ...cols, deleted_at: null, created_at: now })
    .onConflict((oc) => oc.column('id').doUpdateSet(cols))
    .execute();
}

export async function setRosterDeleted(db: Db, id: string, deletedAt: string | null): Promise<void> {
  await db.updateTable('rosters').set({ deleted_at: deletedAt }).where('id', '=', id).execute();
}

export interface RosterListFilter {
  id?: string;
  search?: string;
  playerId?: string;
  campaignId?: string | null;
  includeDeleted?: boolean;
  limit?: number;
}

export interface RosterListRow {
  id: string;
  name: string;
  playerId: string;
  playerName: string;
  campaignId: string | null;
  campaignName: string | null;
  factionId: string;
  /** The faction's name in the roster's own ruleset version (the id when that pack lacks it). */
  factionName: string;
  mode: RostersTable['mode'];
  valid: boolean;
  points: number;
  deletedAt: string | null;
  updatedAt: string;
}

/** Lower case without diacritics, for searching. */
function fold(s: string): string {
  return s.trim().normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/** Faction names of the ruleset versions some rosters use (each pack read once, parsed packs cached). */
async function factionNames(
  db: Db,
  rows: { ruleset_version_id: number; faction_id: string }[],
): Promise<(r: { ruleset_version_id: number; faction_id: string }) => string> {
  const names = new Map<string, string>();
  for (const versionId of new Set(rows.map((r) => r.ruleset_version_id))) {
    const { pack } = await packOfVersion(db, versionId);
    for (const fa of pack.factions) names.set(`${versionId}|${fa.id}`, fa.name);
  }
  return (r) => names.get(`${r.ruleset_version_id}|${r.faction_id}`) ?? r.faction_id;
}

/** Rosters newest first, searchable by roster or player name. */
export async function listRosters(db: Db, f: RosterListFilter): Promise<RosterListRow[]> {
  let q = db
    .selectFrom('rosters as r')
    .innerJoin('players as p', 'p.id', 'r.player_id')
    .leftJoin('campaigns as c', 'c.id', 'r.campaign_id')
    .select([
      'r.id',
      'r.name',
      'r.player_id',
      'p.name as player_name',
      'r.campaign_id',
      'c.name as campaign_name',
      'r.faction_id',
      'r.ruleset_version_id',
      'r.mode',
      'r.valid',
      'r.points',
      'r.deleted_at',
      'r.updated_at',
    ]);
  if (!f.includeDeleted) q = q.where('r.deleted_at', 'is', null);
  if (f.id) q = q.where('r.id', '=', f.id);
  if (f.playerId) q = q.where('r.player_id', '=', f.playerId);
  if (f.campaignId !== undefined) q = f.campaignId === null ? q.where('r.campaign_id', 'is', null) : q.where('r.campaign_id', '=', f.campaignId);
  const rows = await q.orderBy('r.updated_at', 'desc').orderBy('r.id').execute();
  // Searched here rather than in SQL: SQLite's lower() only folds ASCII, and club
  // members' names carry accents and other scripts ("Łukasiewicz", "Жанна").
  const factionName = await factionNames(db, rows);
  const term = fold(f.search ?? '');
  const hits = term ? rows.filter((r) => fold(`${r.name} ${r.player_name} ${factionName(r)} ${r.faction_id} ${r.campaign_name ?? ''}`).includes(term)) : rows;
  return hits.slice(0, f.limit ?? 500).map((r) => ({
    id: r.id,
    name: r.name,
    playerId: r.player_id,
    playerName: r.player_name,
    campaignId: r.campaign_id,
    campaignName: r.campaign_name ?? null,
    factionId: r.faction_id,
    factionName: factionName(r),
    mode: r.mode,
    valid: r.valid === 1,
    points: r.points,
    deletedAt: r.deleted_at,
    updatedAt: r.updated_at,
  }));
}

// ---- ruleset versions as the Builder needs them --------------------------------------------

/**
 * The ruleset version a new standalone roster uses: the newest version of
 * the default pack (`latestRulesetVersionId`). Not the newest version of any
 * pack: a foreign pack someone imported to look at must not silently become
 * what every new roster is built against. The backend stores the bundled pack
 * at start-up (`ensureBundledPacks`); should a ledger still hold none, the
 * bundled pack is stored here as version 1 the same way.
 */
export async function defaultRulesetVersionId(db: Db): Promise<number> {
  const latest = await db.selectFrom('ruleset_versions').select('id').where('pack_id', '=', BUNDLED_PACK_ID).limit(1).executeTakeFirst();
  if (latest) return latestRulesetVersionId(db, BUNDLED_PACK_ID);
  const pack = getBundledPack();
  const stored = await storeRulesetVersion(db, {
    pack_id: BUNDLED_PACK_ID,
    name: pack.meta.name,
    rules_version: pack.meta.rulesVersion,
    data_version: pack.meta.dataVersion,
    pack_json: JSON.stringify(pack),
    parent_id: null,
    note: 'Bundled with the app',
    origin: 'bundled',
    created_at: new Date().toISOString(),
  });
  return stored.id;
}

/** Whether a roster id is already used here (deleted rosters included). */
export async function rosterIdTaken(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('rosters').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** The rosters (not deleted) of some campaigns, or of the whole club, in print order: by campaign, then name. */
export async function rosterIdsToPrint(db: Db, scope: { kind: 'campaigns'; campaignIds: string[] } | { kind: 'club' }): Promise<string[]> {
  let q = db.selectFrom('rosters').select('id').where('deleted_at', 'is', null).orderBy('campaign_id').orderBy('name').orderBy('id');
  if (scope.kind === 'campaigns') q = q.where('campaign_id', 'in', scope.campaignIds);
  return (await q.execute()).map((r) => r.id);
}
