import type { z } from 'zod';
import type { ChannelDef, ContractMap } from '../../../src-shared/contract/define';
import type { Caller } from '../../../src-shared/contract/scopes';
import type { BackendContext } from '../context';

/**
 * `caller`: who asks, already held to the channel's declared scopes by the dispatcher. Most handlers need not look;
 * a table link's writes carry its `linkId` (its events, its Finish vote).
 */
type Handler<D extends ChannelDef> = (input: z.output<D['input']>, ctx: BackendContext, caller: Caller) => Promise<z.input<D['output']>> | z.input<D['output']>;

export type HandlerMap<T extends ContractMap> = { [C in keyof T]: Handler<T[C]> };

/** Ties a domain's handlers to its slice of the contract, so a missing or misspelt channel fails to compile. */
export function defineHandlers<T extends ContractMap>(_contract: T, handlers: HandlerMap<T>): HandlerMap<T> {
  return handlers;
}
