/**
 * Process-wide caches keyed by database ids (a ruleset version id, a battle
 * id) are only valid for the ledger they were read from. Whenever a ledger is
 * opened or swapped (restore from the app), every such cache is dropped.
 */
const clearers = new Set<() => void>();

export function registerLedgerCache(clear: () => void): void {
  clearers.add(clear);
}

export function ledgerChanged(): void {
  for (const clear of clearers) clear();
}
