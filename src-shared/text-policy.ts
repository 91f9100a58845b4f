/**
 * What text the app stores, decided once for every door (forms, requests,
 * campaign/roster/battle/playtest files, ruleset packs, league rows).
 *
 * - NFC: a decomposed "é" and a composed one are the same name, stored the same.
 * - Never stored: lone UTF-16 surrogates (not text: SQLite keeps invalid UTF-8,
 *   PostgreSQL's driver replaces them), NUL (PostgreSQL refuses it, as a
 *   driver error) and every other C0/C1 control and DEL (ESC and BEL drive an
 *   organiser's terminal when a name is printed). Multi-line notes keep tab
 *   and newline; a carriage return is folded into the newline it ends.
 * - Names hold no bidi embedding, override or isolate (U+202A–U+202E,
 *   U+2066–U+2069) and no line or paragraph separator: they would reorder or
 *   break the sentence a name is printed in. Marks (LRM, RLM, ALM), joiners
 *   and variation selectors stay: Arabic, Hebrew and emoji need them.
 * - A length bound, counted in UTF-16 units after normalisation.
 */

export type TextKind = 'name' | 'note';

// \p{Cs} matches a surrogate only when it is not half of a pair (the u flag reads pairs as one code point)
const LONE_SURROGATE = /\p{Cs}/u;
// eslint-disable-next-line no-control-regex -- the control characters are what the policy refuses
const CONTROL_IN_NAME = /[\u0000-\u001f\u007f-\u009f]/u;
// eslint-disable-next-line no-control-regex -- the same, tab and newline apart
const CONTROL_IN_NOTE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/u;
const BIDI_IN_NAME = /[\u202a-\u202e\u2066-\u2069]/u;
const SEPARATOR_IN_NAME = /[\u2028\u2029]/u;

/** U+XXXX, as a message names a character. */
function codePoint(ch: string): string {
  return 'U+' + ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
}

/** Why `text` (already normalised) may not be stored as a `kind`, or null when it may. */
export function textProblem(text: string, kind: TextKind): string | null {
  const surrogate = LONE_SURROGATE.exec(text);
  if (surrogate) return `holds a broken character (a lone ${codePoint(surrogate[0])}); retype it`;
  const control = (kind === 'name' ? CONTROL_IN_NAME : CONTROL_IN_NOTE).exec(text);
  if (control) return `holds a control character (${codePoint(control[0])}) that cannot be stored`;
  if (kind === 'name') {
    const bidi = BIDI_IN_NAME.exec(text);
    if (bidi) return `holds a text-direction control (${codePoint(bidi[0])}) that a name may not carry`;
    const separator = SEPARATOR_IN_NAME.exec(text);
    if (separator) return `holds a line break (${codePoint(separator[0])}) that a name may not carry`;
  }
  return null;
}

/** The stored form of acceptable text: NFC, and in a note CR LF / CR as LF. */
export function normaliseText(text: string, kind: TextKind): string {
  const nfc = text.normalize('NFC');
  return kind === 'note' ? nfc.replace(/\r\n?/g, '\n') : nfc;
}

/** True when `text` is exactly what the policy would store for a `kind` (for checks of stored rows). */
export function isStorableText(text: string, kind: TextKind): boolean {
  return textProblem(text, kind) === null && normaliseText(text, kind) === text;
}

/**
 * A name as people compare them: NFC then case-folded (`toLocaleLowerCase`
 * with no locale is close to Unicode's simple case folding and the same on
 * every machine), so "Zoë", "ZOË" and "Zoe\u0308" are one player.
 */
export function nameKey(name: string): string {
  return name.normalize('NFC').trim().toLowerCase().normalize('NFC');
}

/**
 * The one sentence for text an older version of the app stored and this one
 * refuses (a name with a control character, a lone surrogate, a bidi
 * override), whichever door meets it (`league push`/`pull`, a playtest
 * export): each place named with what is wrong, then how to mend it.
 * `found` are lines like `players 5f…: its name holds a control character (U+001B) that cannot be stored`.
 */
export function olderVersionTextRefusal(found: readonly string[]): string {
  return (
    `${found.join('; ')}. ${found.length === 1 ? 'This text was' : 'These texts were'} stored by an older version of the app, ` +
    'which allowed what this version no longer stores: rename or edit it in the app (Players, Campaigns, the Builder, the Armoury), then try again.'
  );
}
