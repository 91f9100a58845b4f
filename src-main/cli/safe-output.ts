import type { CliIo } from './runtime';

/**
 * What a terminal must never be handed raw: C0 controls but tab and newline
 * (ESC and BEL clear the screen, set the window's title, move the cursor), DEL
 * and the C1 controls (U+009B is ESC [ to many terminals), bidi controls that
 * reorder the line (U+061C, U+200E/F, U+202A–U+202E, U+2066–U+2069), line and
 * paragraph separators, and lone surrogates.
 */
// eslint-disable-next-line no-control-regex -- the control characters are what is escaped
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]|\p{Cs}/gu;

/**
 * `text` with each unsafe character written as `\uXXXX`. The same escape suits
 * `--json`: those characters can stand only inside a JSON string there (the
 * structure is ASCII), where `\uXXXX` reads back as the same character.
 * Names a ledger holds from an older version, and messages quoting them,
 * print harmlessly either way.
 */
export function escapeForTerminal(text: string): string {
  return text.replace(UNSAFE, (ch) => '\\u' + ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0'));
}

/** The CLI's output streams with everything written through escapeForTerminal: the one place output is made safe. */
export function escapingIo(io: CliIo): CliIo {
  return { out: (t) => io.out(escapeForTerminal(t)), err: (t) => io.err(escapeForTerminal(t)) };
}
