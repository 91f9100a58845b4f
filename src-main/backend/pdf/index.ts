/**
 * Shared PDF infrastructure (issue 7). Every printout of the app goes through
 * `renderPdf` so fonts, paper size, footer, page numbers and metadata are the
 * same everywhere. See render.ts for a usage example, pieces.ts for shared
 * document pieces, context.ts for reading paper size, club name and ruleset
 * label from the ledger.
 */
export { renderPdf, footerLabel } from './render';
export * from '../../../templates/pdf/pieces';
export * from './context';
export type * from '../../../templates/pdf/types';
