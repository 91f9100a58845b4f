import { QueryClient } from '@tanstack/react-query';
import { staleReads, type DataDomain, type ReadTable } from '../../../src-shared/contract/effects';
import type { Channel } from '../../../src-shared/contract';
import { queryKeys } from './query-keys';

/** The renderer's one cache of answers from the backend. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 5_000 } },
});

/** The contract's reads and the domains each is built from, written in by the build (electron.vite.config.ts). */
declare const __AOA_READ_TABLE__: ReadTable<Channel>;

/**
 * Marks stale every cached read built from one of `domains`, the one place
 * a write (ours, or another organiser's in league mode) refreshes screens.
 */
export async function invalidateDomains(domains: readonly DataDomain[]): Promise<void> {
  await Promise.all(staleReads(__AOA_READ_TABLE__, domains).map((c) => queryClient.invalidateQueries({ queryKey: queryKeys.channel(c) })));
}
