import { AppError } from '../../../../src-shared/errors';
import { lockingRead } from '../dialect';
import type { Db } from '../schema';
import type { CampaignsTable } from './club.table';
import type { MissionFinishesTable } from './ledger.table';

/** The finish register (mission_finishes): which battle finished which mission, and whether that finish was undone. */

export async function liveFinishOfBattle(db: Db, battleId: string): Promise<MissionFinishesTable | undefined> {
  return db.selectFrom('mission_finishes').selectAll().where('battle_id', '=', battleId).where('undone_by_event_id', 'is', null).executeTakeFirst();
}

/**
 * The battle whose live finish recorded this campaign's mission, when it is not `battleId` (a paper form's, another
 * table's): a battle of that mission still in progress can no longer finish it. Undefined when the mission is free or
 * recorded by `battleId` itself.
 */
export async function missionRecordedBy(db: Db, campaignId: string, mission: number, battleId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('mission_finishes')
    .select('battle_id')
    .where('campaign_id', '=', campaignId)
    .where('mission', '=', mission)
    .where('undone_by_event_id', 'is', null)
    .where('battle_id', '!=', battleId)
    .executeTakeFirst();
  return row?.battle_id;
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

/**
 * What Finish Mission reads first, in one statement: the campaign's row,
 * locked (the write's lock, lockedWrite's lockedByFirstRead), and the live
 * finish of the battle, if it has one. After a wait for the lock the finish
 * may have been read from the snapshot before it; a finish committed
 * meanwhile then stops this one at the register's UNIQUE index, whose
 * handler answers with what was recorded.
 */
export async function campaignForFinish(
  db: Db,
  campaignId: string,
  battleId: string,
): Promise<{ row: CampaignsTable; done?: Pick<MissionFinishesTable, 'event_id' | 'preview_json'> }> {
  const q = db
    .selectFrom('campaigns as c')
    .selectAll('c')
    .select((eb) => [
      eb
        .selectFrom('mission_finishes as f')
        .select('f.event_id')
        .where('f.battle_id', '=', battleId)
        .where('f.undone_by_event_id', 'is', null)
        .as('done_event_id'),
      eb
        .selectFrom('mission_finishes as f')
        .select('f.preview_json')
        .where('f.battle_id', '=', battleId)
        .where('f.undone_by_event_id', 'is', null)
        .as('done_preview_json'),
    ])
    .where('c.id', '=', campaignId);
  const r = await lockingRead(db, q, 'c').executeTakeFirst();
  if (!r) throw new AppError('NOT_FOUND', `There is no campaign with id ${campaignId}.`, { path: ['campaignId'] });
  const { done_event_id, done_preview_json, ...row } = r;
  return done_event_id !== null && done_preview_json !== null ? { row, done: { event_id: done_event_id, preview_json: done_preview_json } } : { row };
}
