import type { z } from 'zod';
import type { CampaignProblem, CampaignSummary, campaignListInputSchema } from '../../../src-shared/contract/campaigns.contract';
import { AppError } from '../../../src-shared/errors';
import type { Db } from '../db/schema';
import { allowancesFor } from '../db/tables/ledger.table';
import { campaignRulesOfRow, packOfVersion } from '../db/game-data';
import {
  campaignListDetails,
  campaignCards,
  finishRegister,
  matchingCampaigns,
  seatsOfCampaigns,
  type CampaignListDetail,
  type CampaignListSeat,
  type CampaignMatch,
} from '../db/tables/campaign-list.repo';

export type CampaignListInput = z.output<typeof campaignListInputSchema>;

/** Above this many ids a query reads the whole table instead of a long IN list (SQLite caps bound parameters). */
const IN_LIST_MAX = 500;

/** What a club organiser can do about a campaign that no longer reads. */
export const REPAIR = 'Run db check to see every damaged row, then restore a backup from before the damage (Settings, or aoa restore).';

/** Every matching campaign that can be read (the CLI, pickers in other sections); the dashboard names the others. */
export async function listCampaigns(db: Db, f: CampaignListInput, onlyId?: string): Promise<CampaignSummary[]> {
  return (await campaignPage(db, f, undefined, onlyId)).campaigns;
}

/**
 * The club dashboard. Filtering, sorting, paging and counting run in SQL
 * over indexed columns; seats, factions, allowances and the finish register
 * are read only for the page shown, so a page costs the same in a club of 50
 * campaigns or of 10,000. Without `page` every match is returned.
 */
export async function campaignPage(
  db: Db,
  f: CampaignListInput,
  paging?: { page: number; pageSize: number },
  onlyId?: string,
): Promise<{ campaigns: CampaignSummary[]; total: number; page: number; pageSize: number; problems?: CampaignProblem[] }> {
  const page = paging?.page ?? 1;
  const { shown, total, played, details, seatsBy, allowances } = paging
    ? await onePage(db, { ...f, onlyId }, { offset: (paging.page - 1) * paging.pageSize, limit: paging.pageSize })
    : await everyMatch(db, { ...f, onlyId });
  const pageSize = paging?.pageSize ?? Math.max(total, 1);
  if (shown.length === 0) return { campaigns: [], total, page, pageSize };
  // a version whose stored pack no longer reads leaves out its campaigns, not the whole club
  const factionNames = new Map<number, Map<string, string> | null>();
  for (const v of new Set([...details.values()].map((r) => r.ruleset_version_id))) {
    const pack = await packOfVersion(db, v).then(
      (s) => s.pack,
      (e: unknown) => {
        if (e instanceof AppError && e.code === 'DB_CORRUPT') return null;
        throw e;
      },
    );
    factionNames.set(v, pack && new Map(pack.factions.map((x) => [x.id, x.name])));
  }
  const nonStandard = new Set<string>();
  const problems: CampaignProblem[] = [];
  const readable = [];
  for (const light of shown) {
    const r = details.get(light.id)!;
    const problem = await unreadable(db, r, factionNames, allowances);
    if (problem) {
      problems.push({ campaignId: r.id, campaignName: light.name, problem, repair: REPAIR });
      continue;
    }
    readable.push(light);
    if ((await campaignRulesOfRow(db, r)).options.altActivationModule) nonStandard.add(r.id);
  }

  const campaigns = readable.map((light): CampaignSummary => {
    const r = details.get(light.id)!;
    const names = factionNames.get(r.ruleset_version_id);
    return {
      id: r.id,
      name: light.name,
      status: r.status,
      currentMission: r.current_mission,
      missionsPlayed: played.get(r.id)?.n ?? 0,
      rulesetVersionId: r.ruleset_version_id,
      rulesetName: `${r.rv_name} v${r.rv_version}`,
      nonStandard: nonStandard.has(r.id),
      seats: (seatsBy.get(r.id) ?? []).map((s) => ({
        seat: s.seat,
        playerId: s.player_id,
        playerName: s.name,
        factionId: s.faction_id,
        factionName: names?.get(s.faction_id) ?? s.faction_id,
        allowance: allowances.get(`${r.id}|${s.player_id}`) ?? 0,
      })),
      lastPlayed: played.get(r.id)?.last ?? null,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    };
  });
  return problems.length ? { campaigns, total, page, pageSize, problems } : { campaigns, total, page, pageSize };
}

interface Gathered {
  shown: { id: string; name: string }[];
  total: number;
  played: Map<string, { last: string | null; n: number }>;
  details: Map<string, CampaignListDetail>;
  seatsBy: Map<string, CampaignListSeat[]>;
  /** By "campaignId|playerId". */
  allowances: Map<string, number>;
}

/** A page of the dashboard: its ids in order (and the count beside them), then one query with what its cards show. */
async function onePage(db: Db, f: CampaignMatch, paging: { offset: number; limit: number }): Promise<Gathered> {
  const { rows: shown, total } = await matchingCampaigns(db, f, paging);
  const out: Gathered = { shown, total, played: new Map(), details: new Map(), seatsBy: new Map(), allowances: new Map() };
  for (const r of await campaignCards(
    db,
    shown.map((x) => x.id),
  )) {
    out.played.set(r.id, { last: r.last_played ?? null, n: r.played });
    out.details.set(r.id, r);
    const seats: CampaignListSeat[] = [];
    for (const [seat, k] of [
      ['A', 'a'],
      ['B', 'b'],
    ] as const) {
      const playerId = r[`${k}_player_id`];
      // a seat whose player row is gone is left out, as the inner join of the whole list leaves it out
      if (playerId === null || r[`${k}_name`] === null) continue;
      seats.push({ campaign_id: r.id, seat, player_id: playerId, faction_id: r[`${k}_faction_id`]!, name: r[`${k}_name`]! });
      // no requisition entry yet: no allowance row, as the grouped read of the whole list gives none
      const rp = r[`${k}_allowance`];
      if (rp !== null) out.allowances.set(`${r.id}|${playerId}`, rp);
    }
    out.seatsBy.set(r.id, seats);
  }
  return out;
}

/** Every matching campaign (lists, pickers, one campaign's summary): the ids first, then their details in four grouped reads. */
async function everyMatch(db: Db, f: CampaignMatch): Promise<Gathered> {
  const { rows: shown, total } = await matchingCampaigns(db, f);
  const ids = shown.map((r) => r.id);
  // above IN_LIST_MAX ids a query reads the whole table instead of a long IN list
  const only = ids.length < IN_LIST_MAX ? ids : undefined;
  if (shown.length === 0) return { shown, total, played: new Map(), details: new Map(), seatsBy: new Map(), allowances: new Map() };
  // four independent reads: on a league server they go out together over the pool's connections instead of one
  // round trip after another (inside a transaction, and on SQLite, they simply run in turn)
  const [played, detailRows, seatRows, allowances] = await Promise.all([
    finishRegister(db, only),
    campaignListDetails(db, only),
    seatsOfCampaigns(db, only),
    allowancesFor(db, only),
  ]);
  const seatsBy = new Map<string, CampaignListSeat[]>();
  for (const s of seatRows) {
    const list = seatsBy.get(s.campaign_id);
    if (list) list.push(s);
    else seatsBy.set(s.campaign_id, [s]);
  }
  return { shown, total, played, details: new Map(detailRows.map((r) => [r.id, r])), seatsBy, allowances };
}

/** Why a campaign's stored rows cannot be shown, in a sentence; undefined when they can. */
async function unreadable(
  db: Db,
  r: { id: string; ruleset_version_id: number; options_json: string },
  factionNames: Map<number, Map<string, string> | null>,
  allowances: Map<string, number>,
): Promise<string | undefined> {
  if (!factionNames.get(r.ruleset_version_id)) return `Its ruleset version ${r.ruleset_version_id} does not hold a valid ruleset pack.`;
  const options = await campaignRulesOfRow(db, r).then(
    () => true,
    (e: unknown) => {
      if (e instanceof AppError && e.code === 'DB_CORRUPT') return false;
      throw e;
    },
  );
  if (!options) return 'Its stored rule options cannot be read.';
  for (const [key, rp] of allowances)
    if (key.startsWith(`${r.id}|`) && !Number.isSafeInteger(rp)) return 'An allowance in it adds up to a number no entry the app writes could make.';
  return undefined;
}
