import type { z } from 'zod';
import type { ChannelDef, ContractMap } from '../../../src-shared/contract/define';
import type { BackendContext } from '../context';

export type Handler<D extends ChannelDef> = (input: z.output<D['input']>, ctx: BackendContext) => Promise<z.input<D['output']>> | z.input<D['output']>;

export type HandlerMap<T extends ContractMap> = { [C in keyof T]: Handler<T[C]> };

/** Ties a domain's handlers to its slice of the contract, so a missing or misspelt channel fails to compile. */
export function defineHandlers<T extends ContractMap>(_contract: T, handlers: HandlerMap<T>): HandlerMap<T> {
  return handlers;
}
