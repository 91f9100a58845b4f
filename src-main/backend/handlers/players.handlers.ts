import { playersContract } from '../../../src-shared/contract/players.contract';
import { insertPlayer, listPlayers, updatePlayer } from '../db/tables/club.table';
import { defineHandlers } from './define';
import { writeTransaction } from '../db/dialect';

export const playersHandlers = defineHandlers(playersContract, {
  'players.list': ({ search }, ctx) => listPlayers(ctx.db, search),
  'players.create': (input, ctx) => writeTransaction(ctx.db, (trx) => insertPlayer(trx, input)),
  'players.update': (input, ctx) => writeTransaction(ctx.db, (trx) => updatePlayer(trx, input)),
});
