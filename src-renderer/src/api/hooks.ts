import { useMutation, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { Channel, ChannelInput, ChannelOutput } from '../../../src-shared/contract';
import type { AppError } from '../../../src-shared/errors';
import { api } from './transport';
import { queryKeys } from './query-keys';

/** Query key of a channel call (see query-keys.ts). */
export const apiKey = queryKeys.call;

/** A read through the typed client, cached by TanStack Query. */
export function useApiQuery<C extends Channel>(
  channel: C,
  input: ChannelInput<C>,
  options?: Omit<UseQueryOptions<ChannelOutput<C>, AppError>, 'queryKey' | 'queryFn'>,
) {
  return useQuery<ChannelOutput<C>, AppError>({
    queryKey: apiKey(channel, input),
    queryFn: () => api.call(channel, input),
    ...options,
  });
}

/**
 * A write through the typed client. What it makes stale comes from its
 * contract entry's declared domains (the client refreshes them), never from
 * a list kept by the screen. Writes given the same `inOrder` name are sent one
 * after the other, in the order they were made, so a slow one can never land
 * after (and undo) a later one.
 */
export function useApiMutation<C extends Channel>(channel: C, opts: { inOrder?: string } = {}) {
  return useMutation<ChannelOutput<C>, AppError, ChannelInput<C>>({
    mutationFn: (input) => api.call(channel, input),
    ...(opts.inOrder ? { scope: { id: opts.inOrder } } : {}),
  });
}
