import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { getCampaignRow, updateCampaignProgress } from '../db/tables/club.table';
import { lastLiveMission } from '../db/tables/finishes.repo';

type Db = Kysely<Database> | Transaction<Database>;

const FINALE = 5;

/**
 * The campaign's current mission and status follow from its live finishes:
 * the mission after the last one recorded, or finished once the finale is.
 * Called inside every transaction that adds or undoes a finish.
 */
export async function syncCampaignState(trx: Db, campaignId: string, at = new Date().toISOString()): Promise<void> {
  const last = await lastLiveMission(trx, campaignId);
  const current = await getCampaignRow(trx, campaignId);
  const status = last >= FINALE ? 'finished' : current.status === 'finished' ? 'active' : current.status;
  await updateCampaignProgress(trx, campaignId, { currentMission: Math.min(FINALE, last + 1), status }, at);
}
