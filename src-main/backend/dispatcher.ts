import { appContract, isChannel } from '../../src-shared/contract';
import type { WireReply } from '../../src-shared/contract/define';
import { AppError, validationError } from '../../src-shared/errors';
import type { BackendContext } from './context';
import type { HandlerMap } from './handlers/define';
import type { AppContract } from '../../src-shared/contract';

export type Dispatch = (channel: unknown, input: unknown) => Promise<WireReply>;

export interface DispatcherOptions {
  /** Called with unexpected (non-AppError) failures, for the log. */
  onInternalError?: (channel: string, error: unknown) => void;
}

/**
 * The single entry point of every transport: Electron IPC, browser-mode HTTP
 * and the CLI. It parses the input with the channel's schema, runs the
 * handler, parses the output, and turns any failure into a typed error value.
 */
export function createDispatcher(ctx: BackendContext, handlers: HandlerMap<AppContract>, opts: DispatcherOptions = {}): Dispatch {
  return async (channel, input) => {
    if (!isChannel(channel)) {
      return { ok: false, error: new AppError('NOT_FOUND', `There is no request called "${String(channel).slice(0, 80)}".`).toPayload() };
    }
    const def = appContract[channel];
    const parsed = def.input.safeParse(input);
    if (!parsed.success) return { ok: false, error: validationError(def.summary, parsed.error).toPayload() };
    try {
      const handler = handlers[channel] as (i: unknown, c: BackendContext) => unknown;
      const result = await handler(parsed.data, ctx);
      const out = def.output.safeParse(result);
      if (!out.success) {
        opts.onInternalError?.(channel, out.error);
        return { ok: false, error: new AppError('INTERNAL', `The reply to "${def.summary}" was malformed.`).toPayload() };
      }
      return { ok: true, value: out.data };
    } catch (e) {
      if (e instanceof AppError) return { ok: false, error: e.toPayload() };
      opts.onInternalError?.(channel, e);
      return { ok: false, error: new AppError('INTERNAL', (e as Error)?.message ?? String(e)).toPayload() };
    }
  };
}
