import { describe, expect, it } from 'vitest';
import { isStorableText, nameKey } from '../../src-shared/text-policy';
import { nameText, noteText } from '../../src-shared/text-policy.schema';

/** The hostile and the merely unusual texts of issue 33, with what a name and a note make of each. */
const CASES: { what: string; text: string; name: string | RegExp; note: string | RegExp }[] = [
  { what: 'NUL', text: 'Ada\u0000Lovelace', name: /control character \(U\+0000\)/, note: /control character \(U\+0000\)/ },
  { what: 'BEL', text: 'Ada\u0007', name: /U\+0007/, note: /U\+0007/ },
  { what: 'ESC sequence (clear screen)', text: '\u001b[2J\u001b]0;pwned\u0007Ada', name: /U\+001B/, note: /U\+001B/ },
  { what: 'C1 CSI', text: 'Ada\u009b31m', name: /U\+009B/, note: /U\+009B/ },
  { what: 'DEL', text: 'Ada\u007f', name: /U\+007F/, note: /U\+007F/ },
  { what: 'right-to-left override', text: 'Ada\u202Egnp.exe', name: /text-direction control \(U\+202E\)/, note: 'Ada\u202Egnp.exe' },
  { what: 'first-strong isolate', text: '\u2068Ada\u2069', name: /U\+2068/, note: '\u2068Ada\u2069' },
  { what: 'lone surrogate', text: 'Ada\ud800', name: /broken character \(a lone U\+D800\)/, note: /lone U\+D800/ },
  { what: 'lone low surrogate', text: '\udc00Ada', name: /lone U\+DC00/, note: /lone U\+DC00/ },
  { what: 'decomposed é', text: 'Zoe\u0301', name: 'Zo\u00e9', note: 'Zo\u00e9' },
  { what: 'emoji with a variation selector', text: '\u2694\ufe0f Iron', name: '\u2694\ufe0f Iron', note: '\u2694\ufe0f Iron' },
  { what: 'ZWJ sequence', text: '\u{1F469}\u200d\u{1F680} Ada', name: '\u{1F469}\u200d\u{1F680} Ada', note: '\u{1F469}\u200d\u{1F680} Ada' },
  { what: 'flag', text: '\u{1F1EB}\u{1F1F7}', name: '\u{1F1EB}\u{1F1F7}', note: '\u{1F1EB}\u{1F1F7}' },
  { what: 'Hebrew with a right-to-left mark', text: 'שלום\u200f', name: 'שלום\u200f', note: 'שלום\u200f' },
  { what: 'tab and newline', text: 'a\tb\nc', name: /U\+0009/, note: 'a\tb\nc' },
  { what: 'CR LF', text: 'a\r\nb\rc', name: /U\+000D/, note: 'a\nb\nc' },
  { what: 'line separator', text: 'a\u2028b', name: /line break \(U\+2028\)/, note: 'a\u2028b' },
  { what: 'a megabyte', text: 'x'.repeat(1_000_000), name: /under 81 characters/, note: /under 2001 characters/ },
];

describe('one text policy for names and notes', () => {
  const name = nameText(80, { min: 1 });
  const note = noteText(2000);
  it.each(CASES)('$what', ({ text, name: asName, note: asNote }) => {
    for (const [schema, expected] of [
      [name, asName],
      [note, asNote],
    ] as const) {
      const r = schema.safeParse(text);
      if (typeof expected === 'string') {
        expect(r.error?.issues).toBeUndefined();
        expect(r.data).toBe(expected);
        expect(isStorableText(r.data!, schema === name ? 'name' : 'note')).toBe(true);
      } else {
        expect(r.success).toBe(false);
        expect(r.error!.issues[0]!.message).toMatch(expected);
      }
    }
  });

  it('refuses with the path of the field inside an object', () => {
    const r = nameText(80).optional().safeParse('x\u0000');
    expect(r.success).toBe(false);
    const nested = noteText(10).array().safeParse(['ok', 'bad\u001b']);
    expect(nested.error!.issues[0]!.path).toEqual([1]);
  });

  it('counts the bound after normalisation', () => {
    expect(nameText(3).safeParse('e\u0301e\u0301e\u0301').data).toBe('\u00e9\u00e9\u00e9');
    expect(nameText(3).safeParse('abcd').success).toBe(false);
  });

  it('keys names by NFC and case folding', () => {
    expect(nameKey('ZOË')).toBe(nameKey('zoe\u0308'));
    expect(nameKey(' Ada ')).toBe(nameKey('ada'));
    expect(nameKey('Ada')).not.toBe(nameKey('Ado'));
  });
});
