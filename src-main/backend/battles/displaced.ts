import type { BackendContext } from '../context';
import type { Db } from '../db/schema';
import { battlesDisplacedFromTheirMission, type BattlesTable } from '../db/tables/battles.table';
import { missionRecordedBy } from '../db/tables/finishes.repo';

/**
 * One mission, one record (issue 40). A campaign's mission is recorded once, by whichever door records it first; a
 * battle of that mission still in progress is then "displaced": it stays readable and marked, can no longer finish
 * the mission (Finish's own plan refuses it), and its table links only read. Derived from the finish register, never
 * stored, so undoing the record in the Journal gives the battle its mission back.
 */

/** Whether a campaign battle in progress has had its mission recorded by another battle. */
export async function isDisplaced(db: Db, row: Pick<BattlesTable, 'id' | 'status' | 'mode' | 'campaign_id' | 'mission'>): Promise<boolean> {
  if (row.status !== 'in_progress' || row.mode !== 'campaign' || !row.campaign_id || row.mission === null) return false;
  return (await missionRecordedBy(db, row.campaign_id, row.mission, row.id)) !== undefined;
}

/**
 * Tells the phones of every battle a write just displaced (a Finish, a paper form, an import), so each table sees the
 * mark at once and its buttons go: their live streams refresh the battle, which now reads as displaced. `campaignIds`
 * narrows the search to the campaigns the write touched.
 */
export async function announceDisplaced(ctx: BackendContext, campaignIds?: readonly string[]): Promise<void> {
  for (const id of await battlesDisplacedFromTheirMission(ctx.db, campaignIds)) ctx.clubNight.changes.publish(id);
}
