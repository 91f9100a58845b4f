import { AppError } from '../../../src-shared/errors';
import type { Roster } from '../../../src-shared/roster/schema';
import { rosterViolations, type RosterValidation } from '../../../src-shared/roster/validate';
import type { RulesetPack } from '../../../src-shared/ruleset/schema';
import type { Db } from '../db/schema';
import { allowancesFor } from '../db/tables/ledger.table';
import { requireRoster } from '../db/tables/rosters.table';
import { campaignRules, packOfVersion } from '../db/game-data';
import { campaignSeats } from '../db/tables/club.table';

/** What a roster may spend, and where that figure comes from. */
export interface RosterAllowance {
  /** The allowance the roster is validated against. */
  allowance: number;
  /** In words, for the Builder and the army sheet. */
  source: string;
  /** The roster's own figure: the player's ledger allowance, or the standalone limit. */
  own: number;
  /** In a campaign, the other player's allowance (shown side by side, DIGEST AMB-22); null outside campaigns. */
  opponent: { playerId: string; playerName: string; allowance: number } | null;
  /** True when the campaign pinned the house option "match lower allowance" (DIGEST AMB-22). */
  matchLower: boolean;
}

const SOURCE_CAMPAIGN = 'campaign allowance';
const SOURCE_STANDALONE = 'standalone limit';
const SOURCE_MATCH_LOWER = 'lower of the two campaign allowances (house option)';

/**
 * The points a roster may spend [000 §1, §2 step 6, §13]. A campaign roster
 * has its player's allowance from the ledger (the figure the Journal shows);
 * allowances diverge from Mission 2, and unequal armies are legal unless the
 * campaign pinned "match lower allowance", when both armies are held to the
 * lower of the two (DIGEST AMB-22). Anything else has the pack's standalone
 * limit (DIGEST 1.3).
 */
export async function rosterAllowance(db: Db, roster: Roster, pack: RulesetPack): Promise<RosterAllowance> {
  if (roster.mode !== 'campaign' || !roster.campaignId) {
    const limit = pack.economy.standaloneLimit;
    return { allowance: limit, source: SOURCE_STANDALONE, own: limit, opponent: null, matchLower: false };
  }
  const campaignId = roster.campaignId;
  const seats = await campaignSeats(db, campaignId);
  if (!seats.some((s) => s.playerId === roster.playerId))
    throw new AppError('RULE_VIOLATION', 'This player does not play in that campaign; choose one of its two players.', { path: ['campaignId'] });
  // one grouped pass over the ledger for both seats
  const sums = await allowancesFor(db, [campaignId]);
  const of = (playerId: string) => sums.get(`${campaignId}|${playerId}`) ?? 0;
  const own = of(roster.playerId);
  const other = seats.find((s) => s.playerId !== roster.playerId);
  const opponent = other ? { playerId: other.playerId, playerName: other.playerName, allowance: of(other.playerId) } : null;
  // the options the campaign pinned at creation, over its pack's defaults
  const matchLower = (await campaignRules(db, campaignId)).options.matchLowerAllowance;
  if (matchLower && opponent) {
    return { allowance: Math.min(own, opponent.allowance), source: SOURCE_MATCH_LOWER, own, opponent, matchLower };
  }
  return { allowance: own, source: SOURCE_CAMPAIGN, own, opponent, matchLower };
}

/** A roster checked by the one validator against the allowance it plays under. */
export async function checkRoster(
  db: Db,
  roster: Roster,
): Promise<{ validation: RosterValidation; allowance: RosterAllowance; pack: RulesetPack; version: number }> {
  const { pack, version } = await packOfVersion(db, roster.rulesetVersionId);
  const allowance = await rosterAllowance(db, roster, pack);
  return { validation: rosterViolations(roster, pack, { allowance: allowance.allowance }), allowance, pack, version };
}

/**
 * Refuses a roster that may not be taken into Play Mode: deleted, or breaking
 * any recruitment rule (a draft may be saved while invalid, never played).
 * Play Mode's battle start calls this for each army, so the Builder, printing
 * and Play Mode agree on what "legal" means, the house allowance option included.
 */
export async function assertRosterPlayable(db: Db, rosterId: string, path: (string | number)[] = ['rosterId']): Promise<RosterValidation> {
  const row = await requireRoster(db, rosterId).catch((e: unknown) => {
    if (e instanceof AppError && e.code === 'NOT_FOUND') throw new AppError('NOT_FOUND', e.message, { path });
    throw e;
  });
  const { validation } = await checkRoster(db, row.roster);
  if (!validation.valid) {
    const n = validation.violations.length;
    const first = validation.violations[0]!;
    throw new AppError(
      'RULE_VIOLATION',
      `“${row.roster.name}” is a draft that breaks ${n === 1 ? 'a recruitment rule' : `${n} recruitment rules`}: ${first.message}${n > 1 ? ` (and ${n - 1} more)` : ''} Fix it in the Builder before playing.`,
      { path },
    );
  }
  return validation;
}
