import type { Kysely } from 'kysely';
import { AppError } from '../../../src-shared/errors';
import { findPlayerName } from '../db/tables/club.table';
import type { Database } from '../db/schema';

/**
 * A campaign file's players mapped to players this ledger already has
 * (issue 33): the import preview names a file's player whose name is a
 * different player's here once normalised and case folded, and offers the
 * existing player; when the organiser chooses it, the file's player id is
 * replaced by the existing one everywhere in the file (seats, entries,
 * rosters, the outcomes' JSON), so the import finds the same player and keeps
 * this ledger's name, as it does for any player of the same id.
 */
export async function mapFilePlayers(db: Kysely<Database>, json: string, map: Record<string, string>): Promise<string> {
  let out = json;
  for (const [fileId, ledgerId] of Object.entries(map)) {
    if (!(await findPlayerName(db, ledgerId)))
      throw new AppError('NOT_FOUND', `There is no player ${ledgerId} in this ledger to use for the file's player ${fileId}.`, {
        path: ['mapPlayers', fileId],
      });
    const token = new RegExp(`(?<![0-9A-Za-z_-])${fileId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![0-9A-Za-z_-])`, 'g');
    if (!token.test(out)) throw new AppError('VALIDATION', `The file has no player ${fileId} to map.`, { path: ['mapPlayers', fileId] });
    out = out.replace(token, ledgerId);
  }
  return out;
}
