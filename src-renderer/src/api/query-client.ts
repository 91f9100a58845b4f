import { QueryClient } from '@tanstack/react-query';
import type { DataDomain } from '../../../src-shared/contract/effects';
import { readsStaleAfter } from '../../../src-shared/contract/invalidation';
import { queryKeys } from './query-keys';

/** The renderer's one cache of answers from the backend. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 5_000 } },
});

/**
 * Marks stale every cached read built from one of `domains`, the one place
 * a write (ours, or another organiser's in league mode) refreshes screens.
 */
export async function invalidateDomains(domains: readonly DataDomain[]): Promise<void> {
  await Promise.all(readsStaleAfter(domains).map((c) => queryClient.invalidateQueries({ queryKey: queryKeys.channel(c) })));
}
