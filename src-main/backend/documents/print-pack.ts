import type { RulesetPack } from '../../../src-shared/ruleset/schema';
import type { Db } from '../db/schema';
import { getRulesetVersion, latestRulesetVersionId, packForCampaign } from '../db/tables/rulesets.table';
import { isNonStandard, rulesetLabel } from '../pdf/context';

/** The pack a printout reads: a campaign's pinned pack with its options, a chosen version, or the newest default. */
export async function packForPrint(
  db: Db,
  sel: { campaignId?: string; rulesetVersionId?: number },
): Promise<{ pack: RulesetPack; label: string; nonStandard: boolean }> {
  let versionId: number;
  let pack: RulesetPack;
  if (sel.campaignId) {
    const pinned = await packForCampaign(db, sel.campaignId);
    versionId = pinned.versionId;
    pack = pinned.pack;
  } else {
    versionId = sel.rulesetVersionId ?? (await latestRulesetVersionId(db));
    pack = (await getRulesetVersion(db, versionId)).pack;
  }
  const { version } = await getRulesetVersion(db, versionId);
  return { pack, label: rulesetLabel(pack, version.version), nonStandard: isNonStandard(pack.options) };
}
