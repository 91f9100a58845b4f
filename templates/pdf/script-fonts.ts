import bidiFactory from 'bidi-js';

/**
 * Every name prints, in whatever script it is written. The body font (Roboto)
 * covers Latin, Greek and Cyrillic; text in other scripts is cut into runs that
 * name a font covering it (pdfmake has no per-glyph fallback), and right-to-left
 * runs are laid out in visual order (pdfkit lays out left to right; each word
 * is shaped and reversed by the font engine, the words' order is ours to give).
 */

/** The fallback font families the renderer registers (src-main/backend/pdf/fonts.ts). */
export const SCRIPT_FONTS = {
  arabic: 'NotoNaskhArabic',
  hebrew: 'NotoSansHebrew',
  han: 'NotoSansSC',
  hangul: 'NotoSansKR',
  emoji: 'NotoEmoji',
} as const;
type ScriptClass = keyof typeof SCRIPT_FONTS;

const RTL = new Set<string>([SCRIPT_FONTS.arabic, SCRIPT_FONTS.hebrew]);
const FALLBACK_ORDER: readonly string[] = [SCRIPT_FONTS.emoji, SCRIPT_FONTS.han, SCRIPT_FONTS.hangul, SCRIPT_FONTS.arabic, SCRIPT_FONTS.hebrew];

/**
 * Which characters each font has (the renderer answers from the fonts' cmaps,
 * src-main/backend/pdf/glyph-coverage.ts). `font` undefined is the body font.
 * Given one, a character no registered font has prints as U+FFFD, never as the
 * font's missing-glyph box, and an invisible joiner or variation selector the
 * run's font cannot map is left out (its base characters still print).
 */
export interface GlyphCoverage {
  has(font: string | undefined, codePoint: number): boolean;
}

/** Printed where no registered font has a character: visible, and in the body font. */
export const REPLACEMENT = '\uFFFD';

/** A string the body font prints as it is: nothing to do (the common case, checked first). */
const NEEDS_FALLBACK =
  /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303F\uFF00-\uFFEF\p{Extended_Pictographic}\p{Emoji_Presentation}\p{Regional_Indicator}\u20E3\uFE0F\u{1F000}-\u{1FAFF}]/u;
/** Printable ASCII: the body font has all of it, whatever the coverage says. */
const PLAIN = /^[\x20-\x7E]*$/;

const CLASSES: [ScriptClass, RegExp][] = [
  ['arabic', /\p{Script=Arabic}/u],
  ['hebrew', /\p{Script=Hebrew}/u],
  ['hangul', /\p{Script=Hangul}/u],
  ['han', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303F\uFF00-\uFFEF\u30FC]/u],
];

/**
 * An emoji is a grapheme cluster, not a character: ⚔️ is U+2694 (text by
 * default, so no Emoji_Presentation) and U+FE0F; 👩‍🚀 is two pictographs
 * joined by U+200D; 🇫🇷 two regional indicators; 👍🏽 a base and a skin-tone
 * modifier; 1️⃣ a digit, U+FE0F and U+20E3. Each must reach the emoji font
 * whole, where its ligature (or its base glyph) is.
 */
const EMOJI_PART = /[\p{Extended_Pictographic}\p{Emoji_Presentation}\p{Regional_Indicator}\u20E3]|[\u{1F000}-\u{1FAFF}]/u;
/** Pictographs the body font (Roboto) draws itself, kept in it unless asked for as emoji (U+FE0F). */
const BODY_PICTOGRAPH = /^[\u00A9\u00AE\u203C\u2122]\uFE0E?$/u;
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;

const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });

function classOf(cluster: string): ScriptClass | 'space' | null {
  if (/^\s+$/u.test(cluster)) return 'space';
  if (EMOJI_PART.test(cluster) && !BODY_PICTOGRAPH.test(cluster)) return 'emoji';
  const base = String.fromCodePoint(cluster.codePointAt(0)!);
  for (const [cls, re] of CLASSES) if (re.test(base)) return cls;
  return null;
}

/**
 * The cluster as a font that has it prints it: the font its script asks for,
 * else the first registered font with every visible character, else U+FFFD.
 * Invisible characters (joiners, selectors, tags) the chosen font lacks are
 * left out rather than drawn as a box.
 */
function printable(cluster: string, font: string | undefined, coverage: GlyphCoverage): { text: string; font: string | undefined } {
  const cps = [...cluster].map((c) => c.codePointAt(0)!);
  const visible = cps.filter((cp) => !IGNORABLE.test(String.fromCodePoint(cp)));
  const candidates = [font, ...[undefined, ...FALLBACK_ORDER].filter((f) => f !== font)];
  const at = candidates.findIndex((f) => visible.every((cp) => coverage.has(f, cp)));
  if (at < 0) return { text: REPLACEMENT, font: undefined };
  const chosen = candidates[at];
  const text = String.fromCodePoint(...cps.filter((cp) => !IGNORABLE.test(String.fromCodePoint(cp)) || coverage.has(chosen, cp)));
  return { text, font: chosen };
}

export interface TextRun {
  text: string;
  font?: string;
}

function needsScriptFonts(text: string, coverage?: GlyphCoverage): boolean {
  if (NEEDS_FALLBACK.test(text) || BIDI_CONTROL.test(text)) return true;
  if (!coverage || PLAIN.test(text)) return false;
  for (const ch of text) if (!coverage.has(undefined, ch.codePointAt(0)!)) return true;
  return false;
}

/** A character that reads right to left (bidi class R or AL): only then is there any order to work out. */
const RIGHT_TO_LEFT = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFE\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;
/** Bidi controls: marks, embeddings, overrides and isolates. They steer the order and print as nothing. */
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
const BIDI_CONTROLS = new RegExp(BIDI_CONTROL.source, 'gu');
/** The scripts fontkit lays out right to left (it reverses a run whose first script is one of them). */
const ENGINE_RTL = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}]/u;
const SCRIPTLESS = /[\p{Script=Common}\p{Script=Inherited}\p{Script=Unknown}]/u;

const bidi = bidiFactory();

/** Whether the font engine will reverse this text's glyphs: its first character with a script decides. */
function engineReverses(text: string): boolean {
  for (const ch of text) if (!SCRIPTLESS.test(ch)) return ENGINE_RTL.test(ch);
  return false;
}

/**
 * Isolates a user-given name inside a sentence or cell (U+2068 FIRST STRONG
 * ISOLATE … U+2069): a name written right to left keeps its own order and never
 * reorders the words and numbers around it. The PDF layout below reads the
 * isolates and prints them as nothing.
 */
export function isolate(name: string): string {
  return `\u2068${name}\u2069`;
}

interface Piece {
  clusters: string[];
  font: string | undefined;
  level: number;
  space: boolean;
}

/**
 * Puts the pieces of one line in the order the eye meets them from the left
 * (Unicode Bidirectional Algorithm, rule L2): from the highest level down to
 * the lowest odd one, every run of pieces at that level or higher is reversed.
 */
function reorderByLevel(pieces: Piece[]): Piece[] {
  if (pieces.length === 0) return pieces;
  const out = [...pieces];
  const highest = Math.max(...out.map((p) => p.level));
  const lowestOdd = Math.min(...out.map((p) => p.level).filter((l) => l % 2 === 1), highest + 1);
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < out.length;) {
      if (out[i]!.level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < out.length && out[j]!.level >= level) j++;
      out.splice(i, j - i, ...out.slice(i, j).reverse());
      i = j;
    }
  }
  return out;
}

type Cluster = { text: string; level: number };
type Placed = { text: string; font: string | undefined } | 'space';

/** The text's grapheme clusters, each with its bidi level (0 without levels) and mirrored where the level says; bidi controls left out. */
function clustersOf(text: string, bidiText: boolean): Cluster[] {
  const levels = bidiText ? bidi.getEmbeddingLevels(text, 'ltr') : undefined;
  const mirrored = levels ? bidi.getMirroredCharactersMap(text, levels.levels) : undefined;
  const clusters: Cluster[] = [];
  for (const g of graphemes.segment(text)) {
    let cluster = g.segment;
    const mirror = mirrored?.get(g.index);
    if (mirror !== undefined && cluster.length === 1) cluster = mirror;
    cluster = cluster.replace(BIDI_CONTROLS, '');
    if (cluster !== '') clusters.push({ text: cluster, level: levels?.levels[g.index] ?? 0 });
  }
  return clusters;
}

/** A cluster's font (undefined: the body font), or 'space' for a space, whose font its neighbours decide. */
function placeCluster(cluster: string, coverage: GlyphCoverage | undefined): Placed {
  const cls = classOf(cluster);
  if (cls === 'space') return 'space';
  const font = cls === null ? undefined : SCRIPT_FONTS[cls];
  return coverage ? printable(cluster, font, coverage) : { text: cluster, font };
}

/** A space belongs to a fallback run only when that same font continues after it. */
function spaceFont(prev: string | undefined, placed: readonly Placed[], i: number): string | undefined {
  let j = i + 1;
  while (j < placed.length && placed[j] === 'space') j++;
  const next = placed[j];
  const nextFont = next === undefined || next === 'space' ? undefined : next.font;
  return prev !== undefined && nextFont === prev ? prev : undefined;
}

/** The clusters gathered into pieces of one level and one font (one word each where the level or the font reads right to left). */
function piecesOf(clusters: readonly Cluster[], placed: readonly Placed[]): Piece[] {
  const pieces: Piece[] = [];
  for (let i = 0; i < clusters.length; i++) {
    const p = placed[i]!;
    const space = p === 'space';
    const piece = p === 'space' ? { text: clusters[i]!.text, font: spaceFont(pieces[pieces.length - 1]?.font, placed, i) } : p;
    if (piece.text === '') continue;
    const level = clusters[i]!.level;
    const last = pieces[pieces.length - 1];
    const wordByWord = level % 2 === 1 || (piece.font !== undefined && RTL.has(piece.font));
    if (last && last.font === piece.font && last.level === level && (!wordByWord || last.space === space)) last.clusters.push(piece.text);
    else pieces.push({ clusters: [piece.text], font: piece.font, level, space });
  }
  return pieces;
}

const rtlFont = (f: string | undefined) => f !== undefined && RTL.has(f);

/** The pieces in visual order as runs, each turned where the engine would not turn it, neighbours of one font joined. */
function runsOf(pieces: Piece[]): TextRun[] {
  const runs: TextRun[] = [];
  for (const p of reorderByLevel(pieces)) {
    const logical = p.clusters.join('');
    const turned = (p.level % 2 === 1) !== engineReverses(logical) ? [...p.clusters].reverse().join('') : logical;
    const last = runs[runs.length - 1];
    // right-to-left runs stay one word each: the engine turns each round on its own
    if (last && last.font === p.font && !rtlFont(p.font) && !engineReverses(last.text) && !engineReverses(turned)) last.text += turned;
    else runs.push(p.font === undefined ? { text: turned } : { text: turned, font: p.font });
  }
  return runs;
}

/**
 * Cuts a string into runs of one font each, grapheme cluster by cluster, in
 * the order they print from the left. Runs the body font prints carry no font;
 * spaces between two words of one fallback font stay in that run. With a
 * coverage, every cluster lands in a font that has it (see printable).
 *
 * Text with a right-to-left character is laid out by the Unicode Bidirectional
 * Algorithm on a left-to-right line (bidi-js gives each character its level and
 * mirrored brackets): pieces of one level, one font and, where a level or a font
 * reads right to left, one word each, are put in visual order (reorderByLevel);
 * the font engine reverses a right-to-left word itself, so its characters stay
 * in reading order, and a piece the engine would not turn round is turned here.
 * Bidi controls (a name's isolates) steer the order and are then left out. The
 * order is worked out for the whole string, before pdfmake breaks it into lines:
 * a right-to-left passage that wraps keeps the order of the unbroken line.
 */
export function scriptRuns(text: string, coverage?: GlyphCoverage): TextRun[] {
  const bidiText = RIGHT_TO_LEFT.test(text);
  if (!bidiText && BIDI_CONTROL.test(text)) text = text.replace(BIDI_CONTROLS, '');
  if (!needsScriptFonts(text, coverage)) return [{ text }];
  const clusters = clustersOf(text, bidiText);
  const placed = clusters.map(({ text: cluster }) => placeCluster(cluster, coverage));
  const pieces = piecesOf(clusters, placed);
  if (pieces.length === 0) return [{ text: '' }];
  return runsOf(pieces);
}

type Node = unknown;
const CHILD_KEYS = ['content', 'stack', 'columns', 'ul', 'ol'] as const;

function textValue(value: unknown, coverage: GlyphCoverage | undefined): unknown {
  if (typeof value === 'string') {
    const runs = scriptRuns(value, coverage);
    return runs.length === 1 && !runs[0]!.font && runs[0]!.text === value ? value : runs;
  }
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.flatMap((v) => {
      const m = typeof v === 'string' ? textValue(v, coverage) : withScriptFonts(v, coverage);
      if (m !== v) changed = true;
      return Array.isArray(m) && typeof v === 'string' ? m : [m];
    });
    return changed ? out : value;
  }
  return withScriptFonts(value, coverage);
}

/**
 * A pdfmake content tree with every string that needs another font cut into
 * runs (text, stacks, columns, lists, table cells). Returns the same object when
 * nothing needs it; never changes its input.
 */
export function withScriptFonts<T extends Node>(node: T, coverage?: GlyphCoverage): T {
  if (typeof node === 'string') {
    return (needsScriptFonts(node, coverage) ? { text: scriptRuns(node, coverage) } : node) as T;
  }
  if (Array.isArray(node)) {
    let changed = false;
    const out = node.map((n) => {
      const m = withScriptFonts(n, coverage);
      if (m !== n) changed = true;
      return m;
    });
    return (changed ? out : node) as T;
  }
  if (node === null || typeof node !== 'object') return node;
  const obj = node as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  const set = (k: string, v: unknown) => {
    if (v === obj[k]) return;
    copy ??= { ...obj };
    copy[k] = v;
  };
  if ('text' in obj) set('text', textValue(obj.text, coverage));
  for (const k of CHILD_KEYS) if (k in obj) set(k, withScriptFonts(obj[k], coverage));
  if (obj.table && typeof obj.table === 'object') {
    const table = obj.table as { body?: unknown[][] };
    if (Array.isArray(table.body)) {
      const body = withScriptFonts(table.body, coverage);
      if (body !== table.body) set('table', { ...table, body });
    }
  }
  return (copy ?? obj) as T;
}
