import { AppError, ERROR_CODES, type AppErrorPayload } from '../errors';
import type { WireReply } from './define';
import { DATA_DOMAINS, type DataDomain } from './effects';
import type { Channel, ChannelInput, ChannelOutput } from './index';

/** How a reply reaches the client: Electron IPC, HTTP in browser mode, or in-process in tests. */
export type Transport = (channel: Channel, input: unknown) => Promise<WireReply>;

export interface ApiClient {
  call<C extends Channel>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>>;
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isPath = (p: unknown) => Array.isArray(p) && p.every((k) => typeof k === 'string' || typeof k === 'number');
const isIssue = (i: unknown) => isObject(i) && isPath(i.path) && typeof i.message === 'string' && (i.code === undefined || typeof i.code === 'string');

const isErrorPayload = (e: unknown): e is AppErrorPayload =>
  isObject(e) &&
  (ERROR_CODES as readonly unknown[]).includes(e.code) &&
  typeof e.message === 'string' &&
  (e.path === undefined || isPath(e.path)) &&
  (e.issues === undefined || (Array.isArray(e.issues) && e.issues.every(isIssue)));

/**
 * The reply's envelope, as `wireReplySchema` (define.ts) has it: a value with
 * the data domains it wrote, or an error with a known code and a message.
 * The value itself was parsed by the backend's dispatcher against the
 * channel's output schema before it was sent.
 */
function envelope(r: unknown): WireReply | null {
  if (!isObject(r)) return null;
  if (r.ok === true)
    return 'value' in r && (r.written === undefined || (Array.isArray(r.written) && r.written.every((d) => (DATA_DOMAINS as readonly unknown[]).includes(d))))
      ? (r as WireReply)
      : null;
  if (r.ok === false && isErrorPayload(r.error)) return r as WireReply;
  return null;
}

/**
 * A reply's value and the data domains the request wrote; a malformed reply,
 * or an error reply, is thrown as its AppError.
 */
export function readReply(channel: Channel, raw: unknown): { value: unknown; written: readonly DataDomain[] } {
  const reply = envelope(raw);
  if (!reply) throw new AppError('INTERNAL', `Malformed reply on ${channel}`);
  if (!reply.ok) throw AppError.fromPayload(reply.error);
  return { value: reply.value, written: reply.written ?? [] };
}

/**
 * A typed client that holds no copy of the contract's schemas, nor zod (only
 * their types): each reply goes through readReply. The renderer reads its
 * replies the same way so it starts without building every schema; a channel
 * the contract lacks is refused across the wire, by the preload bridge and by
 * the backend's dispatcher (NOT_FOUND).
 */
export function createWireClient(transport: Transport): ApiClient {
  return {
    async call(channel, input) {
      return readReply(channel, await transport(channel, input)).value as never;
    },
  };
}
