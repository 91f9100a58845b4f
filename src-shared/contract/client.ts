import { AppError } from '../errors';
import { isChannel } from './index';
import { createWireClient, type ApiClient, type Transport } from './wire-client';

export type { ApiClient, Transport };

/**
 * The typed client the CLI, the tests and the shell use: a channel the
 * contract lacks is refused before the transport is called, then it is the
 * wire client (replies checked for shape, an error reply an AppError the UI
 * can explain).
 */
export function createApiClient(transport: Transport): ApiClient {
  const wire = createWireClient(transport);
  return {
    call(channel, input) {
      if (!isChannel(channel)) return Promise.reject(new AppError('NOT_FOUND', `Unknown channel ${String(channel)}`));
      return wire.call(channel, input);
    },
  };
}
