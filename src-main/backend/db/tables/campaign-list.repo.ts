import { sql } from 'kysely';
import { RP_KINDS } from '../../../../src-shared/campaign/entries';
import type { Db } from '../schema';
import type { CampaignsTable } from './club.table';
import { caseInsensitiveLike } from '../dialect';

/** The club dashboard's queries: light rows to filter and sort every campaign, then the details of one page. */

export interface CampaignMatch {
  onlyId?: string;
  status?: CampaignsTable['status'];
  playerId?: string;
  factionId?: string;
  search?: string;
  sort?: 'name' | 'mission' | 'created' | 'last-played';
}

/** The filters of a campaign list, without its order (shared by the page and its count). */
function filtered(db: Db, f: CampaignMatch) {
  let q = db.selectFrom('campaigns as c');
  if (f.onlyId) q = q.where('c.id', '=', f.onlyId);
  if (f.status) q = q.where('c.status', '=', f.status);
  if (f.playerId) {
    const playerId = f.playerId;
    q = q.where((eb) =>
      eb.exists(eb.selectFrom('campaign_players as s').select('s.seat').whereRef('s.campaign_id', '=', 'c.id').where('s.player_id', '=', playerId)),
    );
  }
  if (f.factionId) {
    const factionId = f.factionId;
    q = q.where((eb) =>
      eb.exists(eb.selectFrom('campaign_players as s').select('s.seat').whereRef('s.campaign_id', '=', 'c.id').where('s.faction_id', '=', factionId)),
    );
  }
  if (f.search?.trim()) {
    const like = `%${f.search.trim()}%`;
    const op = caseInsensitiveLike(db);
    q = q.where((eb) =>
      eb.or([
        eb('c.name', op, like),
        eb('c.id', op, like),
        eb.exists(
          eb
            .selectFrom('campaign_players as s')
            .innerJoin('players as p', 'p.id', 's.player_id')
            .select('s.seat')
            .whereRef('s.campaign_id', '=', 'c.id')
            .where('p.name', op, like),
        ),
      ]),
    );
  }
  return q;
}

/**
 * Ids and names of the matching campaigns in the asked order, one page of
 * them (or all without `paging`), and how many match. Every order is read
 * from an index, so a page costs the same however large the club is:
 * "last played" from campaigns.last_played_at (kept by triggers, migration
 * 0009), never-played campaigns last, most recently changed first among ties.
 */
export async function matchingCampaigns(
  db: Db,
  f: CampaignMatch,
  paging?: { offset: number; limit: number },
): Promise<{ rows: { id: string; name: string }[]; total: number }> {
  const q = ordered(filtered(db, f).select(['c.id', 'c.name']), f.sort);
  if (!paging) {
    const rows = await q.execute();
    return { rows, total: rows.length };
  }
  const [rows, count] = await Promise.all([
    q.limit(paging.limit).offset(paging.offset).execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The order of a campaign list, on the filtered query. */
function ordered<Q extends { orderBy: (...a: any[]) => Q }>(q: Q, sort: CampaignMatch['sort']): Q {
  if (sort === 'name') return q.orderBy('c.name');
  if (sort === 'mission') return q.orderBy('c.current_mission', 'desc').orderBy('c.name');
  if (sort === 'created') return q.orderBy('c.created_at', 'desc');
  if (sort === 'last-played') return q.orderBy('c.last_played_at', (o: any) => o.desc().nullsLast()).orderBy('c.updated_at', 'desc');
  return q.orderBy('c.updated_at', 'desc');
}

/** A seat of a dashboard card, with its allowance (null columns when the campaign lacks that seat). */
type SeatColumns<S extends 'a' | 'b'> = {
  [K in `${S}_player_id` | `${S}_faction_id` | `${S}_name`]: string | null;
} & { [K in `${S}_allowance`]: number | null };

/** One dashboard card's rows: the campaign, its version's name, its finish register and its two seats with their allowances. */
export type CampaignPageRow = CampaignListDetail &
  SeatColumns<'a'> &
  SeatColumns<'b'> & {
    name: string;
    /** The newest live finish's time, null before the first. */
    last_played: string | null;
    /** Live finishes recorded. */
    played: number;
  };

/**
 * What the dashboard's cards show of some campaigns (a page of them), in
 * one query: seats A and B joined by their primary key, each seat's
 * allowance summed from the requisition index (ledger_entries_rp, kinds
 * written as literals so the partial index applies), the finish register
 * read from its covering index (live finishes picked by CASE, as
 * finishRegister does). After the page's ids (matchingCampaigns) a page is
 * this one statement instead of four; on a league server every statement
 * is a round trip.
 */
export async function campaignCards(db: Db, ids: readonly string[]): Promise<CampaignPageRow[]> {
  if (ids.length === 0) return [];
  const kinds = sql.join(RP_KINDS.map((k) => sql.lit(k)));
  const allowance = (seat: 'sa' | 'sb') =>
    sql<
      number | null
    >`(select sum(ledger_entries.amount) from ledger_entries where ledger_entries.campaign_id = c.id and ledger_entries.player_id = ${sql.ref(`${seat}.player_id`)} and ledger_entries.kind in (${kinds}))`;
  const rows = await db
    .selectFrom('campaigns as c')
    .innerJoin('ruleset_versions as rv', 'rv.id', 'c.ruleset_version_id')
    .leftJoin('campaign_players as sa', (j) => j.onRef('sa.campaign_id', '=', 'c.id').on('sa.seat', '=', sql.lit('A')))
    .leftJoin('players as pa', 'pa.id', 'sa.player_id')
    .leftJoin('campaign_players as sb', (j) => j.onRef('sb.campaign_id', '=', 'c.id').on('sb.seat', '=', sql.lit('B')))
    .leftJoin('players as pb', 'pb.id', 'sb.player_id')
    .select([
      ...CARD_COLUMNS,
      'c.name',
      'sa.player_id as a_player_id',
      'sa.faction_id as a_faction_id',
      'pa.name as a_name',
      'sb.player_id as b_player_id',
      'sb.faction_id as b_faction_id',
      'pb.name as b_name',
    ])
    .select([
      allowance('sa').as('a_allowance'),
      allowance('sb').as('b_allowance'),
      sql<
        string | null
      >`(select max(case when mission_finishes.undone_by_event_id is null then mission_finishes.created_at end) from mission_finishes where mission_finishes.campaign_id = c.id)`.as(
        'last_played',
      ),
      sql<
        number | null
      >`(select sum(case when mission_finishes.undone_by_event_id is null then 1 else 0 end) from mission_finishes where mission_finishes.campaign_id = c.id)`.as(
        'played',
      ),
    ])
    .where('c.id', 'in', ids)
    .execute();
  return rows.map((r) => ({
    ...r,
    played: Number(r.played ?? 0),
    a_allowance: r.a_allowance === null ? null : Number(r.a_allowance),
    b_allowance: r.b_allowance === null ? null : Number(r.b_allowance),
  }));
}

export interface CampaignListDetail {
  id: string;
  status: CampaignsTable['status'];
  current_mission: number;
  ruleset_version_id: number;
  options_json: string;
  created_at: string;
  updated_at: string;
  rv_name: string;
  rv_version: number;
}

/** A campaign's own columns a dashboard card shows, with its ruleset version's name and number. */
const CARD_COLUMNS = [
  'c.id',
  'c.status',
  'c.current_mission',
  'c.ruleset_version_id',
  'c.options_json',
  'c.created_at',
  'c.updated_at',
  'rv.name as rv_name',
  'rv.version as rv_version',
] as const;

/** What a dashboard card shows of some campaigns (all of them when `ids` is undefined). */
export async function campaignListDetails(db: Db, ids?: readonly string[]): Promise<CampaignListDetail[]> {
  let q = db.selectFrom('campaigns as c').innerJoin('ruleset_versions as rv', 'rv.id', 'c.ruleset_version_id').select(CARD_COLUMNS);
  if (ids) q = q.where('c.id', 'in', ids);
  return q.execute();
}

export interface CampaignListSeat {
  campaign_id: string;
  seat: 'A' | 'B';
  player_id: string;
  faction_id: string;
  name: string;
}

/** The seats of some campaigns (all when `ids` is undefined) with their players' names, by campaign then seat. */
export async function seatsOfCampaigns(db: Db, ids?: readonly string[]): Promise<CampaignListSeat[]> {
  let q = db
    .selectFrom('campaign_players as s')
    .innerJoin('players as p', 'p.id', 's.player_id')
    .select(['s.campaign_id', 's.seat', 's.player_id', 's.faction_id', 'p.name'])
    .orderBy('s.campaign_id')
    .orderBy('s.seat');
  if (ids) q = q.where('s.campaign_id', 'in', ids);
  return q.execute();
}

/**
 * Last played and missions recorded per campaign, in one grouped pass over
 * the covering index mission_finishes_register (migration 0008). Live
 * finishes are picked by CASE rather than WHERE undone_by_event_id IS NULL:
 * SQLite sends that term to the column's UNIQUE index and then reads every
 * wide JSON row of the register.
 */
export async function finishRegister(db: Db, campaignIds?: readonly string[]): Promise<Map<string, { last: string | null; n: number }>> {
  let fq = db
    .selectFrom('mission_finishes')
    .select(['campaign_id'])
    .select((eb) => [
      eb.fn.max<string | null>(eb.case().when('undone_by_event_id', 'is', null).then(eb.ref('created_at')).end()).as('last_played'),
      eb.fn.sum<number>(eb.case().when('undone_by_event_id', 'is', null).then(1).else(0).end()).as('played'),
    ])
    .groupBy('campaign_id');
  if (campaignIds) fq = fq.where('campaign_id', 'in', campaignIds);
  return new Map((await fq.execute()).map((r) => [r.campaign_id, { last: r.last_played ?? null, n: Number(r.played) }]));
}
