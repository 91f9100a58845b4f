import { useEffect, useState } from 'react';
import { isAppError } from '../../../src-shared/errors';
import { invalidateDomains } from './query-client';
import { api } from './transport';

export type LeagueStatus = 'none' | 'connected' | 'unreachable';

/** How long one wait for another organiser's write lasts before it is asked again. */
const WAIT_MS = 20_000;

/**
 * League mode: keeps asking the backend what other organisers wrote
 * (`system.changes`, which waits until something happens) and refreshes the
 * cached reads of those domains, the same way a write of our own does. On
 * the SQLite ledger the first answer is "none" and the loop stops. Returns
 * whether the league can be heard, for the banner.
 */
export function useLeagueChanges(): LeagueStatus {
  const [status, setStatus] = useState<LeagueStatus>('none');
  useEffect(() => {
    let stopped = false;
    let since = 0;
    let first = true;
    (async () => {
      while (!stopped) {
        try {
          const c = await api.call('system.changes', { since, waitMs: first ? 0 : WAIT_MS });
          if (stopped) return;
          setStatus(c.league);
          if (c.league === 'none') return;
          if (!first && c.domains.length) await invalidateDomains(c.domains);
          since = c.version;
          first = false;
        } catch (e) {
          if (stopped) return;
          if (isAppError(e) && e.code === 'UNAVAILABLE') setStatus('unreachable');
          await new Promise((r) => setTimeout(r, 1_000));
        }
      }
    })();
    return () => {
      stopped = true;
    };
  }, []);
  return status;
}
