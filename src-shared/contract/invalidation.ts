import { appContract, CHANNELS, type Channel } from './index';
import { isStaleAfter, writtenDomains, type DataDomain } from './effects';

/** The domains a successful call of `channel` changed (none for a read). */
export function domainsWrittenBy(channel: Channel): readonly DataDomain[] {
  return writtenDomains(appContract[channel].effects);
}

/** The read channels whose cached answers are stale once `written` changed. */
export function readsStaleAfter(written: readonly DataDomain[]): Channel[] {
  if (written.length === 0) return [];
  return CHANNELS.filter((c) => isStaleAfter(appContract[c].effects, written));
}
