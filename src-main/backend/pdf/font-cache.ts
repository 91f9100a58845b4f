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
 * Words are shaped once per process too. pdfkit lays text out word by word and
 * keeps each word's glyph run only for the document at hand, so every sheet
 * shaped "Hit", "Save" and every rule's words again: about a fifth of
 * rendering an army sheet. A view's `layout` answers a word the font has
 * already shaped with a copy of that run (pdfkit scales the positions it is
 * given in place); the glyphs are the same as shaping would give, so the PDF
 * is byte for byte the same.
 *
 * It must run before pdfkit is first loaded: pdfmake-loader.ts imports it before
 * pdfmake. `fontParses()` and `wordsShaped()` count the real work, so a test
 * can see the caches work.
 */
const fromHere = createRequire(import.meta.url);
const fromPdfkit = createRequire(createRequire(fromHere.resolve('pdfmake')).resolve('pdfkit'));
const fontkitPath = fromPdfkit.resolve('fontkit');

interface Fontkit {
  create(buffer: Uint8Array, postscriptName?: string): object;
}

const parsed = new Map<string, object>();
let parses = 0;

/** What pdfkit reads of a glyph run: its glyphs (their id, advance and characters) and their positions, which it scales in place. */
interface GlyphRun {
  glyphs: { id: number; advanceWidth: number; codePoints: number[] }[];
  positions: object[];
}
type Layout = (this: object, text: unknown, ...more: unknown[]) => GlyphRun;

/** Each parsed font's shaped words, shared by its documents; emptied when it grows past MAX_WORDS. */
const wordsOf = new WeakMap<object, Map<string, GlyphRun>>();
const MAX_WORDS = 50_000;
let shaped = 0;

/** A run pdfkit may scale: new position objects, the same (read-only) glyphs. */
function copyRun(run: GlyphRun): GlyphRun {
  const copy = Object.assign(Object.create(Object.getPrototypeOf(run) as object) as GlyphRun, run);
  copy.positions = run.positions.map((p) => Object.assign(Object.create(Object.getPrototypeOf(p) as object) as object, p));
  return copy;
}

/**
 * The run as kept for later documents: its glyphs reduced to what pdfkit reads
 * of them, so the cache does not hold on to the document whose view made them
 * (a fontkit glyph keeps its font, and the view its glyphs and layout engine).
 */
function keptRun(run: GlyphRun): GlyphRun {
  const kept = copyRun(run);
  kept.glyphs = run.glyphs.map((g) => ({ id: g.id, advanceWidth: g.advanceWidth, codePoints: [...g.codePoints] }));
  return kept;
}

/**
 * The view's layout: a plain word (a string, with or without OpenType features,
 * no script or direction forced) already shaped with this font is a copy of
 * its first run. A run with a glyph that lost its characters (a glyph first
 * met inside another) is not kept, so no document inherits a gap in its text.
 */
function sharedLayout(font: object, view: object): Layout {
  const own = (font as { layout: Layout }).layout;
  let words = wordsOf.get(font);
  if (!words) wordsOf.set(font, (words = new Map()));
  return function (text, features, ...more) {
    if (typeof text !== 'string' || more.some((x) => x !== undefined)) return own.call(view, text, features, ...more);
    const key = features === undefined ? text : `${JSON.stringify(features)}\u0000${text}`;
    const known = words.get(key);
    if (known) return copyRun(known);
    const run = own.call(view, text, features);
    shaped++;
    if (run.glyphs.every((g) => g.codePoints.length > 0)) {
      if (words.size >= MAX_WORDS) words.clear();
      words.set(key, keptRun(run));
    }
    return run;
  };
}

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
  const view = Object.create(font) as { _glyphs: Record<number, unknown>; layout: Layout };
  view._glyphs = {};
  view.layout = sharedLayout(font, view);
  return view;
}

/**
 * The bytes' SHA-256. The same bytes object (a font file the store of
 * fonts.ts read once) is hashed once: an 8 MB CJK face cost about 11 ms to hash
 * for every document that printed a name in it.
 */
const keyOfBytes = new WeakMap<Uint8Array, string>();
let hashed = 0;
function contentKey(buffer: Uint8Array): string {
  let key = keyOfBytes.get(buffer);
  if (key === undefined) {
    key = createHash('sha256').update(buffer).digest('base64');
    hashed++;
    keyOfBytes.set(buffer, key);
  }
  return key;
}

/** fontkit as pdfkit loads it, unpatched: what really parses a font. */
let realFontkit: Fontkit | undefined;

/** The one parsed font for these bytes (and face), parsed on first use; documents get views of it. */
function sharedParse(buffer: Uint8Array, postscriptName?: string): object {
  realFontkit ??= fromPdfkit('fontkit') as Fontkit;
  const key = `${contentKey(buffer)}:${postscriptName ?? ''}`;
  let font = parsed.get(key);
  if (font === undefined) {
    font = realFontkit.create(buffer, postscriptName);
    parses++;
    parsed.set(key, font);
  }
  return font;
}

function install(): boolean {
  if (fromPdfkit.cache[fromPdfkit.resolve('pdfkit')]) return false; // too late: pdfkit already holds fontkit
  const fontkit = fromPdfkit('fontkit') as Fontkit;
  const entry = fromPdfkit.cache[fontkitPath];
  if (!entry) return false;
  realFontkit = fontkit;
  entry.exports = {
    ...fontkit,
    create: (buffer: Uint8Array, postscriptName?: string) => forOneDocument(sharedParse(buffer, postscriptName)),
  };
  return true;
}

/** What a font's character map answers (glyph-coverage.ts asks it). */
export interface FontCmap {
  hasGlyphForCodePoint(codePoint: number): boolean;
}

/**
 * The parsed font these bytes are, the same one every document's view shares
 * (parsed here if no document has used it yet): for questions about which
 * characters it has, never for laying out a document's text.
 */
export function sharedFont(buffer: Uint8Array): FontCmap {
  return sharedParse(buffer) as FontCmap;
}

/** Whether documents of this process share parsed fonts (false only if pdfkit was loaded before this module). */
export const fontCacheInstalled = install();

/** How many times a font file was really parsed in this process. */
export function fontParses(): number {
  return parses;
}

/** How many words were really shaped (not answered from the shared runs) in this process. */
export function wordsShaped(): number {
  return shaped;
}

/** How many font files' bytes were hashed in this process (each bytes object once). */
export function fontHashes(): number {
  return hashed;
}
