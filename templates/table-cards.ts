import type { PdfBody, PdfContent, PdfNode } from './pdf/types';
import { PROVISIONAL_MARK } from './pdf/pieces';
import { isolate } from './pdf/script-fonts';
import { qrPath, qrSide, type QrModules } from '../src-shared/qr-path';

/**
 * Table cards (issue 35, club night): one card per table, cut out and laid
 * beside the battlefield. A phone scans the QR code and records that table's
 * battle; the link is printed too, for a phone that cannot scan. The QR code
 * is drawn as vectors (one filled path), so it stays sharp at any printer's
 * resolution and is read from the page, not from an embedded picture.
 */

export interface TableCard {
  /** The table link the QR code carries. */
  url: string;
  /** When the link stops working, in the organiser's words ("Fri 4 Dec, 23:40"). */
  expires: string;
  players: readonly [string, string];
  factions: readonly [string, string];
  /** The campaign's name, or null for a standalone or crossover game. */
  campaignName: string | null;
  mode: 'campaign' | 'standalone' | 'crossover';
  mission: { number: number; name: string; provisionalName: boolean } | null;
  qr: QrModules;
}

/** The printed QR code's side, quiet zone included, in points (about 4.2 cm: a module near 0.9 mm, read by any phone at arm's length). */
export const QR_SIDE_POINTS = 118;

/** The QR code as an SVG node: white quiet zone and black modules, scaled to `side` points. */
function qrSvg(qr: QrModules, side = QR_SIDE_POINTS): PdfNode {
  const n = qrSide(qr);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n} ${n}" width="${n}" height="${n}">` +
    `<rect x="0" y="0" width="${n}" height="${n}" fill="#ffffff"/><path fill="#000000" d="${qrPath(qr)}"/></svg>`;
  return { svg, width: side, height: side, alignment: 'center' };
}

function gameLine(card: TableCard): PdfContent {
  const mission = card.mission
    ? [`Mission ${card.mission.number}: `, card.mission.name, ...(card.mission.provisionalName ? [{ text: PROVISIONAL_MARK, style: 'provisional' }] : [])]
    : [];
  const kind =
    card.mode === 'campaign'
      ? card.campaignName !== null
        ? isolate(card.campaignName)
        : 'Campaign'
      : card.mode === 'crossover'
        ? 'Crossover game'
        : 'Standalone game';
  // the campaign's name is isolated in a run of its own: a name written right to left keeps to itself
  return { text: mission.length ? [kind, ' · ', ...mission] : [kind], alignment: 'center', margin: [0, 0, 0, 3] };
}

/**
 * The link for a phone that cannot scan: the address on one line, the query (the token) whole on the next, each
 * kept unbroken (a line break inside a token, at one of its hyphens, would be typed as part of it).
 */
function linkLines(url: string): PdfNode[] {
  const q = url.indexOf('?');
  const lines = q < 0 ? [url] : [url.slice(0, q + 1), url.slice(q + 1)];
  return lines.map((line) => ({ text: line, noWrap: true, fontSize: 7.5, alignment: 'center', color: '#333333' }));
}

function cardStack(card: TableCard): PdfNode {
  return {
    stack: [
      // each name isolated (the text policy's U+2068…U+2069), so a name written right to left keeps its side of the "v"
      { text: [isolate(card.players[0]), '  v  ', isolate(card.players[1])], bold: true, fontSize: 13, alignment: 'center' },
      { text: [card.factions[0], ' v ', card.factions[1]], style: 'muted', alignment: 'center', margin: [0, 0, 0, 1] },
      gameLine(card),
      qrSvg(card.qr),
      { text: 'Scan to record this table’s battle', bold: true, alignment: 'center', margin: [0, 3, 0, 1] },
      ...linkLines(card.url),
      { text: `Valid until ${card.expires}`, alignment: 'center', margin: [0, 3, 0, 0] },
    ],
    margin: [8, 6, 8, 6],
  };
}

/** Dashed lines between the cards, for the scissors. */
const CUT_LINES: PdfNode = {
  hLineWidth: () => 0.6,
  vLineWidth: () => 0.6,
  hLineColor: () => '#888888',
  vLineColor: () => '#888888',
  hLineStyle: () => ({ dash: { length: 4, space: 3 } }),
  vLineStyle: () => ({ dash: { length: 4, space: 3 } }),
  paddingLeft: () => 0,
  paddingRight: () => 0,
  paddingTop: () => 0,
  paddingBottom: () => 0,
};

/** The cards two to a row, three rows to a page, each row kept on one page. */
export function buildTableCards({ cards }: { cards: readonly TableCard[] }): { body: PdfBody; title: string } {
  const rows: PdfContent[][] = [];
  for (let i = 0; i < cards.length; i += 2) rows.push([cardStack(cards[i]!), cards[i + 1] ? cardStack(cards[i + 1]!) : { text: '' }]);
  const tables = cards.length === 1 ? 'one table' : `${cards.length} tables`;
  const content: PdfContent[] = [
    // one line, so three rows of cards fit a page of A4 or US Letter
    {
      text: [{ text: 'Table cards', bold: true, fontSize: 11 }, `  ·  ${tables}: cut along the dashed lines, one card beside each battlefield.`],
      margin: [0, 0, 0, 6],
    },
    { table: { widths: ['*', '*'], dontBreakRows: true, body: rows }, layout: CUT_LINES },
  ];
  return { body: { content, pageMargins: [36, 36, 36, 48] }, title: 'Table cards' };
}
