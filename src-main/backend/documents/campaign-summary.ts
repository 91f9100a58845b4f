import { isProvisional } from '../../../src-shared/ruleset/pack-facts';
import { buildCampaignSummary } from '../../../templates/campaign-summary';
import type { PaperSize } from '../../../templates/pdf/types';
import { journal } from '../campaigns/history';
import { getCampaign } from '../campaigns/campaigns';
import { campaignRules } from '../db/game-data';
import type { Db } from '../db/schema';
import { readPrintSettings, rulesetLabel } from '../pdf/context';
import { safeFileName } from '../pdf/file-name';
import { renderPdf } from '../pdf/render';

/** print.campaignSummary: a campaign's standings, finishes and every player's allowance and inventory. */
export async function campaignSummaryPdf(db: Db, campaignId: string, paperSize?: PaperSize): Promise<{ fileName: string; base64: string }> {
  const j = await journal(db, campaignId);
  const detail = await getCampaign(db, campaignId);
  const { pack, options } = await campaignRules(db, campaignId);
  const settings = await readPrintSettings(db);
  const provisionalTrophies = new Set(pack.cryptids.filter((c) => isProvisional(c, 'trophy')).map((c) => c.trophy.id));
  const doc = buildCampaignSummary(j, detail.standings, detail.finishes, options, provisionalTrophies);
  const shown = j.players.some((p) => p.inventory.trophies.some((t) => provisionalTrophies.has(t.trophyId)));
  const pdf = await renderPdf(doc.body, {
    paperSize: paperSize ?? settings.paperSize,
    title: doc.title,
    author: settings.clubName,
    footer: { rulesetLabel: rulesetLabel(pack), provisional: shown, nonStandard: j.campaign.nonStandard },
  });
  return { fileName: safeFileName(`${j.campaign.name} summary`, 'pdf', 'campaign-summary').toLowerCase(), base64: Buffer.from(pdf).toString('base64') };
}
