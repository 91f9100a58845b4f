import { useMutation, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import type { Channel, ChannelInput, ChannelOutput } from '../../../src-shared/contract';
import type { AppError } from '../../../src-shared/errors';
import { api } from './transport';

/** Query key of a channel call; invalidate by channel prefix (e.g. ['campaigns.list']). */
export function apiKey<C extends Channel>(channel: C, input?: ChannelInput<C>) {
  return input === undefined ? [channel] : [channel, input];
}

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
 * A write through the typed client. `invalidates` lists the channels whose
 * cached reads become stale when it succeeds.
 */
export function useApiMutation<C extends Channel>(channel: C, opts: { invalidates?: Channel[] } = {}) {
  const qc = useQueryClient();
  return useMutation<ChannelOutput<C>, AppError, ChannelInput<C>>({
    mutationFn: (input) => api.call(channel, input),
    onSuccess: async () => {
      await Promise.all((opts.invalidates ?? []).map((c) => qc.invalidateQueries({ queryKey: [c] })));
    },
  });
}
