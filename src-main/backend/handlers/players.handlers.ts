import { playersContract } from '../../../src-shared/contract/players.contract';
import { insertPlayer, listPlayers, updatePlayer } from '../db/tables/club.table';
import { defineHandlers } from './define';

export const playersHandlers = defineHandlers(playersContract, {
  'players.list': ({ search }, ctx) => listPlayers(ctx.db, search),
  'players.create': (input, ctx) => ctx.db.transaction().execute((trx) => insertPlayer(trx, input)),
  'players.update': (input, ctx) => ctx.db.transaction().execute((trx) => updatePlayer(trx, input)),
});
