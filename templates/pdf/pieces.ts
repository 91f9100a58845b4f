import type { Profile } from '../../src-shared/ruleset/schema';
import type { PdfContent, PdfNode } from './types';

/**
 * Shared document pieces so every printout looks like one family. Pure
 * functions returning pdfmake nodes; no I/O.
 */

/** Marks a provisional value (DIGEST §22); the footer explains it. */
export const PROVISIONAL_MARK = '†';

export const SHARED_STYLES: Record<string, PdfNode> = {
  title: { fontSize: 18, bold: true, margin: [0, 0, 0, 4] },
  subtitle: { fontSize: 10, color: '#555555', margin: [0, 0, 0, 8] },
  h1: { fontSize: 13, bold: true, margin: [0, 10, 0, 4] },
  h2: { fontSize: 11, bold: true, margin: [0, 8, 0, 3] },
  h3: { fontSize: 9.5, bold: true, margin: [0, 5, 0, 2] },
  small: { fontSize: 7.5 },
  muted: { color: '#555555' },
  tableHeader: { bold: true, fillColor: '#e8e8e8' },
  footer: { fontSize: 7, color: '#444444' },
  provisional: { color: '#8a4b00' },
};

export function title(text: string, subtitle?: string): PdfContent[] {
  return subtitle
    ? [
        { text, style: 'title' },
        { text: subtitle, style: 'subtitle' },
      ]
    : [{ text, style: 'title' }];
}

/** A heading; the renderer never leaves one alone at the foot of a page (`headlineLevel`, see KEEP_HEADINGS_WITH_CONTENT). */
export function heading(text: string, level: 1 | 2 | 3 = 1, extra: PdfNode = {}): PdfNode {
  return { text, style: `h${level}`, headlineLevel: level, ...extra };
}

interface LaidOutNode {
  headlineLevel?: number;
  id?: string;
  text?: unknown;
  style?: unknown;
  svg?: unknown;
  image?: unknown;
  canvas?: unknown;
}

/** The start of the id every node of the page footer carries, so layout hooks can tell the footer from the content. */
export const FOOTER_NODE_ID = 'page-footer';

/** Rows of a table (its header row aside) that `headed` keeps on one page with their heading. */
const KEEP_TOGETHER_ROWS = 12;

/**
 * A heading and what it heads (a table, a line saying there is none), kept on one page when short. The page-break
 * hook below keeps a heading with text, but a table's rows are moved to the next page after the hook has seen them
 * on this one (pdfmake's `dontBreakRows`), which could leave a heading and a header row alone at a page foot.
 */
export function headed(title: string, level: 1 | 2 | 3, body: PdfNode): PdfNode {
  const rows = ((body as { table?: { body: unknown[] } }).table?.body.length ?? 2) - 1;
  return { stack: [heading(title, level), body], ...(rows <= KEEP_TOGETHER_ROWS ? { unbreakable: true } : {}) };
}

/** What pdfmake 0.3 hands its page-break hook beside the node: the nodes around it, computed on demand. */
interface PageNeighbours {
  getFollowingNodesOnPage(): unknown[];
  getNodesOnNextPage(): unknown[];
}

/**
 * What a reader sees under a heading: text, a picture or a drawing. Not the page footer, not another heading, not
 * the containers around content (a table, a stack, columns), and not a table's header row, which alone says nothing.
 */
function isContent(n: LaidOutNode): boolean {
  if (n.id?.startsWith(FOOTER_NODE_ID) || n.headlineLevel !== undefined) return false;
  if (n.svg !== undefined || n.image !== undefined || n.canvas !== undefined) return true;
  return n.text !== undefined && n.style !== 'tableHeader';
}

/**
 * pdfmake's page-break hook: a heading with nothing after it on its page
 * starts the next page instead, so no heading is orphaned at a page foot,
 * whether what follows it is text or a table whose rows went over.
 */
export function keepHeadingsWithContent(node: LaidOutNode, around: PageNeighbours): boolean {
  if (node.headlineLevel === undefined) return false;
  const content = (nodes: unknown[]) => (nodes as LaidOutNode[]).filter(isContent);
  return content(around.getFollowingNodesOnPage()).length === 0 && content(around.getNodesOnNextPage()).length > 0;
}

/** A value with the provisional mark when it is one. */
export function markIf(value: string | number, provisional: boolean): PdfNode {
  return provisional ? { text: [String(value), { text: PROVISIONAL_MARK, style: 'provisional' }] } : { text: String(value) };
}

/** D6 targets: 4 → "4+", 7 → "6 only" (the schema's natural-six-only value). */
export function dieTarget(n: number): string {
  return n >= 7 ? '6 only' : `${n}+`;
}

export function inches(n: number): string {
  return `${n}"`;
}

/** A bordered table with a grey header row. `widths` defaults to auto for every column. */
export function simpleTable(header: string[], rows: (string | number | PdfNode)[][], widths?: (number | string)[]): PdfNode {
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: widths ?? header.map(() => 'auto'),
      body: [header.map((h) => ({ text: h, style: 'tableHeader' })), ...rows.map((r) => r.map((c) => (typeof c === 'object' ? c : String(c))))],
    },
    layout: 'lightHorizontalLines',
    margin: [0, 2, 0, 6],
  };
}

/** `rows` as a simple table or, where there are none, `none` in italics: an empty section says so instead of vanishing. */
export function tableOrNone(header: string[], rows: (string | number | PdfNode)[][], none: string, widths?: (number | string)[]): PdfNode {
  return rows.length ? simpleTable(header, rows, widths) : { text: none, italics: true };
}

export interface ProfileRow {
  name: string;
  profile: Profile;
  /** Profile fields that are provisional ('M', 'T', …, or '*' for all). */
  provisional?: string[];
  /** Extra trailing cell, e.g. the points cost. */
  extra?: string;
}

const PROFILE_FIELDS: (keyof Profile)[] = ['M', 'W', 'Hit', 'T', 'Save', 'A', 'D', 'Resolve'];

/** The profile line every army sheet, crib sheet and briefing shares: M W Hit T Save A D Resolve. */
export function profileTable(rows: ProfileRow[], extraHeader?: string): PdfNode {
  const header = ['', ...PROFILE_FIELDS, ...(extraHeader ? [extraHeader] : [])];
  const body = rows.map((r) => {
    const prov = new Set(r.provisional ?? []);
    const cells: (string | PdfNode)[] = [{ text: r.name, bold: true }];
    for (const f of PROFILE_FIELDS) {
      const v = r.profile[f];
      const shown = f === 'M' ? inches(v) : f === 'Hit' || f === 'Save' || f === 'Resolve' ? dieTarget(v) : String(v);
      cells.push(markIf(shown, prov.has('*') || prov.has(f) || prov.has(`profile.${f}`)));
    }
    if (extraHeader) cells.push(r.extra ?? '');
    return cells;
  });
  return simpleTable(header, body, ['*', ...PROFILE_FIELDS.map(() => 'auto'), ...(extraHeader ? ['auto'] : [])]);
}

/** Label: text paragraphs, as used for rules text ("Shield Line. …"). */
export function ruleParagraph(name: string, text: string, provisional = false): PdfNode {
  return {
    text: [{ text: `${name}${provisional ? PROVISIONAL_MARK : ''}. `, bold: true }, text],
    margin: [0, 0, 0, 3],
  };
}
