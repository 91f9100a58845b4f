import { useEffect, useState } from 'react';
import { invalidateDomains } from '../api/query-client';

/** How long after a notice the page refreshes, gathering the notices of one burst into one refresh. */
const REFRESH_DELAY_MS = 100;

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
    let events: EventSource | null = null;
    let opened = false;
    // notices come in bursts (the organiser recording a round from the desktop, a cryptid's turn): one refresh per
    // burst, shortly after its first notice, and another for any notice after that refresh began, so the last state
    // is always fetched and two phones sharing one link stay well inside its request budget (30 a second)
    let pending: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      pending ??= setTimeout(() => {
        pending = undefined;
        void invalidateDomains(['battles']);
      }, REFRESH_DELAY_MS);
    };
    const open = () => {
      const stream = new EventSource('/api/club/events');
      events = stream;
      stream.addEventListener('battle', refresh);
      stream.onopen = () => {
        if (opened) refresh();
        opened = true;
        setLive('live');
      };
      stream.onerror = () => setLive(stream.readyState === EventSource.CLOSED ? 'closed' : 'connecting');
    };
    // the phone's own word that its network went (a dropped Wi-Fi, issue 42): an open stream may not notice for a
    // while, so the page says at once that it is not connected, and listens again when the network is back
    const offline = () => {
      events?.close();
      events = null;
      setLive('connecting');
    };
    const online = () => {
      if (!events) open();
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    if (navigator.onLine === false) setLive('connecting');
    else open();
    return () => {
      clearTimeout(pending);
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      events?.close();
    };
  }, []);
  return live;
}
