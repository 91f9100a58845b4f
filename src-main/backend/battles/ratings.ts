import type { Kysely } from 'kysely';
import type { BattleRatings, SideRating } from '../../../src-shared/battle/ratings';
import type { Side } from '../../../src-shared/battle/setup';
import { AppError } from '../../../src-shared/errors';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/dialect';
import { battleRatings, ratedBattleKind, writeSideRating } from '../db/tables/battle-ratings.table';

type Db = Kysely<Database>;

/** Refuses a battle id that names no battle a player could have rated, saying why. */
function refuseUnrated(kind: Awaited<ReturnType<typeof ratedBattleKind>>, action: 'read' | 'rate'): void {
  if (kind === null) throw new AppError('NOT_FOUND', 'There is no battle with that id.', { path: ['battleId'] });
  if (action === 'read') return;
  if (kind === 'in_progress')
    throw new AppError('CONFLICT', 'This battle is still in progress: the players rate it at Finish, or once it is finished.', { path: ['battleId'] });
  if (kind === 'abandoned') throw new AppError('CONFLICT', 'This battle was abandoned: there is no finished battle to rate.', { path: ['battleId'] });
}

/** battles.ratings: both sides' ratings of a battle (Play Mode's or the post-battle form's), null where a side did not rate. */
export async function ratingsOfBattle(db: Db, battleId: string): Promise<BattleRatings> {
  refuseUnrated(await ratedBattleKind(db, battleId), 'read');
  return battleRatings(db, battleId);
}

/**
 * battles.rate: one side's rating of a finished battle, given after its finish (a player who rates later is not lost),
 * or changed, or cleared (null, or a rating with nothing in it). The battle is checked inside the write.
 */
export async function rateFinishedBattle(db: Db, battleId: string, side: Side, rating: SideRating | null): Promise<BattleRatings> {
  return writeTransaction(db, async (trx) => {
    refuseUnrated(await ratedBattleKind(trx, battleId), 'rate');
    await writeSideRating(trx, battleId, side, rating, new Date().toISOString());
    return battleRatings(trx, battleId);
  });
}
