import { AppError } from '../../../src-shared/errors';
import type { Db } from '../db/schema';
import { buildMissionBriefing } from '../../../templates/mission-briefing';
import type { PaperSize } from '../../../templates/pdf/types';
import { readPrintSettings } from '../pdf/context';
import { safeFileName } from '../pdf/file-name';
import { renderPdf } from '../pdf/render';
import { packForPrint } from './print-pack';

/** print.briefing: one mission's briefing, in a province and variant when chosen. */
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
