import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameScrubber, packTerms } from '../../src-shared/playtest/scrub';
import { cloneBundledPack } from '../../src-shared/ruleset/bundled';

/**
 * Issue 41: the name scrubber replaced a player's name inside other words ("disagreed ap-d9ce…ut line of sight" for a
 * player named Bo; the rule "Border Patrol" became "p-1dfe…rder Patrol"), so disputes were grouped under a garbled
 * rule, while a first name alone reached the designer. It now replaces whole words only, each full name and each part,
 * and never a term of the pack.
 */

const pseudonym = (i: number) => `p-${String(i).padStart(16, '0')}`;
const words = (s: string) =>
  [...new Intl.Segmenter(undefined, { granularity: 'word' }).segment(s)].filter((x) => x.isWordLike).map((x) => x.segment.normalize('NFC').toLocaleLowerCase());

const PACK_TERMS = packTerms(cloneBundledPack());

describe('the name scrubber, case by case', () => {
  const players = ['Bo', 'Border', 'Aurelio Vance', 'Al', 'Will Hart', 'Mark', 'ليلى حداد', 'נועה כהן', '王小明'].map((name, i) => ({
    name,
    pseudonym: pseudonym(i),
  }));
  const scrub = nameScrubber(players, ['Border Patrol', 'Steady Fire', ...PACK_TERMS]);
  it.each([
    ['disagreed about line of sight', 'disagreed about line of sight'],
    ['Bo disagreed about line of sight', `${pseudonym(0)} disagreed about line of sight`],
    ['Border Patrol was read two ways', 'Border Patrol was read two ways'],
    ['Border read Border Patrol two ways', `${pseudonym(1)} read Border Patrol two ways`],
    ['Aurelio’s storm call', `${pseudonym(2)}’s storm call`],
    ["Aurelio Vance's storm call", `${pseudonym(2)}'s storm call`],
    ['Vance and Al argued; Alpha squad watched', `${pseudonym(2)} and ${pseudonym(3)} argued; Alpha squad watched`],
    ['Will Hart will not relay; willing Markers', `${pseudonym(4)} ${pseudonym(4)} not relay; willing Markers`],
    ['MARK said Steady Fire', `${pseudonym(5)} said Steady Fire`],
    ['ليلى حداد قالت', `${pseudonym(6)} قالت`],
    ['שאלה של נועה', `שאלה של ${pseudonym(7)}`],
    ['王小明 asked', `${pseudonym(8)} asked`],
  ])('%s', (text, expected) => {
    expect(scrub(text).text).toBe(expected);
  });

  it('marks each replacement with what it replaced, for the export preview', () => {
    const r = scrub('Bo asked Aurelio’s opinion');
    expect(r.replaced.map((x) => [x.was, r.text.slice(x.start, x.end)])).toEqual([
      ['Bo', pseudonym(0)],
      ['Aurelio', pseudonym(2)],
    ]);
  });
});

describe('the name scrubber, as a property', () => {
  const NAMES = ['Bo', 'Al', 'Will', 'Mark', 'Ana', 'Ana López', 'Bo Svensson', 'Mark Ellery', 'ليلى حداد', 'נועה כהן', '王小明', 'Zoë Ferr'];
  /** Words a note holds that are no name, several holding one inside them. */
  const FILLER = [
    'about',
    'Border',
    'Alpha',
    'willing',
    'Markers',
    'banana',
    'Bobby',
    'Analysis',
    'disagreed',
    'line',
    'of',
    'sight',
    'relays',
    'round',
    'the',
    'objective',
    'Almanac',
  ];
  const SEPARATORS = [' ', ', ', '. ', ' – ', '; '];

  it('replaces every whole-word name or name part, nothing inside a word, and no term of the pack', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 5 }),
        fc.array(fc.tuple(fc.nat(99), fc.constantFrom(...SEPARATORS)), { minLength: 1, maxLength: 14 }),
        (names, picks) => {
          const players = names.map((name, i) => ({ name, pseudonym: pseudonym(i) }));
          const nameWords = new Set(names.flatMap((n) => words(n)));
          const scrub = nameScrubber(players, PACK_TERMS);
          // each fragment: a filler word, a term of the pack, a player's full name, or one part of it
          const fragments = picks.map(([n], i) => {
            const kind = n % 4;
            if (kind === 0) return { kind: 'filler', text: FILLER[n % FILLER.length]! };
            if (kind === 1) return { kind: 'term', text: PACK_TERMS[(n * 7 + i) % PACK_TERMS.length]! };
            const name = names[n % names.length]!;
            if (kind === 2) return { kind: 'name', text: name };
            const parts = name.split(' ');
            return { kind: 'name', text: parts[n % parts.length]! };
          });
          const text = fragments.map((f, i) => f.text + picks[i]![1]).join('');
          const out = scrub(text).text;

          // no term of the pack changed
          for (const f of fragments.filter((x) => x.kind === 'term')) expect(out).toContain(f.text);
          // nothing inside a word: every filler word that is not itself a name is still there, whole
          const outWords = words(out);
          for (const f of fragments.filter((x) => x.kind === 'filler' && !nameWords.has(words(x.text)[0]!))) expect(outWords).toContain(words(f.text)[0]);
          // every whole-word name or part is gone, except where it is a word of a term of the pack
          const termWords = new Set(fragments.filter((x) => x.kind === 'term').flatMap((x) => words(x.text)));
          for (const w of outWords) if (nameWords.has(w)) expect(termWords.has(w), `"${w}" left in: ${out}`).toBe(true);
          // and each pseudonym stands where a name was
          if (fragments.some((x) => x.kind === 'name' && !termWords.has(words(x.text)[0]!))) expect(out).toMatch(/p-\d{16}/);
        },
      ),
      { numRuns: 300, seed: 41 },
    );
  });
});
