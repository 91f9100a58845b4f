import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema';
import type { MissionFinishesTable } from './ledger.table';

/** The finish register (mission_finishes): which battle finished which mission, and whether that finish was undone. */

type Db = Kysely<Database> | Transaction<Database>;

export async function liveFinishOfBattle(db: Db, battleId: string): Promise<MissionFinishesTable | undefined> {
  return db.selectFrom('mission_finishes').selectAll().where('battle_id', '=', battleId).where('undone_by_event_id', 'is', null).executeTakeFirst();
}

export async function campaignFinishes(db: Db, campaignId: string): Promise<MissionFinishesTable[]> {
  return db.selectFrom('mission_finishes').selectAll().where('campaign_id', '=', campaignId).orderBy('created_at').execute();
}

export async function finishOfEvent(db: Db, eventId: string): Promise<MissionFinishesTable | undefined> {
  return db.selectFrom('mission_finishes').selectAll().where('event_id', '=', eventId).executeTakeFirst();
}

/** A register row; the partial UNIQUE indexes refuse a second live finish of a mission or a battle. */
export async function insertMissionFinish(db: Db, row: MissionFinishesTable): Promise<void> {
  await db.insertInto('mission_finishes').values(row).execute();
}

/** Marks the live finish written by an event as undone by another (which frees its mission). */
export async function markFinishUndone(db: Db, finishEventId: string, undoEventId: string): Promise<void> {
  await db
    .updateTable('mission_finishes')
    .set({ undone_by_event_id: undoEventId })
    .where('event_id', '=', finishEventId)
    .where('undone_by_event_id', 'is', null)
    .execute();
}
