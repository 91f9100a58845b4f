import { writtenDomains, type Effects } from './effects';

/**
 * Who may call a channel besides the organiser (issue 35, club night). The
 * organiser (the desktop window, browser mode on loopback with the launch
 * token, the CLI) may call every channel; a link handed to a phone carries
 * one scope and reaches only the channels that declare it, beside their
 * effects in the contract. No declaration means organiser only, so a new
 * channel is closed to phones until someone decides otherwise.
 *
 * - `table`: one battle's phone link. It reads that battle (and what the
 *   battle's own channels derive from it: its rosters, pack, crib sheet,
 *   odds) and records that battle's events; once the battle is finished the
 *   link only reads.
 * - `board`: the projector's link: standings and every table's round and
 *   score, read-only.
 */
export const SCOPES = ['table', 'board'] as const;
export type Scope = (typeof SCOPES)[number];

/**
 * How the dispatcher finds a table link's battle in a request, before the
 * request is parsed: the raw input's field that names the battle (it must be
 * the link's own), or none for a pure computation that reads nothing stored.
 */
export type TableAccess = { readonly battleIdAt: string } | { readonly storedData: 'none' };

export interface ChannelScopes {
  readonly table?: TableAccess;
  readonly board?: true;
}

/** A table link may call it for its own battle, named by the input's `field`. */
export const tableBattleAt = (field = 'battleId'): TableAccess => ({ battleIdAt: field });
/** A table link may call it: it computes from its input alone (the odds), reading nothing of the ledger. */
export const tablePure: TableAccess = { storedData: 'none' };

/**
 * Who is asking: the organiser, or a club night link already checked (valid, unexpired, not revoked). A table link
 * names itself (`linkId`, its row's id, never its token): the events it records carry it, and it undoes only those.
 */
export type Caller =
  | { readonly scope: 'organiser' }
  | {
      readonly scope: 'table';
      readonly battleId: string;
      /** The battle is over, or its mission was recorded by another battle: the link only reads. */
      readonly readOnly: boolean;
      /** Why it only reads, when that is not that the battle is over. */
      readonly readOnlyWhy?: string;
      readonly linkId: string;
    }
  | { readonly scope: 'board' };

export const ORGANISER: Caller = { scope: 'organiser' };

interface Scoped {
  readonly effects: Effects;
  readonly scopes: ChannelScopes;
}

/** The scopes that may call a channel, for listings and tests. */
export function scopesOf(def: Scoped): Scope[] {
  return SCOPES.filter((s) => def.scopes[s] !== undefined);
}

/**
 * Why `caller` may not make this request, in words for the phone's screen,
 * or undefined when it may. Asked before the input is parsed, so it reads
 * the raw input: only the one field the declaration names, compared as is.
 */
export function scopeRefusal(def: Scoped, caller: Caller, rawInput: unknown): string | undefined {
  if (caller.scope === 'organiser') return undefined;
  if (caller.scope === 'board') return def.scopes.board ? undefined : 'The board link only shows the standings and the tables; it cannot do this.';
  const access = def.scopes.table;
  if (!access) return 'A table link reaches its own battle only; it cannot do this.';
  if (caller.readOnly && writtenDomains(def.effects).length > 0)
    return caller.readOnlyWhy ? `${caller.readOnlyWhy} Its table link can only read it now.` : 'This battle is over: its table link can only read it now.';
  if ('storedData' in access) return undefined;
  const given =
    typeof rawInput === 'object' && rawInput !== null && Object.prototype.hasOwnProperty.call(rawInput, access.battleIdAt)
      ? (rawInput as Record<string, unknown>)[access.battleIdAt]
      : undefined;
  return given === caller.battleId ? undefined : 'This table link is for another battle.';
}
