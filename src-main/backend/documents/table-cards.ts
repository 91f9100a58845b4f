import { battleMission } from '../../../src-shared/battle/mission';
import type { ClubLink } from '../../../src-shared/contract/club-night.contract';
import { AppError } from '../../../src-shared/errors';
import { isProvisional } from '../../../src-shared/ruleset/pack-facts';
import { buildTableCards, type TableCard } from '../../../templates/table-cards';
import type { PaperSize } from '../../../templates/pdf/types';
import type { BackendContext } from '../context';
import { battleDetail, listBattles } from '../battles/battles';
import { battleState } from '../battles/battle-state';
import { battleRules } from '../battles/rules';
import { requireBattleRow } from '../db/tables/battles.table';
import { getRulesetVersion } from '../db/tables/rulesets.table';
import { pdfPageCount, readPrintSettings, rulesetLabel } from '../pdf/context';
import { renderPdf } from '../pdf/render';
import { createTableLink } from '../club-night/links';

/** "Fri 4 Dec, 23:40", in this computer's time zone: the organiser's and the club's. */
function expiryWords(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}

/** The battles to print: those named (each in progress) in the order named, or every battle in progress in the order they started. */
async function battlesToPrint(ctx: BackendContext, battleIds: string[] | undefined): Promise<string[]> {
  if (battleIds === undefined) {
    const running = await listBattles(ctx.db, { status: 'in_progress' });
    if (running.length === 0) throw new AppError('CONFLICT', 'No battle is in progress: start tonight’s battles in Play first, then print their cards.');
    // the list comes by last change: a card's place must not move because its table recorded an event
    return inStartOrder(running.map((b) => ({ id: b.id, startedAt: b.startedAt })));
  }
  const ids = [...new Set(battleIds)];
  for (const [i, id] of ids.entries()) {
    const row = await requireBattleRow(ctx.db, id).catch(() => {
      throw new AppError('NOT_FOUND', 'One of the chosen battles no longer exists.', { path: ['battleIds', i] });
    });
    if (row.status !== 'in_progress')
      throw new AppError('CONFLICT', 'Only a battle in progress gets a table card: one of the chosen battles is over.', { path: ['battleIds', i] });
  }
  return ids;
}

/** The first started first; two started in the same millisecond by id, so a reprint keeps the order. */
const inStartOrder = (battles: { id: string; startedAt: string }[]): string[] =>
  [...battles].sort((a, b) => (a.startedAt < b.startedAt ? -1 : a.startedAt > b.startedAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map((b) => b.id);

async function cardOf(ctx: BackendContext, link: ClubLink): Promise<{ card: TableCard; versionId: number }> {
  const { state, loaded } = await battleState(ctx.db, link.battleId!);
  const mission = battleMission(state, battleRules(loaded.pack, loaded.options));
  const faction = (id: string) => loaded.pack.factions.find((f) => f.id === id)?.name ?? '';
  const { campaignName, players } = await battleDetail(ctx.db, link.battleId!);
  return {
    versionId: loaded.row.ruleset_version_id,
    card: {
      url: link.url,
      expires: expiryWords(link.expiresAt),
      players,
      factions: [faction(loaded.setup.sides[0].factionId), faction(loaded.setup.sides[1].factionId)],
      campaignName,
      mode: loaded.setup.mode,
      mission: mission ? { number: mission.number, name: mission.name, provisionalName: isProvisional(mission, 'name') } : null,
      // loaded on the first card, as pdfmake is on the first document: a backend that prints none never loads it
      qr: (await import('qrcode')).default.create(link.url, { errorCorrectionLevel: 'M' }).modules,
    },
  };
}

/**
 * print.tableCards: a new table link for each battle and its card. A link's
 * token exists only when it is made (the ledger keeps its hash), so printing
 * makes the links; those handed out before keep working until they expire
 * or are revoked.
 */
export async function printTableCards(
  ctx: BackendContext,
  input: { battleIds?: string[]; hours: number; paperSize?: PaperSize },
): Promise<{ fileName: string; base64: string; pages: number; links: ClubLink[] }> {
  const ids = await battlesToPrint(ctx, input.battleIds);
  const links: ClubLink[] = [];
  for (const id of ids) links.push(await createTableLink(ctx, id, input.hours));
  const made = await Promise.all(links.map((l) => cardOf(ctx, l)));
  const cards = made.map((m) => m.card);
  const versions = [...new Set(made.map((m) => m.versionId))];
  const label =
    versions.length === 1
      ? await getRulesetVersion(ctx.db, versions[0]!).then(({ pack, version }) => rulesetLabel(pack, version.version))
      : `${versions.length} ruleset versions`;
  const settings = await readPrintSettings(ctx.db);
  const doc = buildTableCards({ cards });
  const pdf = await renderPdf(doc.body, {
    paperSize: input.paperSize ?? settings.paperSize,
    title: doc.title,
    author: settings.clubName,
    footer: { rulesetLabel: label, provisional: cards.some((c) => c.mission?.provisionalName), nonStandard: false },
  });
  return { fileName: 'table-cards.pdf', base64: pdf.toString('base64'), pages: pdfPageCount(pdf), links };
}
