import type { Db } from '../schema';

/**
 * Club night's links (migration 0014): one row per link handed to a phone or
 * a projector. Only the token's SHA-256 is stored; the token itself is shown
 * once, when the link is made, and never written anywhere. Beside them, the
 * sides' Finish votes (migration 0017).
 */
export interface ClubLinksTable {
  id: string;
  token_hash: string;
  scope: 'table' | 'board';
  /** The battle a table link records; null for the board. */
  battle_id: string | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/**
 * A side's confirmed result of a battle still in progress (migration 0017),
 * from side A's view: one row per side, a new vote replacing the old, gone
 * once the battle is finished or abandoned.
 */
export interface ClubFinishVotesTable {
  battle_id: string;
  side: 'A' | 'B';
  result: 'win' | 'draw' | 'loss';
  /** The link that voted; null for the organiser. */
  link_id: string | null;
  voted_at: string;
}

/**
 * The phone that plays a side of a battle still in progress (migration 0019): its link and the id it keeps in its own
 * storage, one row per side. Only that phone may confirm the side's result or make the side's own choices.
 */
export interface ClubSideClaimsTable {
  battle_id: string;
  side: 'A' | 'B';
  link_id: string;
  device_id: string;
  claimed_at: string;
}

export interface ClubLinkTables {
  club_links: ClubLinksTable;
  club_finish_votes: ClubFinishVotesTable;
  club_side_claims: ClubSideClaimsTable;
}

export type ClubLinkRow = ClubLinksTable;

export async function insertClubLink(db: Db, row: ClubLinksTable): Promise<void> {
  await db.insertInto('club_links').values(row).execute();
}

/** The link whose token hashes to `tokenHash`, if any (the caller compares the hash again in constant time). */
export async function findClubLinkByHash(db: Db, tokenHash: string): Promise<ClubLinkRow | undefined> {
  return db.selectFrom('club_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Revokes every link of one battle still in force; the number revoked. */
export async function revokeBattleLinks(db: Db, battleId: string, at: string): Promise<number> {
  const r = await db.updateTable('club_links').set({ revoked_at: at }).where('battle_id', '=', battleId).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Revokes the board links still in force; the number revoked. */
export async function revokeBoardLinks(db: Db, at: string): Promise<number> {
  const r = await db.updateTable('club_links').set({ revoked_at: at }).where('scope', '=', 'board').where('revoked_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Revokes every link still in force, tables and board; the number revoked. */
export async function revokeAllClubLinks(db: Db, at: string): Promise<number> {
  const r = await db.updateTable('club_links').set({ revoked_at: at }).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** The table links in force at `now` (not revoked, not expired), with their battle, newest first. */
export async function tableLinksInForce(db: Db, now: string): Promise<{ battle_id: string; expires_at: string; created_at: string }[]> {
  const rows = await db
    .selectFrom('club_links')
    .select(['battle_id', 'expires_at', 'created_at'])
    .where('scope', '=', 'table')
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.filter((r): r is { battle_id: string; expires_at: string; created_at: string } => r.battle_id !== null);
}

/** Each side's standing vote on a battle's result (null where a side has not voted). */
export async function finishVotes(db: Db, battleId: string): Promise<{ A: ClubFinishVotesTable['result'] | null; B: ClubFinishVotesTable['result'] | null }> {
  const rows = await db.selectFrom('club_finish_votes').select(['side', 'result']).where('battle_id', '=', battleId).execute();
  return { A: rows.find((r) => r.side === 'A')?.result ?? null, B: rows.find((r) => r.side === 'B')?.result ?? null };
}

/** Records a side's vote, replacing the side's earlier one. */
export async function putFinishVote(db: Db, row: ClubFinishVotesTable): Promise<void> {
  await db
    .insertInto('club_finish_votes')
    .values(row)
    .onConflict((oc) => oc.columns(['battle_id', 'side']).doUpdateSet({ result: row.result, link_id: row.link_id, voted_at: row.voted_at }))
    .execute();
}

/** Forgets a battle's votes (it was finished, abandoned, or its links revoked). */
export async function clearFinishVotes(db: Db, battleId: string): Promise<void> {
  await db.deleteFrom('club_finish_votes').where('battle_id', '=', battleId).execute();
}

export type SideClaim = Pick<ClubSideClaimsTable, 'link_id' | 'device_id' | 'claimed_at'>;

/** Which phone (link and device) plays each side of a battle; null where no phone has claimed it. */
export async function sideClaims(db: Db, battleId: string): Promise<{ A: SideClaim | null; B: SideClaim | null }> {
  const rows = await db.selectFrom('club_side_claims').selectAll().where('battle_id', '=', battleId).execute();
  const of = (side: 'A' | 'B') => {
    const r = rows.find((x) => x.side === side);
    return r ? { link_id: r.link_id, device_id: r.device_id, claimed_at: r.claimed_at } : null;
  };
  return { A: of('A'), B: of('B') };
}

/** Records a phone's claim of a side (the caller has checked the side is free or already this phone's). */
export async function putSideClaim(db: Db, row: ClubSideClaimsTable): Promise<void> {
  await db
    .insertInto('club_side_claims')
    .values(row)
    .onConflict((oc) => oc.columns(['battle_id', 'side']).doUpdateSet({ link_id: row.link_id, device_id: row.device_id, claimed_at: row.claimed_at }))
    .execute();
}

/** Frees one side of a battle, or both; the number of claims removed. */
export async function clearSideClaims(db: Db, battleId: string, side?: 'A' | 'B'): Promise<number> {
  let q = db.deleteFrom('club_side_claims').where('battle_id', '=', battleId);
  if (side) q = q.where('side', '=', side);
  return Number((await q.executeTakeFirst()).numDeletedRows);
}
