/**
 * Player names out of free text, for what leaves a club (issue 41): a note, a disputed rule's name, the rule a player
 * found confusing. A name is replaced by that player's pseudonym only as whole words (word boundaries by
 * `Intl.Segmenter`, so "Bo" leaves "about" and "Border" alone, in any script), each full name and each part of it
 * (a first name alone is still a name), and never inside a term of the pack (a rule, unit, faction, mission or order
 * name: "Border Patrol" stays "Border Patrol" even beside a player called Border).
 */

export interface ScrubPlayer {
  name: string;
  pseudonym: string;
}

/** A replacement the scrubber made, for the export preview to mark: where in the scrubbed text, and what it was. */
export interface Replacement {
  start: number;
  end: number;
  was: string;
}

interface Word {
  /** The word as written, and where it sits in the text. */
  text: string;
  index: number;
  /** Its comparison key: NFC, lower case. */
  key: string;
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
const keyOf = (s: string) => s.normalize('NFC').toLocaleLowerCase();
/** A possessive ending that word segmentation keeps inside the word ("Aurelio's"): the name is the stem. */
const POSSESSIVE = /['’]s$/iu;
/** A part shorter than this is an initial, not a name. */
const MIN_PART = 2;

function wordsOf(text: string): Word[] {
  const out: Word[] = [];
  for (const s of segmenter.segment(text)) if (s.isWordLike) out.push({ text: s.segment, index: s.index, key: keyOf(s.segment) });
  return out;
}

/** The words of a name or term, as keys, or null when it has none. */
function keysOf(text: string): string[] | null {
  const keys = wordsOf(text).map((w) => w.key);
  return keys.length ? keys : null;
}

/** Whether the text between two words is only spaces (or nothing, as between the words of a name in Chinese). */
const joined = (text: string, a: Word, b: Word) => /^\s*$/u.test(text.slice(a.index + a.text.length, b.index));

/** A table of word sequences, longest first, each with what it stands for. */
class Sequences<T> {
  private readonly byFirst = new Map<string, { keys: string[]; value: T }[]>();
  add(keys: string[], value: T): void {
    const list = this.byFirst.get(keys[0]!) ?? [];
    if (!list.some((e) => e.keys.join('\u0000') === keys.join('\u0000'))) list.push({ keys, value });
    list.sort((x, y) => y.keys.length - x.keys.length);
    this.byFirst.set(keys[0]!, list);
  }
  /** The longest sequence starting at word `i` (its last word may carry a possessive ending), with its length. */
  match(text: string, words: Word[], i: number): { value: T; length: number; possessive: boolean } | null {
    const first = words[i]!;
    const candidates = [...(this.byFirst.get(first.key) ?? []), ...(this.byFirst.get(first.key.replace(POSSESSIVE, '')) ?? [])];
    for (const { keys, value } of candidates.sort((x, y) => y.keys.length - x.keys.length)) {
      if (i + keys.length > words.length) continue;
      let ok = true;
      let possessive = false;
      for (let k = 0; k < keys.length && ok; k++) {
        const w = words[i + k]!;
        if (k > 0 && !joined(text, words[i + k - 1]!, w)) ok = false;
        else if (w.key === keys[k]) continue;
        else if (k === keys.length - 1 && w.key.replace(POSSESSIVE, '') === keys[k]) possessive = true;
        else ok = false;
      }
      if (ok) return { value, length: keys.length, possessive };
    }
    return null;
  }
}

/**
 * A scrubber for these players, sparing these terms. Returns the scrubbed text with what it replaced; a text without
 * a name comes back as it was.
 */
export function nameScrubber(players: readonly ScrubPlayer[], protectedTerms: readonly string[]): (text: string) => { text: string; replaced: Replacement[] } {
  const names = new Sequences<string>();
  // full names first, then each part: a part shared by two players' names stands for the first of them
  for (const p of players) {
    const keys = keysOf(p.name);
    if (keys && p.name.trim().length >= MIN_PART) names.add(keys, p.pseudonym);
  }
  for (const p of players) for (const part of keysOf(p.name) ?? []) if (part.length >= MIN_PART) names.add([part], p.pseudonym);
  const terms = new Sequences<true>();
  for (const t of protectedTerms) {
    const keys = keysOf(t);
    if (keys) terms.add(keys, true);
  }
  return (text) => {
    if (!text) return { text, replaced: [] };
    const words = wordsOf(text);
    // the pack's terms first: their words are never a name
    const spared = new Set<number>();
    for (let i = 0; i < words.length; i++) {
      const term = terms.match(text, words, i);
      if (term) for (let k = 0; k < term.length; k++) spared.add(i + k);
    }
    let out = '';
    let at = 0;
    const replaced: Replacement[] = [];
    for (let i = 0; i < words.length; i++) {
      if (spared.has(i)) continue;
      const m = names.match(text, words, i);
      if (!m || Array.from({ length: m.length }, (_, k) => i + k).some((k) => spared.has(k))) continue;
      const start = words[i]!.index;
      const lastWord = words[i + m.length - 1]!;
      const end = lastWord.index + lastWord.text.length - (m.possessive ? lastWord.text.match(POSSESSIVE)![0].length : 0);
      out += text.slice(at, start);
      replaced.push({ start: out.length, end: out.length + m.value.length, was: text.slice(start, end) });
      out += m.value;
      at = end;
      i += m.length - 1;
    }
    return { text: out + text.slice(at), replaced };
  };
}

/** Every name a pack gives a thing (its rules, units, factions, missions, orders, abilities…): the terms a scrubber spares. */
export function packTerms(pack: unknown): string[] {
  const out = new Set<string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) for (const x of v) walk(x);
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        if ((k === 'name' || k === 'title') && typeof x === 'string' && x.trim()) out.add(x);
        else walk(x);
      }
  };
  walk(pack);
  return [...out];
}
