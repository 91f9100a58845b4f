import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

const FINALE = 5;

/**
 * The campaign's current mission and status follow from its live finishes:
 * the mission after the last one recorded, or finished once the finale is.
 * Called inside every transaction that adds or undoes a finish.
 */
export async function syncCampaignState(trx: Db, campaignId: string, at = new Date().toISOString()): Promise<void> {
  const row = await trx
    .selectFrom('mission_finishes')
    .select((eb) => eb.fn.max<number>('mission').as('m'))
    .where('campaign_id', '=', campaignId)
    .where('undone_by_event_id', 'is', null)
    .executeTakeFirst();
  const last = Number(row?.m ?? 0);
  const current = await trx.selectFrom('campaigns').select('status').where('id', '=', campaignId).executeTakeFirstOrThrow();
  const status = last >= FINALE ? 'finished' : current.status === 'finished' ? 'active' : current.status;
  await trx
    .updateTable('campaigns')
    .set({ current_mission: Math.min(FINALE, last + 1), status, updated_at: at })
    .where('id', '=', campaignId)
    .execute();
}
