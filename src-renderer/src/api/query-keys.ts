import type { Channel, ChannelInput } from '../../../src-shared/contract';

/** TanStack Query keys of channel reads: every call of a channel shares its channel prefix. */
export const queryKeys = {
  channel: <C extends Channel>(channel: C) => [channel] as const,
  call: <C extends Channel>(channel: C, input?: ChannelInput<C>) => (input === undefined ? ([channel] as const) : ([channel, input] as const)),
};
