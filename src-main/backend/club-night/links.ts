import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Caller } from '../../../src-shared/contract/scopes';
import type { ClubLink } from '../../../src-shared/contract/club-night.contract';
import { AppError } from '../../../src-shared/errors';
import type { BackendContext } from '../context';
import { requireBattleRow } from '../db/tables/battles.table';
import { clearFinishVotes, findClubLinkByHash, insertClubLink, revokeAllClubLinks, revokeBattleLinks, revokeBoardLinks } from '../db/tables/club-links.table';
import { writeTransaction } from '../db/dialect';
import { isDisplaced } from '../battles/displaced';
import { missionRecordedNotice } from '../../../src-shared/campaign/mission-once';

/**
 * Club night's links (issue 35). A link is a random token of 256 bits, shown
 * once inside its URL and stored only as its SHA-256. Checking one hashes
 * what was sent, finds the row by that hash and compares the two hashes in
 * constant time; no message, log line or error ever carries a token.
 */

/** 32 random bytes, base64url: 43 characters. */
const TOKEN_BYTES = 32;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Where a link's token goes in its URL: phones open `/club?t=TOKEN`, which swaps it for a cookie. */
function linkUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/club?t=${token}`;
}

function lanBase(ctx: BackendContext): string {
  const status = ctx.clubNight.listener?.status();
  if (!status?.on || !status.baseUrl)
    throw new AppError('CONFLICT', 'Club night is off: turn it on (choosing the LAN address phones reach) before making links.');
  return status.baseUrl;
}

async function makeLink(ctx: BackendContext, scope: 'table' | 'board', battleId: string | null, hours: number): Promise<ClubLink> {
  const base = lanBase(ctx);
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const now = new Date();
  const expiresAt = new Date(now.getTime() + hours * 3_600_000).toISOString();
  await writeTransaction(ctx.db, async (trx) => {
    if (battleId !== null) {
      const battle = await requireBattleRow(trx, battleId);
      if (battle.status === 'abandoned') throw new AppError('CONFLICT', 'That battle was abandoned; it has no table any more.', { path: ['battleId'] });
    }
    await insertClubLink(trx, {
      id: randomUUID(),
      token_hash: hashToken(token),
      scope,
      battle_id: battleId,
      created_at: now.toISOString(),
      expires_at: expiresAt,
      revoked_at: null,
    });
  });
  return { url: linkUrl(base, token), expiresAt, scope, battleId };
}

export const createTableLink = (ctx: BackendContext, battleId: string, hours: number) => makeLink(ctx, 'table', battleId, hours);
export const createBoardLink = (ctx: BackendContext, hours: number) => makeLink(ctx, 'board', null, hours);

export async function revokeLinks(ctx: BackendContext, which: { battleId: string } | { board: true } | { all: true }): Promise<{ revoked: number }> {
  const at = new Date().toISOString();
  const revoked = await writeTransaction(ctx.db, async (trx) => {
    if ('battleId' in which) {
      // the table's phones go with their links, and their Finish votes with them
      await clearFinishVotes(trx, which.battleId);
      return revokeBattleLinks(trx, which.battleId, at);
    }
    if ('board' in which) return revokeBoardLinks(trx, at);
    return revokeAllClubLinks(trx, at);
  });
  // a phone's open live stream ends with its link (the server checks the link again on every notice)
  ctx.clubNight.changes.publishRevocation();
  return { revoked };
}

const refused = (message: string) => new AppError('FORBIDDEN', message);

/**
 * The caller a club night token stands for, or FORBIDDEN: missing,
 * malformed, unknown, revoked or expired; RATE_LIMITED over its budget. A table link of a
 * battle no longer in progress only reads. Marks the table as heard from.
 */
export async function authenticateLink(ctx: BackendContext, token: string | undefined): Promise<Caller> {
  if (token === undefined || token === '') throw refused('Open the link the organiser gave you (scan the table’s QR code).');
  if (!TOKEN_SHAPE.test(token)) throw refused('This link is not valid: ask the organiser for a new one.');
  const hash = hashToken(token);
  const row = await findClubLinkByHash(ctx.db, hash);
  if (!row || !timingSafeEqual(Buffer.from(row.token_hash, 'hex'), Buffer.from(hash, 'hex')))
    throw refused('This link is not valid: ask the organiser for a new one.');
  if (row.revoked_at !== null) throw refused('This link was revoked by the organiser: ask for a new one.');
  const now = new Date().toISOString();
  if (row.expires_at <= now) throw refused('This link has expired: ask the organiser for a new one.');
  if (!ctx.clubNight.limiter.take(hash)) throw new AppError('RATE_LIMITED', 'Too many requests from this link: wait a few seconds and try again.');
  if (row.scope === 'board' || row.battle_id === null) return { scope: 'board' };
  const battle = await requireBattleRow(ctx.db, row.battle_id);
  ctx.clubNight.heard.set(row.battle_id, now);
  // a battle whose mission was recorded elsewhere (the paper form, another table) can no longer finish it: its links read
  if (battle.mission !== null && (await isDisplaced(ctx.db, battle)))
    return { scope: 'table', battleId: row.battle_id, readOnly: true, readOnlyWhy: missionRecordedNotice(battle.mission), linkId: row.id };
  return { scope: 'table', battleId: row.battle_id, readOnly: battle.status !== 'in_progress', linkId: row.id };
}

/** When the link a token stands for expires (ISO), or null for no such link: a live stream ends then. */
export async function linkExpiresAt(ctx: BackendContext, token: string | undefined): Promise<string | null> {
  if (token === undefined || !TOKEN_SHAPE.test(token)) return null;
  return (await findClubLinkByHash(ctx.db, hashToken(token)))?.expires_at ?? null;
}
