import { AppError } from '../../../src-shared/errors';
import type { Db } from '../db/schema';
import { requireRoster } from '../db/tables/rosters.table';
import { buildCribSheet } from '../../../templates/crib-sheet';
import type { PaperSize } from '../../../templates/pdf/types';
import { readPrintSettings } from '../pdf/context';
import { safeFileName } from '../pdf/file-name';
import { renderPdf } from '../pdf/render';
import { packForPrint } from './print-pack';

/** print.cribSheet: the pack's quick reference, with the chosen rosters' units. */
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
