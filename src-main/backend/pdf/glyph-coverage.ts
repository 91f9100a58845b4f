import { sharedFont } from './font-cache';
import type { GlyphCoverage } from '../../../templates/pdf/script-fonts';

/**
 * Which characters each registered font has, read from its cmap through the
 * shared parsed fonts (font-cache.ts), so templates/pdf/script-fonts.ts can
 * put every character in a font that draws it: a character no font has
 * prints as U+FFFD, never as a missing-glyph box. A family is asked by its
 * regular face (its bold face has the same characters in the Noto and Roboto
 * families registered here); a font is read only when first asked about, and
 * each answer is kept.
 */
export function glyphCoverage(families: Record<string, Record<string, string>>, read: (path: string) => Uint8Array, bodyFamily = 'Roboto'): GlyphCoverage {
  const answers = new Map<string, Map<number, boolean>>();
  return {
    has(font, codePoint) {
      const family = font ?? bodyFamily;
      let known = answers.get(family);
      if (!known) answers.set(family, (known = new Map()));
      let answer = known.get(codePoint);
      if (answer === undefined) {
        const file = families[family]?.normal;
        answer = file !== undefined && sharedFont(read(file)).hasGlyphForCodePoint(codePoint);
        known.set(codePoint, answer);
      }
      return answer;
    },
  };
}
