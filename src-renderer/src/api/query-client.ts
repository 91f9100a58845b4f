import { QueryClient } from '@tanstack/react-query';
import type { DataDomain } from '../../../src-shared/contract/effects';
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
  const { readsStaleAfter } = await invalidation();
  await Promise.all(readsStaleAfter(domains).map((c) => queryClient.invalidateQueries({ queryKey: queryKeys.channel(c) })));
}

/**
 * Which reads a domain feeds comes from the contract map, whose schemas are
 * the largest part of the app's code: it is its own chunk, loaded once the
 * first screen is up (prefetchInvalidation) rather than before it.
 */
let loading: Promise<typeof import('../../../src-shared/contract/invalidation')> | undefined;
const invalidation = () => (loading ??= import('../../../src-shared/contract/invalidation'));

/** Starts loading the contract map in the background, so the first write does not wait for it. */
export function prefetchInvalidation(): void {
  void invalidation();
}
