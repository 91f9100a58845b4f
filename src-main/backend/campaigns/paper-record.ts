import type { Transaction } from 'kysely';
import type { BattleOutcome } from '../../../src-shared/battle/outcome';
import { playtestFromPaper } from '../../../src-shared/reports/from-paper';
import { rosterPoints } from '../../../src-shared/roster/points';
import type { Database } from '../db/schema';
import { campaignRules } from '../db/game-data';
import { campaignSeats } from '../db/tables/club.table';
import { findRoster } from '../db/tables/rosters.table';
import { storePaperBattle } from '../db/tables/reports.table';

/**
 * A mission recorded on the post-battle form, kept as a playtest record of its own kind (issue 41): the club's
 * playtest report, its CSV and PDF, and the bundles it sends the designer count it beside Play Mode's battles. Run
 * inside the finish's transaction (`campaigns.finishMission`'s beforeCommit), so the record lands with the finish or
 * not at all. Each side's faction and points are its army's as the roster stands now (the finish does not change a
 * roster; an upgrade comes after), or, for a side recorded without a saved roster, its campaign seat's faction and no
 * points. The players' ratings are the finish's own rows (`battle_ratings`), read with the record like Play Mode's.
 */
export async function storePaperRecord(trx: Transaction<Database>, battleId: string, outcome: BattleOutcome): Promise<void> {
  if (outcome.mode !== 'campaign' || !outcome.campaignId) return;
  const { pack, options } = await campaignRules(trx, outcome.campaignId);
  const seats = await campaignSeats(trx, outcome.campaignId);
  const army = async (i: 0 | 1) => {
    const side = outcome.sides[i];
    const roster = side.rosterId ? await findRoster(trx, side.rosterId) : undefined;
    if (roster) return { factionId: roster.roster.factionId, points: rosterPoints(roster.roster, pack).total };
    return { factionId: seats.find((s) => s.playerId === side.playerId)?.factionId ?? 'unknown', points: null };
  };
  const record = playtestFromPaper({
    id: battleId,
    outcome,
    armies: [await army(0), await army(1)],
    options,
    finishedAt: new Date().toISOString(),
  });
  await storePaperBattle(trx, record);
}
