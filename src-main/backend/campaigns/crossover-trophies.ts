import type { BattleOutcome } from '../../../src-shared/battle/outcome';
import { bankedTrophyUse } from '../../../src-shared/campaign/entries';
import { AppError } from '../../../src-shared/errors';
import { campaignRules } from '../db/game-data';
import { findPlayerName } from '../db/tables/club.table';
import { appendEvent, campaignInventory } from '../db/tables/ledger.table';
import { requireRoster } from '../db/tables/rosters.table';
import type { Db } from '../db/schema';

/**
 * A crossover grants neither campaign anything (DIGEST AMB-24), but a banked
 * trophy a veteran used in it leaves that campaign's bank when the campaign's
 * `crossoverConsumesTrophies` ruling says so; otherwise it stays banked. Runs
 * inside the crossover's finish, in the same transaction.
 */
export async function consumeCrossoverTrophies(trx: Db, outcome: BattleOutcome, at: string): Promise<void> {
  if (outcome.mode !== 'crossover') return;
  for (const [i, side] of outcome.sides.entries()) {
    if (!side.bankedTrophiesUsed.length || !side.rosterId) continue;
    const campaignId = (await requireRoster(trx, side.rosterId)).roster.campaignId;
    if (!campaignId) continue;
    const { options } = await campaignRules(trx, campaignId);
    if (!options.crossoverConsumesTrophies) continue;
    const inv = await campaignInventory(trx, campaignId, side.playerId);
    const who = (await findPlayerName(trx, side.playerId)) ?? 'The player';
    const drafts = side.bankedTrophiesUsed.flatMap((trophyId, j) => {
      const t = inv.trophies.find((x) => x.trophyId === trophyId && x.status === 'banked');
      if (!t)
        throw new AppError('RULE_VIOLATION', `${who} no longer holds the banked trophy ${trophyId}: it was used elsewhere since.`, {
          path: ['outcome', 'sides', i, 'bankedTrophiesUsed', j],
        });
      return bankedTrophyUse({ playerId: side.playerId, mission: null }, t, `${t.name} used in a crossover game (this campaign's ruling spends it, AMB-24)`);
    });
    await appendEvent(trx, { campaignId, kind: 'correction', mission: null, summary: `${who} used a banked trophy in a crossover game` }, drafts, at);
  }
}
