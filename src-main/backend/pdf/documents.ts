import anyAscii from 'any-ascii';
import { AppError } from '../../../src-shared/errors';
import type { RulesetPack } from '../../../src-shared/ruleset/schema';
import type { Db } from '../db/schema';
import { getRulesetVersion, latestRulesetVersionId, packForCampaign } from '../db/tables/rulesets.table';
import { requireRoster } from '../db/tables/rosters.table';
import { buildCribSheet } from '../../../templates/crib-sheet';
import { buildMissionBriefing } from '../../../templates/mission-briefing';
import { isNonStandard, readPrintSettings, rulesetLabel } from './context';
import { renderPdf } from './render';
import type { PaperSize } from '../../../templates/pdf/types';

/** The pack a printout reads: a campaign's pinned pack with its options, a chosen version, or the newest default. */
async function packForPrint(
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

/** Names safe on every file system. */
export function safeFileName(name: string, ext: string, fallback = 'document'): string {
  // a readable Latin spelling of any script (Ворон → Voron, 李小龍 → LiXiaoLong, 🐺 → wolf), so no name prints as "draft.pdf"
  const base =
    anyAscii(name)
      .replace(/[^\w\- ]+/g, ' ')
      .trim()
      .replace(/\s+/g, '-')
      .slice(0, 60)
      .replace(/-+$/, '') || fallback;
  return `${base}.${ext}`;
}

export async function printCribSheet(db: Db, input: { rulesetVersionId?: number; campaignId?: string; rosterIds?: string[]; paperSize?: PaperSize }) {
  const { pack, label, nonStandard } = await packForPrint(db, input);
  const rosters = [];
  for (const [i, id] of (input.rosterIds ?? []).entries()) {
    const row = await requireRoster(db, id).catch(() => {
      throw new AppError('NOT_FOUND', `Roster ${id} does not exist or has been deleted.`, { path: ['rosterIds', i] });
    });
    rosters.push(row.roster);
  }
  const settings = await readPrintSettings(db);
  const doc = buildCribSheet({ pack, rosters });
  const pdf = await renderPdf(doc.body, {
    paperSize: input.paperSize ?? settings.paperSize,
    title: doc.title,
    author: settings.clubName,
    footer: { rulesetLabel: label, provisional: doc.provisional, nonStandard },
  });
  return { fileName: safeFileName('crib-sheet', 'pdf'), pdf };
}

export async function printBriefing(
  db: Db,
  input: { mission: number; campaignId?: string; rulesetVersionId?: number; provinceId?: string; variantId?: string; paperSize?: PaperSize },
) {
  const { pack, label, nonStandard } = await packForPrint(db, input);
  const province = pack.provinces.find((p) => p.id === input.provinceId);
  if (input.provinceId && !province) throw new AppError('NOT_FOUND', `The ruleset has no province "${input.provinceId}".`, { path: ['provinceId'] });
  if (input.variantId && !province?.missionVariants.some((v) => v.id === input.variantId && v.mission === input.mission))
    throw new AppError(
      'NOT_FOUND',
      `${province ? province.name : 'No province was chosen, so it'} has no variant "${input.variantId}" of Mission ${input.mission}.`,
      { path: ['variantId'] },
    );
  const settings = await readPrintSettings(db);
  const doc = buildMissionBriefing({ pack, mission: input.mission, provinceId: input.provinceId, variantId: input.variantId });
  const pdf = await renderPdf(doc.body, {
    paperSize: input.paperSize ?? settings.paperSize,
    title: doc.title,
    author: settings.clubName,
    footer: { rulesetLabel: label, provisional: doc.provisional, nonStandard },
  });
  return { fileName: safeFileName(`mission-${input.mission}-briefing`, 'pdf'), pdf };
}

/** Pages in a pdfmake PDF (page objects are not compressed). */
export function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
}
