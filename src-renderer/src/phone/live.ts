import { useEffect, useState } from 'react';
import { invalidateDomains } from '../api/query-client';

/** Whether the page hears the organiser's computer: live, finding it again, or no longer (the link ended). */
export type LiveState = 'live' | 'connecting' | 'closed';

/**
 * Club night's live stream (server-sent events, `GET /api/club/events`): the LAN listener sends `battle` whenever the
 * link's battle (the board's: any battle) changes, and the page refreshes what it shows of the battles, so each phone
 * at a table sees the other's events at once. After a lost connection the browser reconnects by itself; what changed
 * meanwhile is fetched then. A link revoked or expired ends the stream for good.
 */
export function useClubEvents(): LiveState {
  const [live, setLive] = useState<LiveState>('connecting');
  useEffect(() => {
    const events = new EventSource('/api/club/events');
    let opened = false;
    const refresh = () => void invalidateDomains(['battles']);
    events.addEventListener('battle', refresh);
    events.onopen = () => {
      if (opened) refresh();
      opened = true;
      setLive('live');
    };
    events.onerror = () => setLive(events.readyState === EventSource.CLOSED ? 'closed' : 'connecting');
    return () => events.close();
  }, []);
  return live;
}
