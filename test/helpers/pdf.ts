import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * PDF checks shared by every printing test: text through poppler's pdftotext,
 * structure through `qpdf --check`, page 1 rendered to test/artifacts/ to look at.
 */

function withTempPdf<T>(pdf: Buffer, fn: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'aoa-pdf-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    return fn(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of the PDF, layout kept (columns stay on one line). */
export function pdfText(pdf: Buffer): string {
  return withTempPdf(pdf, (file) => execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }));
}

/**
 * The text of every page, layout kept, from one pdftotext run (it ends each page with a form feed): a test that reads
 * many small documents page by page spawns one process per document instead of pdfinfo, pdffonts and one per page.
 */
export function pdfPagesText(pdf: Buffer): string[] {
  return pdfText(pdf).split('\f').slice(0, -1);
}

/** Text of page `n` only. */
export function pdfPageText(pdf: Buffer, n: number): string {
  return withTempPdf(pdf, (file) => execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-f', String(n), '-l', String(n), file, '-'], { encoding: 'utf8' }));
}

/** `qpdf --check`: throws with qpdf's report when the file is damaged. Returns the report. */
export function qpdfCheck(pdf: Buffer): string {
  return withTempPdf(pdf, (file) => execFileSync('qpdf', ['--check', file], { encoding: 'utf8' }));
}

export interface PdfInfo {
  pages: number;
  title: string;
  author: string;
  pageSize: string;
  fonts: string;
}

/** pdfinfo + pdffonts: page count, metadata, page size, embedded fonts. */
export function pdfInfo(pdf: Buffer): PdfInfo {
  return withTempPdf(pdf, (file) => {
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const field = (name: string) => info.match(new RegExp(`^${name}:\\s*(.*)$`, 'm'))?.[1]?.trim() ?? '';
    return {
      pages: Number(field('Pages')),
      title: field('Title'),
      author: field('Author'),
      pageSize: field('Page size'),
      fonts: execFileSync('pdffonts', [file], { encoding: 'utf8' }),
    };
  });
}

/** Renders page 1 at 60 dpi to test/artifacts/<name>.png (look at it). Returns the PNG path. */
export function renderFirstPage(pdf: Buffer, name: string): string {
  const outDir = resolve('test/artifacts');
  mkdirSync(outDir, { recursive: true });
  return withTempPdf(pdf, (file, dir) => {
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', file, join(dir, 'page')]);
    const target = join(outDir, `${name}.png`);
    copyFileSync(join(dir, 'page.png'), target);
    return target;
  });
}

const RTL_LETTERS = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFE]+/gu;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };

/**
 * The lines of page `n` in the order the eye meets their words from the left
 * (pdftotext -bbox: each word's box, grouped by baseline and sorted by x), to
 * check the visual order of text in either direction. A right-to-left word is
 * given back in reading order (poppler lists its characters as drawn, left to
 * right), so it compares with the name as typed; a mark drawn touching it (a
 * colon, a hyphen) stays where it was drawn.
 */
export function pdfVisualLines(pdf: Buffer, n = 1): string[] {
  const html = withTempPdf(pdf, (file) =>
    execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', '-f', String(n), '-l', String(n), file, '-'], { encoding: 'utf8' }),
  );
  const words = [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => {
    const text = m[4]!.replace(/&(amp|lt|gt|quot|apos);/g, (e) => ENTITIES[e]!);
    // the middle of the box: fonts of other scripts reach higher and lower than the body font on one line
    const [top, bottom] = [Number(m[2]), Number(m[3])];
    return { x: Number(m[1]), y: (top + bottom) / 2, h: bottom - top, text: text.replace(RTL_LETTERS, (run) => [...run].reverse().join('')) };
  });
  const lines: { y: number; words: typeof words }[] = [];
  for (const w of words.sort((p, q) => p.y - q.y)) {
    const line = lines.find((l) => Math.abs(l.y - w.y) < w.h / 3);
    if (line) line.words.push(w);
    else lines.push({ y: w.y, words: [w] });
  }
  return lines.map((l) =>
    l.words
      .sort((p, q) => p.x - q.x)
      .map((w) => w.text)
      .join(' '),
  );
}
