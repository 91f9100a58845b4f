/**
 * The words a player reads for the game's keys: one place for the UI, the
 * PDFs and the CLI, so no screen or printout shows "cryptidHunt", "skirmisher"
 * or "1 uses". Names that come from the pack (factions, units, orders) are the
 * pack's own; these are the app's fixed categories.
 */

import type { UsageKind } from './reports/aggregate';

/** Formation types, as a heading or a table cell. */
export const FORMATION_TYPE_NAMES: Record<'command' | 'core' | 'elite' | 'skirmisher' | 'heavy', string> = {
  command: 'Command group',
  core: 'Core squad',
  elite: 'Elite squad',
  skirmisher: 'Skirmisher patrol',
  heavy: 'Heavy',
};

/** Where victory points come from (Field Manual §3 and the Cryptid Hunt). */
export const VP_SOURCE_NAMES: Record<'objectives' | 'relic' | 'secondary' | 'cryptidHunt' | 'other', string> = {
  objectives: 'Objectives held',
  relic: 'Relic extracted',
  secondary: 'Secondary objective',
  cryptidHunt: 'Cryptid Hunt',
  other: 'Other VP recorded',
};

/** What a player can use in the Command Phase and beyond. */
export const USAGE_KIND_NAMES: Record<UsageKind, string> = {
  order: 'Order',
  gambit: 'Field Gambit',
  ability: 'Captain ability',
  'rule-of-cool': 'Rule of Cool (D20 band)',
  'rule-of-cool-success': 'Rule of Cool succeeded (D20 band)',
  explosion: 'Heavy explosion (destroyed by)',
  'unit-ability': 'Unit ability',
};

/** What destroyed an exploding Heavy (Field Manual §5). */
export const EXPLOSION_CAUSE_NAMES: Record<'wounds' | 'storm' | 'instability' | 'unreliable-powder' | 'cryptid' | 'explosion' | 'other', string> = {
  wounds: 'Wounds from an attack',
  storm: 'The radiation storm',
  instability: 'Chaotic Instability',
  'unreliable-powder': 'Unreliable Powder',
  cryptid: 'The cryptid',
  explosion: 'Another explosion',
  other: 'Something else',
};

/** A name from one of the tables above, or a readable form of an unknown key ("ashen-moors" → "Ashen moors"). */
export function nameOf<K extends string>(table: Record<K, string>, key: string): string {
  return (table as Record<string, string>)[key] ?? humanise(key);
}

/** "ashen-moors", "ashen_moors" or "ashenMoors" → "Ashen moors". */
export function humanise(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const pluralRules = new Intl.PluralRules('en');

/** "1 battle", "3 battles", "1 use", "2 uses": a count with its noun, by the language's plural rules. */
export function counted(n: number, one: string, other = `${one}s`): string {
  return `${n.toLocaleString('en')} ${pluralRules.select(n) === 'one' ? one : other}`;
}

/**
 * The digest is the team's index of the rules; a player holds the Field Manual. Its chapters, as the digest's
 * chapter numbers map onto the Field Manual's sections (the pairs the code cites side by side).
 */
const DIGEST_CHAPTER_TO_FIELD_MANUAL: Record<string, string> = {
  '2': '§2',
  '3': '§6',
  '4': '§3',
  '5': '§4',
  '6': '§5',
  '7': '§6',
  '8': '§8',
  '9': '§8',
  '10': '§9',
  '11': '§7',
  '12': '§10',
  '13': '§10',
  '16': '§11',
  '18': '§13',
  '19': '§12',
};

/**
 * A message as a player reads it: "(DIGEST 7.7)" or "(Field Manual §8, DIGEST 9.2, AMB-15)" cites the Field
 * Manual's section instead, and no citation a player reads says "DIGEST". A playtest ruling (AMB-…) has no section in
 * the Field Manual: it is kept, as the Rulings panel names it ("(ruling AMB-19f)"); the alternating-activation module
 * (digest §23) is named as the house rule it is; a citation of a chapter the Field Manual lacks, with nothing else
 * to cite, is left out.
 */
export function citeFieldManual(message: string): string {
  return message.replace(/ ?\(([^()]*DIGEST[^()]*)\)/g, (all, inner: string) => {
    const space = all.startsWith(' ') ? ' ' : '';
    const manual = new Set<string>();
    for (const m of inner.matchAll(/Field Manual (§[0-9]+(?:[–-]§?[0-9]+)?)/g)) manual.add(m[1]!);
    // every numbered digest reference ("7.7", "4.1" after a comma), by its chapter
    for (const m of inner.replace(/Field Manual §[0-9]+(?:[–-]§?[0-9]+)?/g, '').matchAll(/(?:DIGEST |,\s*)([0-9]+)\.[0-9]+/g)) {
      const section = DIGEST_CHAPTER_TO_FIELD_MANUAL[m[1]!];
      if (section) manual.add(section);
    }
    const rulings = [...inner.matchAll(/AMB-[0-9A-Z]+[a-z]?/g)].map((m) => m[0]);
    const ruled = rulings.length ? `ruling ${rulings.join(', ')}` : '';
    if (manual.size) return `${space}(Field Manual ${[...manual].join(', ')}${ruled ? `; ${ruled}` : ''})`;
    if (/DIGEST §23\b/.test(inner)) return `${space}(alternating-activation house rule${ruled ? `; ${ruled}` : ''})`;
    return ruled ? `${space}(${ruled})` : '';
  });
}
