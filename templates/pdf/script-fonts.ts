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
export type ScriptClass = keyof typeof SCRIPT_FONTS;

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

export function needsScriptFonts(text: string, coverage?: GlyphCoverage): boolean {
  if (NEEDS_FALLBACK.test(text)) return true;
  if (!coverage || PLAIN.test(text)) return false;
  for (const ch of text) if (!coverage.has(undefined, ch.codePointAt(0)!)) return true;
  return false;
}

/**
 * Cuts a string into runs of one font each, grapheme cluster by cluster. Runs
 * the body font prints carry no font; spaces between two words of one
 * fallback font stay in that run. With a coverage, every cluster lands in a
 * font that has it (see printable).
 */
export function scriptRuns(text: string, coverage?: GlyphCoverage): TextRun[] {
  if (!needsScriptFonts(text, coverage)) return [{ text }];
  const clusters = [...graphemes.segment(text)].map((g) => g.segment);
  const placed = clusters.map((cluster): { text: string; font: string | undefined } | 'space' => {
    const cls = classOf(cluster);
    if (cls === 'space') return 'space';
    const font = cls === null ? undefined : SCRIPT_FONTS[cls];
    return coverage ? printable(cluster, font, coverage) : { text: cluster, font };
  });
  const groups: { font: string | undefined; text: string }[] = [];
  for (let i = 0; i < clusters.length; i++) {
    let piece = placed[i]!;
    if (piece === 'space') {
      // a space belongs to a fallback run only when that same font continues after it
      const prev = groups[groups.length - 1]?.font;
      let j = i + 1;
      while (j < placed.length && placed[j] === 'space') j++;
      const next = placed[j];
      const nextFont = next === undefined || next === 'space' ? undefined : next.font;
      piece = { text: clusters[i]!, font: prev !== undefined && nextFont === prev ? prev : undefined };
    }
    if (piece.text === '') continue;
    const last = groups[groups.length - 1];
    if (last && last.font === piece.font) last.text += piece.text;
    else groups.push({ ...piece });
  }
  if (groups.length === 0) return [{ text: '' }];
  return groups.flatMap(({ font, text: t }): TextRun[] => {
    if (font === undefined) return [{ text: t }];
    if (!RTL.has(font)) return [{ text: t, font }];
    // words of a right-to-left run, in the order the eye meets them from the left
    return t
      .split(/(\s+)/u)
      .filter((w) => w.length > 0)
      .reverse()
      .map((w) => ({ text: w, font }));
  });
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
