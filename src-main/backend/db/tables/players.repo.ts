import type { Transaction } from 'kysely';
import { AppError } from '../../../../src-shared/errors';
import type { PlayerDetail } from '../../../../src-shared/contract/players.contract';
import type { Database, Db } from '../schema';
import { getPlayer } from './club.table';

/**
 * A player with everything that names them: the campaigns they play, their rosters (deleted ones are not theirs to
 * see, and go with them), the battles they fought and the ledger entries about them. A player is removable only
 * while none of these exist: the ledger keeps its history, so a player it mentions stays.
 */
export async function playerDetail(db: Db, id: string): Promise<PlayerDetail> {
  const player = await getPlayer(db, id);
  const campaigns = await db
    .selectFrom('campaign_players as cp')
    .innerJoin('campaigns as c', 'c.id', 'cp.campaign_id')
    .select(['c.id', 'c.name', 'c.status', 'c.current_mission', 'cp.faction_id'])
    .where('cp.player_id', '=', id)
    .orderBy('c.name')
    .execute();
  const rosters = await db
    .selectFrom('rosters as r')
    .leftJoin('campaigns as c', 'c.id', 'r.campaign_id')
    .select(['r.id', 'r.name', 'r.mode', 'r.faction_id', 'r.points', 'r.valid', 'c.name as campaign_name'])
    .where('r.player_id', '=', id)
    .where('r.deleted_at', 'is', null)
    .orderBy('r.name')
    .execute();
  const battles = await db
    .selectFrom('battles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => eb.or([eb('player_a_id', '=', id), eb('player_b_id', '=', id)]))
    .executeTakeFirstOrThrow();
  const entries = await db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('player_id', '=', id)
    .executeTakeFirstOrThrow();
  const uses = { campaigns: campaigns.length, rosters: rosters.length, battles: Number(battles.n), ledgerEntries: Number(entries.n) };
  return {
    ...player,
    campaigns: campaigns.map((c) => ({ id: c.id, name: c.name, status: c.status, currentMission: c.current_mission, factionId: c.faction_id })),
    rosters: rosters.map((r) => ({
      id: r.id,
      name: r.name,
      mode: r.mode,
      factionId: r.faction_id,
      points: r.points,
      valid: r.valid === 1,
      campaignName: r.campaign_name,
    })),
    uses,
    removable: Object.values(uses).every((n) => n === 0),
  };
}

/**
 * Removes a player nothing names (see playerDetail), with the rosters of theirs that were deleted; a player still
 * named anywhere is refused with what names them, and nothing is written.
 */
export async function removeUnusedPlayer(trx: Transaction<Database>, id: string): Promise<{ removed: string }> {
  const detail = await playerDetail(trx, id);
  if (!detail.removable) {
    const { campaigns, rosters, battles, ledgerEntries } = detail.uses;
    const named = [
      campaigns && `${campaigns} campaign${campaigns === 1 ? '' : 's'}`,
      rosters && `${rosters} roster${rosters === 1 ? '' : 's'}`,
      battles && `${battles} battle${battles === 1 ? '' : 's'}`,
      ledgerEntries && `${ledgerEntries} ledger entr${ledgerEntries === 1 ? 'y' : 'ies'}`,
    ].filter(Boolean);
    throw new AppError('CONFLICT', `${detail.name} cannot be removed: ${named.join(', ')} still name them. The ledger keeps its history.`, {
      path: ['id'],
    });
  }
  await trx.deleteFrom('rosters').where('player_id', '=', id).where('deleted_at', 'is not', null).execute();
  await trx.deleteFrom('players').where('id', '=', id).execute();
  return { removed: detail.name };
}
