import type { BattleResult } from '../../../src-shared/battle/outcome';
import type { Side } from '../../../src-shared/battle/setup';
import { AppError } from '../../../src-shared/errors';
import type { BackendContext } from '../context';
import { battleDetail, finishBattle } from '../battles/battles';
import { announceDisplaced } from '../battles/displaced';
import { requireBattleRow } from '../db/tables/battles.table';
import { finishVotes, putFinishVote } from '../db/tables/club-links.table';
import { writeTransaction } from '../db/dialect';
import { writeBattleRatings } from '../db/tables/battle-ratings.table';
import type { SideRating } from '../../../src-shared/battle/ratings';

/**
 * Finish at a club night table (issue 35): each side confirms the result on
 * their own phone, and the battle is finished once both have confirmed the
 * same one. A side's vote is kept in the ledger (`club_finish_votes`), so a
 * restart mid-evening keeps it and the other phone can read it; a side that
 * votes again replaces its vote. The vote that agrees with the other side's
 * is not stored: it finishes the battle (Finish Mission for a campaign
 * battle), which spends both votes in the same transaction, or, when the
 * rules refuse the finish (the battle is not over yet), changes nothing.
 * A side's rating of the battle (issue 36) comes with its vote: kept with the
 * battle when the vote is, and written by the finish itself when the vote
 * finishes the battle, so a refused finish writes no rating either.
 */
export async function confirmFinish(
  ctx: BackendContext,
  input: { battleId: string; side: Side; result: BattleResult; requestId?: string; rating?: SideRating },
  linkId: string | null,
) {
  const { battleId, side, result, requestId, rating } = input;
  const other: Side = side === 'A' ? 'B' : 'A';
  // the battle's row is locked first on a league (PostgreSQL): two phones voting at once take turns, and the second sees the first
  const decided = await writeTransaction(
    ctx.db,
    async (trx) => {
      const row = await requireBattleRow(trx, battleId);
      if (row.status !== 'in_progress') throw new AppError('CONFLICT', 'This battle is already over.', { path: ['battleId'] });
      const votes = await finishVotes(trx, battleId);
      const confirmed = side === 'A' ? { A: result, B: votes.B } : { A: votes.A, B: result };
      if (votes[other] === result) return { confirmed, agreed: true };
      const at = new Date().toISOString();
      if (votes[side] !== result) await putFinishVote(trx, { battle_id: battleId, side, result, link_id: linkId, voted_at: at });
      if (rating) await writeBattleRatings(trx, battleId, { [side]: rating }, at);
      return { confirmed, agreed: false };
    },
    { battleId },
  );
  if (decided.agreed) {
    await finishBattle(ctx.db, battleId, result, requestId, rating ? { [side]: rating } : undefined);
    await announceDisplaced(ctx);
  }
  return { confirmed: decided.confirmed, finished: decided.agreed, battle: await battleDetail(ctx.db, battleId) };
}

/** Each side's vote on a battle still in progress (from side A's view), null where a side has not confirmed. */
export async function standingVotes(ctx: BackendContext, battleId: string) {
  await requireBattleRow(ctx.db, battleId);
  return finishVotes(ctx.db, battleId);
}
