import { z } from 'zod';
import { ERROR_CODES, type AppErrorPayload, type Issue } from '../errors';
import { DATA_DOMAINS, type Effects } from './effects';
import type { ChannelScopes } from './scopes';

/** One IPC channel: what it accepts and what it returns, both as zod schemas. */
export interface ChannelDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I;
  output: O;
  /** One line for the contract listing and error messages. */
  summary: string;
  /** The data domains it reads or writes (see effects.ts). */
  effects: Effects;
  /** Who besides the organiser may call it: a club night's table or board link (scopes.ts). None: the organiser only. */
  scopes: ChannelScopes;
}

export function channel<I extends z.ZodType, O extends z.ZodType>(
  summary: string,
  input: I,
  output: O,
  effects: Effects,
  scopes: ChannelScopes = {},
): ChannelDef<I, O> {
  return { input, output, summary, effects, scopes };
}

export type ContractMap = Record<string, ChannelDef>;

/**
 * Merges per-domain contract maps into one, refusing duplicate channel names
 * at start-up rather than letting one silently shadow another.
 */
export function mergeContracts<const T extends readonly ContractMap[]>(...maps: T): UnionToIntersection<T[number]> {
  const out: ContractMap = {};
  for (const m of maps) {
    for (const [name, def] of Object.entries(m)) {
      if (Object.prototype.hasOwnProperty.call(out, name)) throw new Error(`Duplicate IPC channel: ${name}`);
      out[name] = def;
    }
  }
  return out as UnionToIntersection<T[number]>;
}

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** One problem in a request (errors.ts `Issue`). */
const issueSchema = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
  code: z.string().optional(),
}) satisfies z.ZodType<Issue>;

/** An AppError on the wire (errors.ts). */
const appErrorPayloadSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  path: z.array(z.union([z.string(), z.number()])).optional(),
  issues: z.array(issueSchema).optional(),
}) satisfies z.ZodType<AppErrorPayload>;

/** The wire format of every reply, on every transport. */
export const wireReplySchema = z.union([
  // `written`: the data domains a write changed (its contract entry's effects), so a client can refresh what it
  // cached of them without holding the contract itself (the renderer starts without it)
  z.object({ ok: z.literal(true), value: z.unknown(), written: z.array(z.enum(DATA_DOMAINS)).optional() }),
  z.object({ ok: z.literal(false), error: appErrorPayloadSchema }),
]);
export type WireReply = z.infer<typeof wireReplySchema>;

/** Empty input for channels that take nothing. */
export const noInput = z.object({}).strict().optional().default({});
