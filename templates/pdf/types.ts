/**
 * pdfmake document-definition types, kept deliberately loose: pdfmake checks
 * the structure itself and our templates are tested through pdftotext.
 * They live with the templates, which depend only on src-shared and pdfmake.
 */

/** Any pdfmake content node: a string, an array of nodes, or an object node ({ text }, { table }, { svg }, { columns }, …). */
export type PdfContent = string | PdfContent[] | PdfNode;

export interface PdfNode {
  [key: string]: unknown;
}

export type PaperSize = 'A4' | 'LETTER';

/** What a template returns: the body of the document. renderPdf adds page size, fonts, footer and metadata. */
export interface PdfBody {
  content: PdfContent[];
  /** Extra named styles; merged over the shared ones in ./pieces.ts. */
  styles?: Record<string, PdfNode>;
  /** Merged over the default style (Roboto 9 pt). */
  defaultStyle?: PdfNode;
  pageOrientation?: 'portrait' | 'landscape';
  /** Points: [left, top, right, bottom]. Bottom must leave room for the footer (default 48). */
  pageMargins?: [number, number, number, number];
  /**
   * Move a heading left alone at a page foot to the next page (default on). Each move lays the
   * whole document out again, so a document whose sections already keep their heading with them
   * (army sheets: unbreakable formation blocks, printed a hundred at a time) turns it off.
   */
  keepHeadingsWithContent?: boolean;
}

export interface PdfFooterInfo {
  /** e.g. "Age of Ash rules 2.4 · data 2026.11-1 (version 3)". */
  rulesetLabel: string;
  /** Any provisional value (DIGEST §22) is shown in the document. */
  provisional: boolean;
  /** The campaign or battle uses the alternating-activation module (DIGEST §23). */
  nonStandard: boolean;
}

export interface RenderPdfOptions {
  paperSize: PaperSize;
  title: string;
  /** The club's name from Settings; empty falls back to the product name. */
  author: string;
  subject?: string;
  footer: PdfFooterInfo;
}
