import { describe, expect, it } from 'vitest';
import { sourcesMatching } from '../helpers/repo-files';

// Every document's assembler (issue 43): the function that gathers a document's data from the ledger, builds its body
// with a template (templates/<document>.ts) and renders it with renderPdf lives in src-main/backend/documents/, one
// file per document, where six places held them before (pdf/, battles/, desk/, club-night/, jobs/ and a handler).
const FOLDER = 'src-main/backend/documents/';
/** A call of the renderer: a pdfmake document definition is being made here. */
const RENDERS = /\brenderPdf\s*\(/;
/** An import of a document's template (templates/pdf/ holds the shared pieces and types, which anything may use). */
const BUILDS = /from\s+'(?:\.\.\/)+templates\/(?!pdf\/)[\w-]+'/;
/** Where renderPdf is defined and re-exported. */
const THE_RENDERER = ['src-main/backend/pdf/render.ts'];

describe('document assemblers', () => {
  it('render PDFs only in src-main/backend/documents', () => {
    const outside = sourcesMatching(['src-main', 'src-shared'], RENDERS).filter((p) => !p.startsWith(FOLDER) && !THE_RENDERER.includes(p));
    expect(outside).toEqual([]);
  });

  it('build documents from their templates only in src-main/backend/documents', () => {
    const outside = sourcesMatching(['src-main', 'src-shared'], BUILDS).filter((p) => !p.startsWith(FOLDER));
    expect(outside).toEqual([]);
  });

  it('are found where they are written', () => {
    expect(RENDERS.test('const pdf = await renderPdf(doc.body, {')).toBe(true);
    expect(RENDERS.test("export { renderPdf, footerLabel } from './render';")).toBe(false);
    expect(BUILDS.test("import { buildCribSheet } from '../../../templates/crib-sheet';")).toBe(true);
    expect(BUILDS.test("import type { PaperSize } from '../../../templates/pdf/types';")).toBe(false);
  });
});
