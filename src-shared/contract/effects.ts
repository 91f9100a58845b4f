/**
 * What a request touches, by data domain. Every contract entry declares it:
 * a read names the domains its answer is built from, a write the domains it
 * changes. The renderer's cache turns a write's domains into the reads to
 * refresh (and league mode does the same for another organiser's writes),
 * so no screen keeps its own list of what to reload.
 */
export const DATA_DOMAINS = [
  'settings',
  'backups',
  'players',
  'campaigns',
  'ledger',
  'rosters',
  'rulesets',
  'battles',
  'reports',
  'jobs',
  'clubNight',
  // the designer's desk: imported playtest bundles (issue 36)
  'desk',
] as const;
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

/** Whether an answer built from the domains `read` is stale once `written` changed. */
function builtFromAny(read: readonly DataDomain[], written: readonly DataDomain[]): boolean {
  return written.some((d) => read.includes(d));
}

/** Whether a cached answer built from `effects` is stale once `written` changed. */
export function isStaleAfter(effects: Effects, written: readonly DataDomain[]): boolean {
  return builtFromAny(readDomains(effects), written);
}

/**
 * Each read channel with the domains its answer is built from: all the renderer's cache needs of the contract, as
 * plain data. The build writes it into the renderer (electron.vite.config.ts), so no window loads the contract's
 * schemas to learn what a write makes stale.
 */
export type ReadTable<C extends string = string> = Readonly<Partial<Record<C, readonly DataDomain[]>>>;

export function readTableOf<C extends string>(entries: Readonly<Record<C, { readonly effects: Effects }>>): ReadTable<C> {
  const table: Partial<Record<C, readonly DataDomain[]>> = {};
  for (const c of Object.keys(entries) as C[]) if ('reads' in entries[c].effects) table[c] = readDomains(entries[c].effects);
  return table;
}

/** The reads in `table` whose cached answers are stale once `written` changed. */
export function staleReads<C extends string>(table: ReadTable<C>, written: readonly DataDomain[]): C[] {
  return (Object.keys(table) as C[]).filter((c) => builtFromAny(table[c]!, written));
}
