import type { Kysely } from 'kysely';
import { checkCrossover, type CrossoverSide } from '../../../src-shared/campaign/crossover';
import { AppError } from '../../../src-shared/errors';
import { rosterPoints } from '../../../src-shared/roster/points';
import type { Roster } from '../../../src-shared/roster/schema';
import type { RulesetPack } from '../../../src-shared/ruleset/schema';
import { getCampaignRow } from '../db/tables/club.table';
import { campaignInventory } from '../db/tables/ledger.table';
import { campaignRules } from '../db/game-data';
import type { Database } from '../db/schema';

/**
 * A crossover side as the ledger's crossover check reads it (DIGEST 18.3–18.5,
 * AMB-24): a campaign army brings its mission level, its campaign's Veteran
 * Sixes and its module setting; an army outside any campaign is a one-off guest.
 */
async function crossoverSide(db: Kysely<Database>, roster: Roster, fallbackPack: RulesetPack, veteranSixesUsed: number): Promise<CrossoverSide> {
  if (!roster.campaignId) {
    return { name: roster.name, campaignMission: null, fieldedPoints: rosterPoints(roster, fallbackPack).total, veteranSixesHeld: 0, veteranSixesUsed };
  }
  const row = await getCampaignRow(db, roster.campaignId);
  const { pack, options } = await campaignRules(db, row.id);
  const inventory = await campaignInventory(db, row.id, roster.playerId);
  return {
    name: roster.name,
    campaignMission: row.current_mission,
    fieldedPoints: rosterPoints(roster, pack).total,
    veteranSixesHeld: inventory.formations.reduce((n, f) => n + f.veteranSixes, 0),
    veteranSixesUsed,
    altActivationModule: options.altActivationModule,
  };
}

/**
 * Refuses a crossover that the rules do not allow, naming every condition that
 * fails, before anything is written. Returns the activation module the game is
 * played with: the campaigns' shared setting (a guest follows the veteran).
 */
export async function requireCrossoverAllowed(
  db: Kysely<Database>,
  rosters: readonly [Roster, Roster],
  pack: RulesetPack,
  veteranSixes: number,
): Promise<{ altActivationModule: boolean; matchedVeteranSixes: number; missionLevel: number | null }> {
  const [a, b] = await Promise.all(rosters.map((r) => crossoverSide(db, r, pack, veteranSixes)));
  const check = checkCrossover(a!, b!);
  if (!check.ok) {
    throw new AppError('RULE_VIOLATION', `This crossover cannot be played: ${check.failures.map((f) => f.message).join(' ')}`, {
      path: ['crossover'],
      issues: check.failures.map((f) => ({ path: ['crossover', f.code], message: f.message })),
    });
  }
  return {
    altActivationModule: a!.altActivationModule ?? b!.altActivationModule ?? false,
    matchedVeteranSixes: check.matchedVeteranSixes,
    // the veterans' shared mission level (a guest has none): the mission the crossover plays
    missionLevel: a!.campaignMission ?? b!.campaignMission,
  };
}
