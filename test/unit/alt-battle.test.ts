import { describe, expect, it } from 'vitest';
import { AlternatingActivation as Alt } from '../../src-shared/battle/alternating-activation';
import {
  altBattleSchema,
  chooseFormation,
  nextRound,
  passTurn,
  recordCasualties,
  recordWillCheck,
  startAltBattle,
} from '../../src-shared/battle/alternating-battle';

/** Side 0: 2 formations, 10 models (routs at 6 lost [003 L32]); side 1: 4 formations. */
function battle() {
  return startAltBattle({
    sideNames: ['Ada', 'Bram'],
    setupInitiative: 0,
    latchRout: false,
    formations: [
      { id: 'a-core', name: 'Core squad', side: 0, models: 5, resolve: 4 },
      { id: 'a-cmd', name: 'Command group', side: 0, models: 5, resolve: 2 },
      { id: 'b1', name: 'B one', side: 1, models: 3, resolve: 3 },
      { id: 'b2', name: 'B two', side: 1, models: 3, resolve: 3 },
      { id: 'b3', name: 'B three', side: 1, models: 3, resolve: 3 },
      { id: 'b4', name: 'B four', side: 1, models: 3, resolve: 3 },
    ],
  });
}

describe('a module round: passing, rout and the Will check together (DIGEST §23)', () => {
  it('the smaller side passes once, may not pass again at once, and a formation of a routing company checks before acting', () => {
    let b = battle();
    expect(b.activation.passTokens).toEqual([2, 0]); // T4: 2 against 4
    b = chooseFormation(b, 'a-cmd');
    b = chooseFormation(b, 'b1');
    b = passTurn(b);
    b = chooseFormation(b, 'b2');
    expect(() => passTurn(b)).toThrow(/before passing again/); // T6
    // 6 of side 0's 10 models are destroyed: more than half (T12)
    b = recordCasualties(b, 'a-core', 4, 0);
    expect(b.morale.sides[0].lost).toBe(4);
    b = recordCasualties(b, 'a-cmd', 2, 0);
    b = chooseFormation(b, 'a-core');
    expect(b.pendingCheck).toEqual({ formationId: 'a-core', side: 0 }); // T13: it has not acted yet
    expect(Alt.activated(b.activation)).not.toContain('a-core');
    expect(() => passTurn(b)).toThrow(/Will check first/);
    b = recordWillCheck(b, false);
    expect(b.morale.broken).toEqual({ 'a-core': 1 }); // T15: Broken, first withdrawal move taken
    expect(Alt.activated(b.activation)).toContain('a-core');
    b = chooseFormation(b, 'b3');
    b = chooseFormation(b, 'b4');
    expect(Alt.isRoundOver(b.activation)).toBe(true);
    expect(b.activation.discardedPassTokens).toEqual([1, 0]); // T8
    expect(altBattleSchema.parse(JSON.parse(JSON.stringify(b)))).toEqual(b);
  });

  it('next round: the Broken formation withdraws instead of testing, and the lower count takes initiative', () => {
    let b = battle();
    for (const id of ['a-core', 'b1', 'a-cmd', 'b2', 'b3', 'b4']) b = chooseFormation(b, id);
    b = recordCasualties(b, 'a-core', 5, 0); // wiped out: no longer counts (T1)
    b = recordCasualties(b, 'a-cmd', 1, 0);
    b = nextRound(b);
    expect(b.activation.counts).toEqual([1, 4]);
    expect(b.activation.initiative).toBe(0);
    expect(b.activation.passTokens).toEqual([3, 0]);
    b = chooseFormation(b, 'a-cmd');
    expect(b.pendingCheck).toEqual({ formationId: 'a-cmd', side: 0 });
    b = recordWillCheck(b, true);
    expect(b.morale.broken).toEqual({});
  });

  it('a round cannot be closed early, and a lost formation leaves the queue', () => {
    let b = battle();
    expect(() => nextRound(b)).toThrow(/must do so/);
    b = recordCasualties(b, 'b4', 3, 0);
    expect(b.activation.waiting.side1).toEqual(['b1', 'b2', 'b3']);
    expect(b.activation.counts).toEqual([2, 4]); // T2: not recalculated
    expect(() => recordCasualties(b, 'b1', 2, 2)).toThrow(/deployed 3 models/);
  });

  it('each side needs a formation', () => {
    expect(() =>
      startAltBattle({
        sideNames: ['Ada', 'Bram'],
        setupInitiative: 0,
        latchRout: false,
        formations: [{ id: 'x', name: 'X', side: 0, models: 3, resolve: 3 }],
      }),
    ).toThrow(/Bram needs at least one formation/);
  });
});
