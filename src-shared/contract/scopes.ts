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
const SCOPES = ['table', 'board'] as const;
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
  /**
   * A side's own request (issue 42): the side it is made for, read from the raw input, or null when the request is
   * not one side's. A table link may make it only from the phone that claimed that side (`sideRefusal`).
   */
  readonly side?: SideOf;
}

export type SideLetter = 'A' | 'B';
/** The side a raw request is made for, or null when it is nobody's own. */
export type SideOf = (rawInput: unknown) => SideLetter | null;

const field = (raw: unknown, name: string): unknown =>
  typeof raw === 'object' && raw !== null && Object.prototype.hasOwnProperty.call(raw, name) ? (raw as Record<string, unknown>)[name] : undefined;
const asSide = (v: unknown): SideLetter | null => (v === 'A' || v === 'B' ? v : null);

/** The request is its side's, named by the input's `name` field (table.confirmFinish: the side confirming and rating). */
export const sideAt =
  (name = 'side'): SideOf =>
  (raw) =>
    asSide(field(raw, name));

/** Battle intents that are one side's own choice (Captain abilities, Veteran Sixes, Rule of Cool), by kind. */
const OWN_INTENTS = new Set(['ability', 'rule-of-cool']);
/** Recorded events that are one side's own choice, by kind. */
const OWN_EVENTS = new Set(['command.ability', 'record.veteranSix', 'rule.cool']);

/** battles.act: the side whose own choice the intent is, or null for a step of the table's (a draw, Wounds, the round's end). */
export const intentSide: SideOf = (raw) => {
  const intent = field(raw, 'intent');
  const kind = field(intent, 'kind');
  if (typeof kind !== 'string') return null;
  if (OWN_INTENTS.has(kind)) return asSide(field(intent, 'side'));
  if (kind !== 'record') return null;
  const body = field(intent, 'body');
  const bodyKind = field(body, 'kind');
  return typeof bodyKind === 'string' && OWN_EVENTS.has(bodyKind) ? asSide(field(body, 'side')) : null;
};

/** The phone that plays each side (its link and the id it keeps), null where none has claimed it. */
export interface SideClaimsOf {
  readonly A: { readonly linkId: string; readonly deviceId: string } | null;
  readonly B: { readonly linkId: string; readonly deviceId: string } | null;
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

/**
 * Why a table link's phone may not make this side's request, in words for its screen, or undefined when it may: only
 * the phone that claimed the side (its link and the device id it sends, `deviceId`) makes the side's own choices and
 * confirms its result. The organiser may do anything; a request that is no side's own passes. `names`: the players'.
 */
export function sideRefusal(def: Scoped, caller: Caller, rawInput: unknown, claims: SideClaimsOf, names: readonly [string, string]): string | undefined {
  if (caller.scope !== 'table' || !def.scopes.side) return undefined;
  const side = def.scopes.side(rawInput);
  if (side === null) return undefined;
  const claim = claims[side];
  const device = field(rawInput, 'deviceId');
  if (claim && claim.linkId === caller.linkId && claim.deviceId === device) return undefined;
  const who = names[side === 'A' ? 0 : 1];
  return claim
    ? `Only ${who}’s phone can do this: another phone has claimed ${who}’s side.`
    : `Only ${who}’s phone can do this: claim ${who}’s side on this phone first (“Which side are you?”).`;
}
