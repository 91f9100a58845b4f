import GithubSlugger from 'github-slugger';
import { GUIDE_ORDER, type GuideSlug } from './help-topics';

/**
 * The guides of docs/guide/, the same files the repository shows, bundled as text (Vite's `?raw`) so the Help section
 * works offline. Each guide is its own chunk, loaded the first time Help is opened.
 */
const SOURCES = import.meta.glob<string>('../../../../docs/guide/*.md', { query: '?raw', import: 'default' });
/** The screenshots the guides show, as the build's asset addresses. */
const PICTURES = import.meta.glob<string>('../../../../docs/screenshots/*.png', { query: '?url', import: 'default', eager: true });

export interface Guide {
  slug: GuideSlug;
  title: string;
  markdown: string;
}

const fileOf = (path: string) => path.replace(/^.*\//, '');
const sourceOf = (slug: string) => Object.entries(SOURCES).find(([path]) => fileOf(path) === `${slug}.md`)?.[1];

export function isGuide(slug: string | undefined): slug is GuideSlug {
  return (GUIDE_ORDER as readonly string[]).includes(slug ?? '') && sourceOf(slug!) !== undefined;
}

/** A guide's title: its first heading. */
function titleOf(markdown: string, fallback: string): string {
  return /^# (.+)$/m.exec(markdown)?.[1]?.trim() ?? fallback;
}

let loaded: Promise<Guide[]> | undefined;

/** Every guide, loaded once. */
export function loadGuides(): Promise<Guide[]> {
  loaded ??= Promise.all(
    GUIDE_ORDER.filter((slug) => sourceOf(slug)).map(async (slug) => {
      const markdown = await sourceOf(slug)!();
      return { slug, title: titleOf(markdown, slug), markdown };
    }),
  );
  return loaded;
}

/** Where a link in a guide leads inside the app: another guide (and its heading), a picture, or outside the app. */
export type HelpLink = { kind: 'guide'; slug: GuideSlug; at?: string } | { kind: 'outside'; href: string };

/**
 * A guide's link, read for the Help section: `club-night.md#x` is that guide's heading; a link to the repository's
 * developer documents or to the web is shown, not followed (the app opens no other page).
 */
export function helpLink(href: string): HelpLink {
  const m = /^(?:\.\/)?([a-z0-9-]+)\.md(?:#([\w-]+))?$/.exec(href);
  if (m && isGuide(m[1])) return { kind: 'guide', slug: m[1], ...(m[2] ? { at: m[2] } : {}) };
  return { kind: 'outside', href };
}

/** The app's address of a guide's picture (`../screenshots/x.png`), or undefined for one the build does not hold. */
export function pictureUrl(src: string): string | undefined {
  const name = fileOf(src);
  return Object.entries(PICTURES).find(([path]) => fileOf(path) === name)?.[1];
}

/** A guide's sections (one per heading of level 2 or 3), for the search: the heading, its anchor and its text. */
export interface GuideSection {
  id: string;
  slug: GuideSlug;
  guide: string;
  heading: string;
  at: string;
  text: string;
}

export function sectionsOf(guide: Guide): GuideSection[] {
  const slugger = new GithubSlugger();
  const out: GuideSection[] = [];
  let current: GuideSection = { id: `${guide.slug}#`, slug: guide.slug, guide: guide.title, heading: guide.title, at: '', text: '' };
  for (const line of guide.markdown.split('\n')) {
    const h = /^(#{1,6}) (.+)$/.exec(line);
    if (h) {
      const at = slugger.slug(h[2]!);
      if (h[1]!.length >= 2 && h[1]!.length <= 3) {
        out.push(current);
        current = { id: `${guide.slug}#${at}`, slug: guide.slug, guide: guide.title, heading: h[2]!, at, text: '' };
        continue;
      }
    }
    current.text += `${line}\n`;
  }
  out.push(current);
  return out.filter((s) => s.text.trim() || s.at);
}
