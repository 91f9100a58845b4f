import { oddsContract } from '../../../src-shared/contract/odds.contract';
import { rollAttack } from '../../../src-shared/dice/roll-attack';
import { cryptoDice, seededDice } from '../../../src-shared/dice/source';
import { computeOdds } from '../../../src-shared/odds/exact';
import { oddsToWire } from '../../../src-shared/odds/wire';
import { defineHandlers } from './define';

/** Odds are pure computation: no database, the same answer in the app, browser mode and the CLI. */
export const oddsHandlers = defineHandlers(oddsContract, {
  'odds.evaluate': (spec) => oddsToWire(computeOdds(spec)),
  'odds.roll': ({ spec, seed }) => {
    const { spec: _spec, ...rolled } = rollAttack(spec, seed === undefined ? cryptoDice() : seededDice(seed));
    return { ...rolled, seed: seed ?? null };
  },
});
