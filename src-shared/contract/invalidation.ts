import { appContract, type Channel } from './index';
import { readTableOf, staleReads, writtenDomains, type DataDomain } from './effects';

/** The contract's reads and their domains, as the build writes them into the renderer. */
export const READ_TABLE = readTableOf(appContract);

/** The domains a successful call of `channel` changed (none for a read). */
export function domainsWrittenBy(channel: Channel): readonly DataDomain[] {
  return writtenDomains(appContract[channel].effects);
}

/** The read channels whose cached answers are stale once `written` changed. */
export function readsStaleAfter(written: readonly DataDomain[]): Channel[] {
  return staleReads(READ_TABLE, written);
}
