import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deploymentArb, playModel, tapArb, type Tap } from '../helpers/battle-model';

/**
 * A battle no sequence of taps can break (issue 32): random battles, legal and
 * illegal taps mixed, played through the real intents and reducer. After
 * every step: no event the life cycle forbids was accepted (held to a model
 * written apart from the engine), the bag holds exactly the tokens of the
 * formations able to activate, every formation's status (formation-life's
 * statusOf) is the model's own, a step forward changes a status only along
 * an edge of STATUS_TRANSITIONS, and undo of the last event restores the state
 * before it; every eight steps and at the end, a replay of the record equals
 * the state built event by event.
 * `npm run test:soak` runs many more (test/soak/battle-model.soak.test.ts).
 */

/** A battle: which patrols start in reserve, the taps, and the seed of the backend's dice. */
const battleArb = fc.tuple(deploymentArb, fc.array(tapArb, { minLength: 150, maxLength: 400 }), fc.integer({ min: 1, max: 2 ** 31 - 1 }));

export const MODEL_RUNS = Number(process.env.AOA_MODEL_RUNS ?? (process.env.AOA_SOAK ? 3000 : 60));

function check(reserve: { A: boolean; B: boolean }, taps: Tap[], seed: number) {
  const { problem } = playModel(reserve, taps, seed);
  expect(problem).toBeNull();
}

describe('a formation’s life as one state machine, played at random [model-based]', () => {
  it(`${MODEL_RUNS} random battles of 150 to 400 taps break no invariant`, () => {
    fc.assert(
      fc.property(battleArb, ([reserve, taps, seed]) => check(reserve, taps, seed)),
      // a fixed seed in npm test, so a failure replays; the soak run explores new ones
      { numRuns: MODEL_RUNS, ...(process.env.AOA_SOAK ? {} : { seed: 3232 }) },
    );
    // about 5 s on a quiet machine; the budget is for a run beside the whole suite on two cores
  }, 120_000);

  // The fast-check seeds whose battle each broke the engine on 101a638, before the life cycle: regression cases, by name.
  it.each([
    ['a Veteran Six spent by a patrol still in reserve', 1],
    ['the bag keeping a token for a formation lost mid-round', 2],
    ['losses taken by a patrol still in reserve', 10],
    ['Wounds dealt by a destroyed formation', 12],
    ['a Cryptid Die spent by a destroyed formation', 19],
    ['cryptid Wounds credited to a patrol still in reserve', 50],
    ['a Veteran Six spent by a destroyed formation', 51],
    ['cryptid Wounds credited to a destroyed formation', 136],
  ])('regression: %s (seed %i)', (_, seed) => {
    const [reserve, taps, dice] = fc.sample(battleArb, { numRuns: 1, seed })[0]!;
    check(reserve, taps, dice);
  });
});
