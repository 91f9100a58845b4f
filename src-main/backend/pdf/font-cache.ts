import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';

/**
 * Parsed fonts shared by every document of this process (or worker thread).
 *
 * pdfkit opens each font anew for every document: it reads the file and hands
 * the bytes to `fontkit.create`, whose tables (cmap, metrics, the shaping
 * lookups) are then decoded again as the text is laid out. That was about a
 * third of rendering an army sheet. pdfkit has no way to take a parsed font,
 * so this module gives the pdfkit that pdfmake loads a fontkit whose `create`
 * returns a view of the font already parsed from the same bytes (keyed by their
 * SHA-256 and the face asked for): the decoded tables are shared, the glyphs
 * and the layout engine are each document's own (forOneDocument), and each
 * document makes its own subset of the glyphs it uses.
 *
 * It must run before pdfkit is first loaded: pdfmake-loader.ts imports it before
 * pdfmake. `fontParses()` counts real parses, so a test can see the cache work.
 */
const fromHere = createRequire(import.meta.url);
const fromPdfkit = createRequire(createRequire(fromHere.resolve('pdfmake')).resolve('pdfkit'));
const fontkitPath = fromPdfkit.resolve('fontkit');

interface Fontkit {
  create(buffer: Uint8Array, postscriptName?: string): object;
}

const parsed = new Map<string, object>();
let parses = 0;

/**
 * A document's own view of a shared font: the decoded tables (`_tables`, read
 * through the shared font) are shared, but glyph objects and the layout engine
 * (which caches glyphs too) are the document's own. fontkit keeps a glyph with
 * the characters it was first made for: a glyph first made as part of another
 * (E inside a composite É) has none, and a later document sharing it would
 * write no text for E into its ToUnicode map, so copying or searching the PDF
 * would lose every E.
 */
function forOneDocument(font: object): object {
  const view = Object.create(font) as { _glyphs: Record<number, unknown> };
  view._glyphs = {};
  return view;
}

function install(): boolean {
  if (fromPdfkit.cache[fromPdfkit.resolve('pdfkit')]) return false; // too late: pdfkit already holds fontkit
  const fontkit = fromPdfkit('fontkit') as Fontkit;
  const entry = fromPdfkit.cache[fontkitPath];
  if (!entry) return false;
  entry.exports = {
    ...fontkit,
    create(buffer: Uint8Array, postscriptName?: string) {
      const key = `${createHash('sha256').update(buffer).digest('base64')}:${postscriptName ?? ''}`;
      let font = parsed.get(key);
      if (font === undefined) {
        font = fontkit.create(buffer, postscriptName);
        parses++;
        parsed.set(key, font);
      }
      return forOneDocument(font);
    },
  };
  return true;
}

/** Whether documents of this process share parsed fonts (false only if pdfkit was loaded before this module). */
export const fontCacheInstalled = install();

/** How many times a font file was really parsed in this process. */
export function fontParses(): number {
  return parses;
}
