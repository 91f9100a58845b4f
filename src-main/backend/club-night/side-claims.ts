import type { ChannelDef } from '../../../src-shared/contract/define';
import type { TableSides } from '../../../src-shared/contract/club-night.contract';
import { sideRefusal, type Caller, type SideClaimsOf, type SideLetter } from '../../../src-shared/contract/scopes';
import { AppError } from '../../../src-shared/errors';
import type { BackendContext } from '../context';
import { battleSummary } from '../battles/battles';
import { requireBattleRow } from '../db/tables/battles.table';
import { clearSideClaims, putSideClaim, sideClaims, type SideClaim } from '../db/tables/club-links.table';
import { writeTransaction } from '../db/dialect';

/**
 * A side per phone (issue 42): a phone opening a table link claims the side its player plays, or watches. A claim is
 * kept in the ledger (`club_side_claims`), so a restart keeps it; the phone is told apart by its link and the id it
 * keeps in its own storage. Only the phone that claimed a side confirms its result and makes its own choices
 * (`sideRefusal`, declared beside the contract); the organiser may free a side for another phone.
 */

type TablePhone = { linkId: string; deviceId: string };

const isPhone = (claim: SideClaim | null, phone: TablePhone) => !!claim && claim.link_id === phone.linkId && claim.device_id === phone.deviceId;

function seats(claims: { A: SideClaim | null; B: SideClaim | null }, phone: TablePhone | null): TableSides {
  const seat = (c: SideClaim | null) => ({ claimed: c !== null, mine: phone !== null && isPhone(c, phone) });
  return { A: seat(claims.A), B: seat(claims.B) };
}

function tablePhone(caller: Caller, deviceId: string): TablePhone {
  if (caller.scope !== 'table') throw new AppError('FORBIDDEN', 'Only a phone at the table claims a side, from its table link.');
  return { linkId: caller.linkId, deviceId };
}

/** Which sides are claimed, and whether by this phone. */
export async function tableSides(ctx: BackendContext, battleId: string, deviceId: string, caller: Caller): Promise<TableSides> {
  await requireBattleRow(ctx.db, battleId);
  return seats(await sideClaims(ctx.db, battleId), caller.scope === 'table' ? { linkId: caller.linkId, deviceId } : null);
}

/**
 * This phone plays `side` (a side it held before is freed: one phone, one side), or none (null: just watching). A
 * side another phone holds is refused, saying who may free it.
 */
export async function claimSide(ctx: BackendContext, input: { battleId: string; deviceId: string; side: SideLetter | null }, caller: Caller) {
  const phone = tablePhone(caller, input.deviceId);
  const { battleId, side } = input;
  const names = (await battleSummary(ctx.db, battleId)).players;
  const claims = await writeTransaction(
    ctx.db,
    async (trx) => {
      const row = await requireBattleRow(trx, battleId);
      if (row.status !== 'in_progress') throw new AppError('CONFLICT', 'This battle is already over.', { path: ['battleId'] });
      const held = await sideClaims(trx, battleId);
      if (side !== null && held[side] && !isPhone(held[side], phone)) {
        const who = names[side === 'A' ? 0 : 1];
        throw new AppError(
          'CONFLICT',
          `Another phone has already claimed ${who}’s side. If that phone is lost or flat, the organiser can reset the claim on the Club night page.`,
          { path: ['side'] },
        );
      }
      for (const s of ['A', 'B'] as const) if (s !== side && isPhone(held[s], phone)) await clearSideClaims(trx, battleId, s);
      if (side !== null && !isPhone(held[side], phone))
        await putSideClaim(trx, { battle_id: battleId, side, link_id: phone.linkId, device_id: phone.deviceId, claimed_at: new Date().toISOString() });
      return sideClaims(trx, battleId);
    },
    { battleId },
  );
  return seats(claims, phone);
}

/** The organiser frees a side of a table. */
export async function resetClaim(ctx: BackendContext, battleId: string, side: SideLetter): Promise<{ reset: number }> {
  await requireBattleRow(ctx.db, battleId);
  return { reset: await writeTransaction(ctx.db, (trx) => clearSideClaims(trx, battleId, side)) };
}

/** Forgets every claim of a battle's sides (its links were revoked). */
export async function forgetClaims(ctx: BackendContext, battleId: string): Promise<void> {
  await writeTransaction(ctx.db, (trx) => clearSideClaims(trx, battleId));
}

/** When each side was claimed, for the organiser's Tables list. */
export async function claimTimes(ctx: BackendContext, battleId: string): Promise<{ A: string | null; B: string | null }> {
  const c = await sideClaims(ctx.db, battleId);
  return { A: c.A?.claimed_at ?? null, B: c.B?.claimed_at ?? null };
}

/**
 * The dispatcher's check of a side's own request from a table link (scopes.ts `sideRefusal`), reading the battle's
 * claims only when the request is one side's.
 */
export async function sideRequestRefusal(ctx: BackendContext, def: ChannelDef, caller: Caller, rawInput: unknown): Promise<string | undefined> {
  if (caller.scope !== 'table' || !def.scopes.side || def.scopes.side(rawInput) === null) return undefined;
  const stored = await sideClaims(ctx.db, caller.battleId);
  const claims: SideClaimsOf = {
    A: stored.A && { linkId: stored.A.link_id, deviceId: stored.A.device_id },
    B: stored.B && { linkId: stored.B.link_id, deviceId: stored.B.device_id },
  };
  const names = (await battleSummary(ctx.db, caller.battleId)).players;
  return sideRefusal(def, caller, rawInput, claims, names);
}
