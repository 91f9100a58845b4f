import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { requireRoster, rosterIdsToPrint } from '../db/tables/rosters.table';
import { findCampaignRow, findPlayerName } from '../db/tables/club.table';
import { checkRoster } from '../rosters/allowance';
import { buildArmySheet } from '../../../templates/army-sheet';
import { isNonStandard, rulesetLabel } from '../pdf/context';
import { campaignRules } from '../db/game-data';
import type { PdfBody } from '../../../templates/pdf/types';

type Db = Kysely<Database> | Transaction<Database>;

/** One roster's army sheet, built but not yet rendered (so a batch can join many into one PDF). */
export interface RosterSheet {
  rosterId: string;
  name: string;
  body: PdfBody;
  provisional: boolean;
  nonStandard: boolean;
  rulesetLabel: string;
}

/**
 * Builds a stored roster's army sheet with builder's template. A batch never
 * stops for one invalid roster: it prints as a marked draft, as the Builder
 * would offer.
 */
export async function buildRosterSheet(db: Db, rosterId: string): Promise<RosterSheet> {
  const { roster } = await requireRoster(db, rosterId);
  // the Builder's own check (its allowance rule, the match-lower house option included)
  const { pack, version, validation, allowance } = await checkRoster(db, roster);
  const playerName = await findPlayerName(db, roster.playerId);
  const campaign = roster.campaignId ? await findCampaignRow(db, roster.campaignId) : undefined;
  // the campaign's pinned options may turn on the alternating-activation module the pack leaves off
  const pinned = roster.campaignId ? (await campaignRules(db, roster.campaignId)).options : null;
  const nonStandard = isNonStandard(pack.options) || (pinned !== null && isNonStandard(pinned));
  const built = buildArmySheet({
    roster,
    pack,
    validation,
    playerName: playerName ?? roster.playerId,
    campaign: campaign ? { name: campaign.name, mission: campaign.current_mission } : null,
    allowanceSource: allowance.source,
    draft: !validation.valid,
  });
  return { rosterId, name: roster.name, body: built.body, provisional: built.provisional, nonStandard, rulesetLabel: rulesetLabel(pack, version) };
}

/** Which rosters a batch prints: those of some campaigns, or every roster of the club; deleted ones never. */
export async function rosterIdsForScope(db: Db, scope: { kind: 'campaigns'; campaignIds: string[] } | { kind: 'club' }): Promise<string[]> {
  return rosterIdsToPrint(db, scope);
}
