import { AppError } from '../errors';
import { wireReplySchema, type WireReply } from './define';
import type { Channel, ChannelInput, ChannelOutput } from './index';

/** How a reply reaches the client: Electron IPC, HTTP in browser mode, or in-process in tests. */
export type Transport = (channel: Channel, input: unknown) => Promise<WireReply>;

export interface ApiClient {
  call<C extends Channel>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>>;
}

/**
 * A typed client that holds no copy of the contract's schemas (only its
 * types): replies are checked for shape and an error reply becomes an
 * AppError. The renderer uses it so it starts without building every schema;
 * a channel the contract lacks is refused across the wire, by the preload
 * bridge and by the backend's dispatcher (NOT_FOUND).
 */
export function createWireClient(transport: Transport): ApiClient {
  return {
    async call(channel, input) {
      const raw = await transport(channel, input);
      const reply = wireReplySchema.safeParse(raw);
      if (!reply.success) throw new AppError('INTERNAL', `Malformed reply on ${channel}`);
      if (!reply.data.ok) throw AppError.fromPayload(reply.data.error);
      return reply.data.value as never;
    },
  };
}
