import MiniSearch from 'minisearch';
import { sectionsOf, type Guide, type GuideSection } from './guides';

export interface HelpHit {
  section: GuideSection;
  /** A line of the section around the first word found. */
  excerpt: string;
}

/** A search over every guide's sections (MiniSearch: whole words and their beginnings, a typo forgiven). */
export function helpIndex(guides: Guide[]): (query: string) => HelpHit[] {
  const sections = guides.flatMap(sectionsOf);
  const byId = new Map(sections.map((s) => [s.id, s]));
  const index = new MiniSearch<GuideSection>({
    fields: ['heading', 'text'],
    storeFields: [],
    searchOptions: { boost: { heading: 2 }, prefix: true, fuzzy: 0.15 },
  });
  index.addAll(sections);
  return (query) => {
    if (!query.trim()) return [];
    return index.search(query).map((r) => {
      const section = byId.get(String(r.id))!;
      return { section, excerpt: excerptOf(section.text, r.terms) };
    });
  };
}

/** The sentence of `text` where the first of `terms` appears (from a little before it, in a long one), plain, in 200 characters. */
export function excerptOf(text: string, terms: string[]): string {
  const plain = text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`|#>]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const lower = plain.toLowerCase();
  const at = Math.max(0, Math.min(...terms.map((t) => lower.indexOf(t.toLowerCase())).filter((i) => i >= 0), plain.length));
  // from the sentence's start, or from a little before the word where the sentence is long
  const sentence = plain.lastIndexOf('. ', at) + 2;
  const start = Math.max(sentence > 1 ? sentence : 0, at - 80);
  const cut = plain.slice(start, start + 200);
  return `${start > 0 && start !== sentence ? '…' : ''}${cut}${start + 200 < plain.length ? '…' : ''}`;
}
