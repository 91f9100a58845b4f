import { AppError } from '../errors';
import { wireReplySchema, type WireReply } from './define';
import { isChannel, type Channel, type ChannelInput, type ChannelOutput } from './index';

/** How a reply reaches the client: Electron IPC, HTTP in browser mode, or in-process in tests. */
export type Transport = (channel: Channel, input: unknown) => Promise<WireReply>;

export interface ApiClient {
  call<C extends Channel>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>>;
}

/**
 * The typed client every caller uses. Replies are checked for shape; an error
 * reply becomes an AppError the UI can explain.
 */
export function createApiClient(transport: Transport): ApiClient {
  return {
    async call(channel, input) {
      if (!isChannel(channel)) throw new AppError('NOT_FOUND', `Unknown channel ${String(channel)}`);
      const raw = await transport(channel, input);
      const reply = wireReplySchema.safeParse(raw);
      if (!reply.success) throw new AppError('INTERNAL', `Malformed reply on ${channel}`);
      if (!reply.data.ok) throw AppError.fromPayload(reply.data.error);
      return reply.data.value as never;
    },
  };
}
