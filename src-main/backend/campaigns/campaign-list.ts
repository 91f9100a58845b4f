import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { CampaignSummary, campaignListInputSchema, campaignPageInputSchema } from '../../../src-shared/contract/campaigns.contract';
import type { Database } from '../db/schema';
import { allowancesFor } from '../db/tables/ledger.table';
import { campaignRulesOfRow, packOfVersion } from '../db/game-data';
import { campaignListDetails, finishRegister, matchingCampaigns, seatsOfCampaigns, type CampaignListSeat } from '../db/tables/campaign-list.repo';

type Db = Kysely<Database> | Transaction<Database>;

export type CampaignListInput = z.output<typeof campaignListInputSchema>;
export type CampaignPageInput = z.output<typeof campaignPageInputSchema>;

/** Above this many ids a query reads the whole table instead of a long IN list (SQLite caps bound parameters). */
const IN_LIST_MAX = 500;

/** Every matching campaign (the CLI, pickers in other sections). */
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
): Promise<{ campaigns: CampaignSummary[]; total: number; page: number; pageSize: number }> {
  const page = paging?.page ?? 1;
  const { rows: shown, total } = await matchingCampaigns(
    db,
    { ...f, onlyId },
    paging ? { offset: (paging.page - 1) * paging.pageSize, limit: paging.pageSize } : undefined,
  );
  const pageSize = paging?.pageSize ?? Math.max(total, 1);
  if (shown.length === 0) return { campaigns: [], total, page, pageSize };
  const ids = shown.map((r) => r.id);
  const few = ids.length < IN_LIST_MAX;

  const played = await finishRegister(db, few ? ids : undefined);
  const details = new Map((await campaignListDetails(db, few ? ids : undefined)).map((r) => [r.id, r]));
  const seatsBy = new Map<string, CampaignListSeat[]>();
  for (const s of await seatsOfCampaigns(db, few ? ids : undefined)) {
    const list = seatsBy.get(s.campaign_id);
    if (list) list.push(s);
    else seatsBy.set(s.campaign_id, [s]);
  }
  const allowances = await allowancesFor(db, few ? ids : undefined);
  const factionNames = new Map<number, Map<string, string>>();
  for (const v of new Set([...details.values()].map((r) => r.ruleset_version_id))) {
    const { pack } = await packOfVersion(db, v);
    factionNames.set(v, new Map(pack.factions.map((x) => [x.id, x.name])));
  }
  const nonStandard = new Set<string>();
  for (const light of shown) {
    const r = details.get(light.id)!;
    // unreadable options read as standard here; campaigns.get reports the problem
    const rules = await campaignRulesOfRow(db, r).catch(() => null);
    if (rules?.options.altActivationModule) nonStandard.add(r.id);
  }

  const campaigns = shown.map((light): CampaignSummary => {
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
  return { campaigns, total, page, pageSize };
}
