import { AppError } from '../../../src-shared/errors';
import { buildArmySheet, type ArmySheetCampaignState } from '../../../templates/army-sheet';
import type { PaperSize, PdfBody, PdfContent } from '../../../templates/pdf/types';
import type { Db } from '../db/schema';
import { campaignRules } from '../db/game-data';
import { findCampaignRow, findPlayerName } from '../db/tables/club.table';
import { campaignInventory } from '../db/tables/ledger.table';
import { requireRoster } from '../db/tables/rosters.table';
import { checkRoster } from '../rosters/allowance';
import { isNonStandard, rulesetLabel } from '../pdf/context';
import { renderPdf } from '../pdf/render';

/** One roster's army sheet, built but not yet rendered (so a batch can join many into one PDF). */
export interface ArmySheet {
  rosterId: string;
  name: string;
  playerName: string;
  draft: boolean;
  body: PdfBody;
  provisional: boolean;
  nonStandard: boolean;
  rulesetLabel: string;
}

/** The campaign record printed on a campaign roster's sheet: service marks, ranks, Veteran Sixes, Cryptid Dice, trophies. */
async function campaignStateOf(db: Db, campaignId: string, playerId: string): Promise<ArmySheetCampaignState> {
  const inv = await campaignInventory(db, campaignId, playerId);
  return {
    formations: Object.fromEntries(
      inv.formations.map((f) => [f.formationId, { marks: f.serviceMarks, rank: f.rank, veteranSixes: f.veteranSixes, cryptidVeteran: f.cryptidVeteran }]),
    ),
    cryptidDice: inv.cryptidDice.length,
    trophies: inv.trophies.map((t) => ({ name: t.name, status: t.status })),
  };
}

/**
 * The one assembler of a stored roster's army sheet, for the single print,
 * the batch (one PDF or a file per roster) and the CLI alike. `draft`:
 * 'refuse-invalid' refuses a roster that breaks the rules; 'mark-invalid'
 * (a batch never stops for one roster) prints it as a marked draft, as the
 * Builder would offer; true always prints a draft.
 */
export async function assembleArmySheet(db: Db, rosterId: string, opts: { draft: boolean | 'mark-invalid' }): Promise<ArmySheet> {
  const { roster } = await requireRoster(db, rosterId);
  // the Builder's own check (its allowance rule, the match-lower house option included)
  const { pack, version, validation, allowance } = await checkRoster(db, roster);
  if (!validation.valid && opts.draft === false) {
    const n = validation.violations.length;
    throw new AppError(
      'RULE_VIOLATION',
      `This roster breaks ${n === 1 ? 'a recruitment rule' : `${n} recruitment rules`} (${validation.violations.map((v) => v.code).join(', ')}), so it cannot be printed as a final army sheet. Fix it, or print a marked draft.`,
      { path: ['id'] },
    );
  }
  const draft = opts.draft === 'mark-invalid' ? !validation.valid : opts.draft;
  const playerName = await findPlayerName(db, roster.playerId);
  if (playerName === undefined)
    throw new AppError('NOT_FOUND', 'That player is not in the club list; add them first or choose another.', { path: ['playerId'] });
  const campaign = roster.campaignId ? await findCampaignRow(db, roster.campaignId) : undefined;
  // the campaign's pinned options may turn on the alternating-activation module the pack leaves off
  const pinned = roster.campaignId ? (await campaignRules(db, roster.campaignId)).options : null;
  const built = buildArmySheet({
    campaignState: roster.campaignId ? await campaignStateOf(db, roster.campaignId, roster.playerId) : null,
    roster,
    pack,
    validation,
    playerName,
    campaign: campaign ? { name: campaign.name, mission: campaign.current_mission } : null,
    allowanceSource: allowance.source,
    draft,
  });
  return {
    rosterId,
    name: roster.name,
    playerName,
    draft,
    body: built.body,
    provisional: built.provisional,
    nonStandard: isNonStandard(pack.options) || (pinned !== null && isNonStandard(pinned)),
    rulesetLabel: rulesetLabel(pack, version),
  };
}

/** One army sheet as its own PDF. */
export function renderArmySheet(sheet: ArmySheet, opts: { paperSize: PaperSize; author: string }): Promise<Buffer> {
  return renderPdf(sheet.body, {
    paperSize: opts.paperSize,
    title: `Army sheet: ${sheet.name}${sheet.draft ? ' (draft)' : ''}`,
    author: opts.author,
    subject: `Age of Ash warband of ${sheet.playerName}`,
    footer: { rulesetLabel: sheet.rulesetLabel, provisional: sheet.provisional, nonStandard: sheet.nonStandard },
  });
}

/** Many rosters' army sheets as one PDF (a batch's single file), each roster from a new page. */
export function renderArmySheets(sheets: ArmySheet[], opts: { paperSize: PaperSize; author: string }): Promise<Buffer> {
  return renderPdf(joinSheets(sheets), {
    paperSize: opts.paperSize,
    title: `Army sheets (${sheets.length})`,
    author: opts.author,
    footer: {
      rulesetLabel: [...new Set(sheets.map((s) => s.rulesetLabel))].join(' / ') || 'no rosters',
      provisional: sheets.some((s) => s.provisional),
      nonStandard: sheets.some((s) => s.nonStandard),
    },
  });
}

/** Every sheet's content one after the other, each roster from a new page. */
function joinSheets(sheets: ArmySheet[]) {
  const content: PdfContent[] = [];
  const styles = {};
  sheets.forEach((s, i) => {
    Object.assign(styles, s.body.styles ?? {});
    content.push(i === 0 ? { stack: s.body.content } : { stack: s.body.content, pageBreak: 'before' });
  });
  if (!content.length) content.push({ text: 'No rosters to print.', italics: true });
  // the sheets' own setting: one layout pass for the whole batch
  return { content, styles, keepHeadingsWithContent: sheets.every((s) => s.body.keepHeadingsWithContent !== false) };
}
