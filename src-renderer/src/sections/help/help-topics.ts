/** The guides of docs/guide/ in the order an organiser reads them (their file names). */
export const GUIDE_ORDER = ['organiser-evening', 'club-night', 'league', 'designers-desk', 'backups', 'command-line', 'troubleshooting'] as const;
export type GuideSlug = (typeof GUIDE_ORDER)[number];

/** Where a screen's help is: a guide, and the heading in it (its anchor, as GitHub names it). */
export interface HelpTopic {
  guide: GuideSlug;
  at?: string;
}

/** The route of a guide, at a heading. */
export const helpPath = (slug: GuideSlug, at?: string) => `/help/${slug}${at ? `?at=${encodeURIComponent(at)}` : ''}`;
