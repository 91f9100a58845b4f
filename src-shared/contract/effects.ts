/**
 * What a request touches, by data domain. Every contract entry declares it:
 * a read names the domains its answer is built from, a write the domains it
 * changes. The renderer's cache turns a write's domains into the reads to
 * refresh (and league mode does the same for another organiser's writes),
 * so no screen keeps its own list of what to reload.
 */
export const DATA_DOMAINS = ['settings', 'backups', 'players', 'campaigns', 'ledger', 'rosters', 'rulesets', 'battles', 'reports', 'jobs'] as const;
export type DataDomain = (typeof DATA_DOMAINS)[number];

/** A read (its answer may be cached until one of its domains is written) or a write. */
export type Effects = { readonly reads: readonly DataDomain[] } | { readonly writes: readonly [DataDomain, ...DataDomain[]] };

/** Everything: a restore replaces the whole ledger. */
export const EVERY_DOMAIN = DATA_DOMAINS as unknown as readonly [DataDomain, ...DataDomain[]];

export const reads = (...domains: DataDomain[]): Effects => ({ reads: domains });
export const writes = (first: DataDomain, ...rest: DataDomain[]): Effects => ({ writes: [first, ...rest] });

export function writtenDomains(effects: Effects): readonly DataDomain[] {
  return 'writes' in effects ? effects.writes : [];
}

export function readDomains(effects: Effects): readonly DataDomain[] {
  return 'reads' in effects ? effects.reads : [];
}

/** Whether a cached answer built from `effects` is stale once `written` changed. */
export function isStaleAfter(effects: Effects, written: readonly DataDomain[]): boolean {
  const r = readDomains(effects);
  return written.some((d) => r.includes(d));
}
