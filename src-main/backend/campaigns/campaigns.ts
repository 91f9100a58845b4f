import type { Kysely } from 'kysely';
import type { CampaignDetail, CampaignSummary } from '../../../src-shared/contract/campaigns.contract';
import type { z } from 'zod';
import type { campaignCreateSchema } from '../../../src-shared/contract/campaigns.contract';
import { AppError } from '../../../src-shared/errors';
import { battleOutcomeSchema } from '../../../src-shared/battle/outcome';
import { ruleOptionsSchema } from '../../../src-shared/ruleset/options.schema';
import type { Database, Db } from '../db/schema';
import { campaignSeats, getCampaignRow, getPlayer, insertCampaign, updateCampaignStatus } from '../db/tables/club.table';
import { campaignPage, REPAIR } from './campaign-list';
import { appendEvent, campaignInventory } from '../db/tables/ledger.table';
import { campaignRules, packOfVersion } from '../db/game-data';
import { campaignFinishes } from '../db/tables/finishes.repo';
import { writeTransaction } from '../db/dialect';

/**
 * A new campaign is a new timeline (DIGEST 18.1–18.2): two players, each
 * with a faction and a fresh starting allowance; the ruleset version and a
 * copy of its options are pinned now. The alternating-activation module is
 * chosen here or never.
 */
export async function createCampaign(db: Kysely<Database>, input: z.output<typeof campaignCreateSchema>): Promise<string> {
  return writeTransaction(db, async (trx) => {
    const { pack } = await packOfVersion(trx, input.rulesetVersionId);
    const players = [];
    for (const [i, seat] of input.seats.entries()) {
      const p = await getPlayer(trx, seat.playerId).catch((e: unknown) => {
        // only a missing player is "not in the club"; a disk or database failure keeps its own error
        if (e instanceof AppError && e.code === 'NOT_FOUND')
          throw new AppError('NOT_FOUND', 'That player is not in the club.', { path: ['seats', i, 'playerId'] });
        throw e;
      });
      if (!pack.factions.some((f) => f.id === seat.factionId))
        throw new AppError('VALIDATION', `The faction ${seat.factionId} is not in this ruleset version.`, { path: ['seats', i, 'factionId'] });
      players.push(p);
    }
    const options = ruleOptionsSchema.parse({ ...pack.options, altActivationModule: input.altActivationModule });
    const now = new Date().toISOString();
    const id = crypto.randomUUID();
    await insertCampaign(
      trx,
      {
        id,
        name: input.name?.trim() || `${players[0]!.name} vs ${players[1]!.name}`,
        ruleset_version_id: input.rulesetVersionId,
        options_json: JSON.stringify(options),
        current_mission: 1,
        status: 'active',
        notes: input.notes ?? '',
        created_at: now,
        updated_at: now,
      },
      input.seats.map((s, i) => ({ campaign_id: id, seat: i === 0 ? ('A' as const) : ('B' as const), player_id: s.playerId, faction_id: s.factionId })),
    );
    const start = pack.economy.startingAllowance;
    await appendEvent(
      trx,
      { campaignId: id, kind: 'campaign-created', mission: 1, summary: `Campaign started: ${players[0]!.name} and ${players[1]!.name} at ${start} RP each` },
      players.map((p) => ({
        playerId: p.id,
        mission: 1,
        kind: 'starting-allowance' as const,
        amount: start,
        item: {},
        reason: `Every campaign starts at ${start} RP`,
      })),
      now,
    );
    return id;
  });
}

export { listCampaigns, campaignPage } from './campaign-list';

export async function campaignSummary(db: Db, id: string): Promise<CampaignSummary> {
  const { campaigns, problems } = await campaignPage(db, { sort: 'name' }, undefined, id);
  const damaged = problems?.[0];
  if (damaged) throw new AppError('DB_CORRUPT', `Campaign "${damaged.campaignName}" cannot be read. ${damaged.problem} ${REPAIR}`);
  const [one] = campaigns;
  if (!one) throw new AppError('NOT_FOUND', `There is no campaign with id ${id}.`, { path: ['id'] });
  return one;
}

export async function getCampaign(db: Db, id: string): Promise<CampaignDetail> {
  const summary = await campaignSummary(db, id);
  const row = await getCampaignRow(db, id);
  const { pack, options } = await campaignRules(db, id);
  const seats = await campaignSeats(db, id);
  const inventories = [];
  for (const s of seats) inventories.push({ playerId: s.playerId, inventory: await campaignInventory(db, id, s.playerId) });
  const finishes = (await campaignFinishes(db, id)).map((f) => {
    const o = storedOutcome(f.outcome_json);
    if (!o) throw new AppError('DB_CORRUPT', `The battle recorded for mission ${f.mission} of campaign "${summary.name}" cannot be read. ${REPAIR}`);
    return {
      id: f.id,
      mission: f.mission,
      battleId: f.battle_id,
      eventId: f.event_id,
      live: f.undone_by_event_id === null,
      createdAt: f.created_at,
      results: o.sides.map((s) => ({
        playerId: s.playerId,
        result: s.result,
        victoryPoints: s.victoryPoints,
        mutantKills: s.mutantKills,
        cryptidWounds: s.formations.reduce((n, x) => n + x.cryptidWounds, 0),
      })),
    };
  });
  const standings = seats.map((s) => {
    const mine = finishes.filter((f) => f.live).map((f) => f.results.find((r) => r.playerId === s.playerId)!);
    return {
      playerId: s.playerId,
      wins: mine.filter((r) => r?.result === 'win').length,
      draws: mine.filter((r) => r?.result === 'draw').length,
      losses: mine.filter((r) => r?.result === 'loss').length,
      victoryPoints: mine.reduce((n, r) => n + (r?.victoryPoints ?? 0), 0),
    };
  });
  return {
    ...summary,
    notes: row.notes,
    options,
    economy: { startingAllowance: pack.economy.startingAllowance, cap: pack.economy.cap },
    inventories,
    finishes,
    standings,
  };
}

function storedOutcome(text: string) {
  try {
    const r = battleOutcomeSchema.safeParse(JSON.parse(text));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

export async function setCampaignStatus(db: Kysely<Database>, id: string, status: 'active' | 'abandoned'): Promise<void> {
  const row = await getCampaignRow(db, id);
  if (row.status === 'finished')
    throw new AppError('CONFLICT', 'A finished campaign keeps its status; undo the finale in the Journal first.', { path: ['status'] });
  await updateCampaignStatus(db, id, status, new Date().toISOString());
}
