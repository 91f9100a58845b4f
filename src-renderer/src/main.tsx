import { queryClient } from './api/query-client';
import { queryKeys } from './api/query-keys';
import { api } from './api/transport';
import { embeddedClubLink, readClubLink } from './phone/club-link';
import { prefetchTable } from './phone/first-reads';

/**
 * Which app this page is. A page opened by a club night link (issue 35) carries `<meta name="aoa-club">` (the LAN
 * listener writes it): a phone at a table, or the projector's board, gets the phone's own small entry, so it loads
 * the table's code and not the Builder's, Armoury's or Reports'. Everything else is the organiser's app.
 */
const club = document.querySelector<HTMLMetaElement>('meta[name="aoa-club"]')?.content;

// a link opens its page at /club?t=…: the token is this phone's cookie now, and leaves the address bar and history
if (club && location.pathname === '/club') history.replaceState(null, '', '/');

if (club === 'table') {
  // which battle the link opens comes with the page (or is asked while the table's code loads: its chunks are
  // preloaded by the page), and that battle's first reads go out at once
  const embedded = embeddedClubLink();
  if (embedded) queryClient.setQueryData(['club-link'], embedded);
  void queryClient.fetchQuery({ queryKey: ['club-link'], queryFn: readClubLink, staleTime: Infinity }).then(
    (link) => (link.scope === 'table' ? prefetchTable(queryClient, link.battleId) : undefined),
    () => undefined,
  );
  void import('./phone/table').then((m) => m.startTable());
} else if (club === 'board') {
  void import('./phone/board').then((m) => m.startBoard());
} else {
  // the organiser's first screen's reads go out while the app's code loads
  const FIRST_READS = ['settings.get', 'system.info'] as const;
  const firstReads = Promise.all(FIRST_READS.map((c) => queryClient.prefetchQuery({ queryKey: queryKeys.call(c, {}), queryFn: () => api.call(c, {}) })));
  void import('./desktop').then((m) => m.startDesktop(firstReads));
}
