import { dbFailure } from './db/dialect';
import { appContract, isChannel } from '../../src-shared/contract';
import type { WireReply } from '../../src-shared/contract/define';
import { writtenDomains } from '../../src-shared/contract/effects';
import { ORGANISER, scopeRefusal, type Caller } from '../../src-shared/contract/scopes';
import { AppError, validationError } from '../../src-shared/errors';
import type { BackendContext } from './context';
import { sideRequestRefusal } from './club-night/side-claims';
import type { HandlerMap } from './handlers/define';
import type { AppContract } from '../../src-shared/contract';

/** `caller`: who asks (scopes.ts); the organiser when absent (the window, loopback with the launch token, the CLI). */
export type Dispatch = (channel: unknown, input: unknown, caller?: Caller) => Promise<WireReply>;

export interface DispatcherOptions {
  /** Called with unexpected (non-AppError) failures, for the log. */
  onInternalError?: (channel: string, error: unknown) => void;
}

/**
 * The single entry point of every transport: Electron IPC, browser-mode HTTP
 * and the CLI. It checks the caller's scope against the channel's declared
 * scopes before anything else (a club night link's request is refused
 * unparsed, unrun), parses the input with the channel's schema, runs the
 * handler, parses the output, and turns any failure into a typed error value.
 */
export function createDispatcher(ctx: BackendContext, handlers: HandlerMap<AppContract>, opts: DispatcherOptions = {}): Dispatch {
  return async (channel, input, caller = ORGANISER) => {
    if (!isChannel(channel)) {
      // a link learns nothing of which requests exist
      if (caller.scope !== 'organiser') return { ok: false, error: new AppError('FORBIDDEN', 'This link cannot do that.').toPayload() };
      return { ok: false, error: new AppError('NOT_FOUND', `There is no request called "${String(channel).slice(0, 80)}".`).toPayload() };
    }
    const def = appContract[channel];
    const refusal = scopeRefusal(def, caller, input);
    if (refusal) return { ok: false, error: new AppError('FORBIDDEN', refusal).toPayload() };
    const parsed = def.input.safeParse(input);
    if (!parsed.success) return { ok: false, error: validationError(def.summary, parsed.error).toPayload() };
    try {
      // a side's own request from a phone: only the phone that claimed the side (issue 42)
      const sideRefused = await sideRequestRefusal(ctx, def, caller, input);
      if (sideRefused) return { ok: false, error: new AppError('FORBIDDEN', sideRefused).toPayload() };
      const handler = handlers[channel] as (i: unknown, c: BackendContext, caller: Caller) => unknown;
      const result = await handler(parsed.data, ctx, caller);
      const out = def.output.safeParse(result);
      if (!out.success) {
        opts.onInternalError?.(channel, out.error);
        return { ok: false, error: new AppError('INTERNAL', `The reply to "${def.summary}" was malformed.`).toPayload() };
      }
      const written = writtenDomains(def.effects);
      return written.length ? { ok: true, value: out.data, written: [...written] } : { ok: true, value: out.data };
    } catch (e) {
      if (e instanceof AppError) return { ok: false, error: e.toPayload() };
      const storage = storageError(e, writtenDomains(def.effects).length ? 'write' : 'read');
      if (storage) return { ok: false, error: storage.toPayload() };
      opts.onInternalError?.(channel, e);
      return { ok: false, error: new AppError('INTERNAL', (e as Error)?.message ?? String(e)).toPayload() };
    }
  };
}

/**
 * SQLite failures that are not bugs but the machine's state: a full disk, a
 * file that cannot be written, another program holding the write lock. Each
 * write runs in one transaction, so the failed one was rolled back whole;
 * the message says so, and what to do, in the organiser's words. A request
 * that only reads was saving nothing: a league that cannot be reached is
 * said to be unreadable for now instead.
 */
export function storageError(e: unknown, request: 'read' | 'write' = 'write'): AppError | undefined {
  const code = typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : '';
  const message = e instanceof Error ? e.message : '';
  if (dbFailure(e) === 'unreachable' && request === 'read') {
    return new AppError(
      'UNAVAILABLE',
      'League database unreachable — it cannot be read now, retrying. Everything recorded before is safe on the server; the app reconnects by itself when it is back.',
    );
  }
  if (dbFailure(e) === 'unreachable') {
    // league mode: the transaction never committed, and the pool opens a new connection on the next request
    return new AppError(
      'UNAVAILABLE',
      'League database unreachable — nothing was saved, retrying. Everything recorded before is safe on the server; the app reconnects by itself when it is back.',
    );
  }
  if (code === 'SQLITE_FULL' || /database or disk is full/i.test(message)) {
    return new AppError(
      'STORAGE',
      'The disk holding the ledger is full, so nothing was saved. Everything recorded before is safe. Free some space on the disk (or move the data folder) and try again.',
    );
  }
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED') || /database is (locked|busy)/i.test(message)) {
    return new AppError(
      'LOCKED',
      'Another program is writing to the ledger right now (a second copy of the app, or a backup or sync tool), so nothing was saved. Try again in a moment.',
    );
  }
  if (code.startsWith('SQLITE_IOERR') || code.startsWith('SQLITE_READONLY') || code === 'SQLITE_CANTOPEN') {
    return new AppError(
      'STORAGE',
      'The ledger file could not be written (the disk was removed, is read-only, or reported an error), so nothing was saved. Check the disk holding the data folder and try again.',
    );
  }
  return undefined;
}
