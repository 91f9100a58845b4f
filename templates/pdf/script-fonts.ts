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

const RTL = new Set<ScriptClass>(['arabic', 'hebrew']);

/** A string the body font prints as it is: nothing to do (the common case, checked first). */
const NEEDS_FALLBACK =
  /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303F\uFF00-\uFFEF\p{Emoji_Presentation}\u{1F000}-\u{1FAFF}]/u;

const CLASSES: [ScriptClass, RegExp][] = [
  ['arabic', /\p{Script=Arabic}/u],
  ['hebrew', /\p{Script=Hebrew}/u],
  ['hangul', /\p{Script=Hangul}/u],
  ['han', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303F\uFF00-\uFFEF\u30FC]/u],
  ['emoji', /\p{Emoji_Presentation}|[\u{1F000}-\u{1FAFF}]|\u200D|\uFE0F/u],
];

function classOf(ch: string): ScriptClass | 'space' | null {
  if (/\s/u.test(ch)) return 'space';
  for (const [cls, re] of CLASSES) if (re.test(ch)) return cls;
  return null;
}

export interface TextRun {
  text: string;
  font?: string;
}

export function needsScriptFonts(text: string): boolean {
  return NEEDS_FALLBACK.test(text);
}

/**
 * Cuts a string into runs of one script each. Runs the body font prints carry
 * no font; spaces between two words of one fallback script stay in that run.
 */
export function scriptRuns(text: string): TextRun[] {
  if (!needsScriptFonts(text)) return [{ text }];
  const groups: { cls: ScriptClass | null; text: string }[] = [];
  const chars = [...text];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    let cls = classOf(ch);
    if (cls === 'space') {
      // a space belongs to a fallback run only when that same script continues after it
      const prev = groups[groups.length - 1]?.cls ?? null;
      let j = i + 1;
      while (j < chars.length && classOf(chars[j]!) === 'space') j++;
      const next = j < chars.length ? classOf(chars[j]!) : null;
      cls = prev !== null && next === prev ? prev : null;
    }
    const last = groups[groups.length - 1];
    if (last && last.cls === cls) last.text += ch;
    else groups.push({ cls, text: ch });
  }
  return groups.flatMap(({ cls, text: t }): TextRun[] => {
    if (cls === null) return [{ text: t }];
    const font = SCRIPT_FONTS[cls];
    if (!RTL.has(cls)) return [{ text: t, font }];
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

function textValue(value: unknown): unknown {
  if (typeof value === 'string') {
    const runs = scriptRuns(value);
    return runs.length === 1 && !runs[0]!.font ? value : runs;
  }
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.flatMap((v) => {
      const m = typeof v === 'string' ? textValue(v) : withScriptFonts(v);
      if (m !== v) changed = true;
      return Array.isArray(m) && typeof v === 'string' ? m : [m];
    });
    return changed ? out : value;
  }
  return withScriptFonts(value);
}

/**
 * A pdfmake content tree with every string that needs another font cut into
 * runs (text, stacks, columns, lists, table cells). Returns the same object when
 * nothing needs it; never changes its input.
 */
export function withScriptFonts<T extends Node>(node: T): T {
  if (typeof node === 'string') {
    return (needsScriptFonts(node) ? { text: scriptRuns(node) } : node) as T;
  }
  if (Array.isArray(node)) {
    let changed = false;
    const out = node.map((n) => {
      const m = withScriptFonts(n);
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
  if ('text' in obj) set('text', textValue(obj.text));
  for (const k of CHILD_KEYS) if (k in obj) set(k, withScriptFonts(obj[k]));
  if (obj.table && typeof obj.table === 'object') {
    const table = obj.table as { body?: unknown[][] };
    if (Array.isArray(table.body)) {
      const body = withScriptFonts(table.body);
      if (body !== table.body) set('table', { ...table, body });
    }
  }
  return (copy ?? obj) as T;
}
