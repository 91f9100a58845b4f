import { playersContract } from '../../../src-shared/contract/players.contract';
import { insertPlayer, listPlayers, updatePlayer } from '../db/tables/club.table';
import { defineHandlers } from './define';
import { dbFailure, writeTransaction } from '../db/dialect';
import { playerDetail, removeUnusedPlayer } from '../db/tables/players.repo';
import { AppError } from '../../../src-shared/errors';

export const playersHandlers = defineHandlers(playersContract, {
  'players.list': ({ search }, ctx) => listPlayers(ctx.db, search),
  'players.create': (input, ctx) => writeTransaction(ctx.db, (trx) => insertPlayer(trx, input)),
  'players.update': (input, ctx) => writeTransaction(ctx.db, (trx) => updatePlayer(trx, input)),
  'players.get': ({ id }, ctx) => playerDetail(ctx.db, id),
  'players.remove': async ({ id }, ctx) => {
    try {
      return await writeTransaction(ctx.db, (trx) => removeUnusedPlayer(trx, id));
    } catch (e) {
      // something came to name the player between the check and the delete (another organiser's new roster)
      if (dbFailure(e) === 'constraint')
        throw new AppError('CONFLICT', 'The player was just given a campaign, roster or battle elsewhere; look again.', { path: ['id'] });
      throw e;
    }
  },
});
