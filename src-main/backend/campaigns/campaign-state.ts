import type { Db } from '../db/schema';
import { syncCampaignProgress } from '../db/tables/club.table';

const FINALE = 5;

/**
 * The campaign's current mission and status follow from its live finishes:
 * the mission after the last one recorded, or finished once the finale is.
 * Called inside every transaction that adds or undoes a finish.
 */
export async function syncCampaignState(trx: Db, campaignId: string, at = new Date().toISOString()): Promise<void> {
  await syncCampaignProgress(trx, campaignId, FINALE, at);
}
