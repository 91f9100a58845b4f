import { describe, expect, it } from 'vitest';
import { lastSideStanding, resultOfEarlyEnd } from '../../src-shared/battle/last-retinue';
import { moduleBattle } from '../helpers/alternating-battle';
import { army, setupOf, Table, twoCores } from '../helpers/battle';
import { SEED_003_T9 } from '../fixtures/seed-003-module';

/** [003 L24] "The battle ends immediately when only one retinue has fighters remaining on the battlefield … The remaining retinue wins." */
describe(`the module's early end (DIGEST §23 T9: ${SEED_003_T9})`, () => {
  /** A: command group 5 (Captain and 4 Officers) + Core 5 + Core 3. */
  /** Every model of A is lost, the second Core squad last; returns the events of that last loss. */
  const wipeA = (t: Table, last: { killed: number; retreated: number } = { killed: 3, retreated: 0 }) => {
    t.record({ kind: 'record.casualties', side: 'A', formationId: 'A-f1', killed: 5, retreated: 0 });
    t.record({
      kind: 'record.casualties',
      side: 'A',
      formationId: 'A-cmd',
      killed: 5,
      retreated: 0,
      captain: true,
      officerIds: ['A-o1', 'A-o2', 'A-o3', 'A-o4'],
    });
    expect(t.state.phase).not.toBe('over');
    return t.record({ kind: 'record.casualties', side: 'A', formationId: 'A-f2', ...last });
  };

  it.each([
    ['killed', { killed: 3, retreated: 0 }],
    ['fled the battlefield (retreated)', { killed: 1, retreated: 2 }],
  ])('the last of A’s models %s: the battle is over at once, B wins', (_how, last) => {
    const t = moduleBattle();
    wipeA(t, last);
    expect(t.state.phase).toBe('over');
    expect(t.state.endedEarly).toEqual({ round: 1, winner: 'B' });
    expect(resultOfEarlyEnd(t.state)).toBe('loss');
    expect(t.state.rounds[0]!.endedAt).not.toBeNull();
  });

  it('while both sides have models on the table, nobody is last standing', () => {
    const t = moduleBattle();
    t.record({ kind: 'record.casualties', side: 'A', formationId: 'A-f1', killed: 5, retreated: 0 });
    expect(lastSideStanding(t.state)).toBeNull();
  });

  it('never applied implicitly to standard Age of Ash (AMB-S1): the bag game plays on', () => {
    const t = new Table(setupOf(army('A', twoCores), army('B', twoCores), null)).toRoundOne();
    wipeA(t);
    expect(t.state.phase).not.toBe('over');
    expect(t.state.endedEarly).toBeNull();
  });

  it('undo: striking the last loss puts the battle back where it was', () => {
    const t = moduleBattle();
    const [last] = wipeA(t);
    t.act({ kind: 'strike', eventId: last!.id });
    expect(t.state.endedEarly).toBeNull();
    expect(t.state.phase).toBe('activations');
  });
});
