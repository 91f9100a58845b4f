import { describe, expect, it } from 'vitest';
import { cryptidTurn } from '../../src-shared/battle/cryptid';
import { army, setupOf, Table, twoCores } from '../helpers/battle';
import { CRYPTID_NUMBERS } from '../fixtures/battle-rules';

/**
 * Cryptids in Play Mode (DIGEST 13.9–13.13, AMB-04, AMB-05):
 * "Storm damage and Instability go to no one" (AMB-04), yet every Wound lost counts towards Enraged at half its
 * starting Wounds (AMB-05); a Cryptid Die "rerolls one eligible failed Hit, Wound or Save against a cryptid" (13.13).
 */
function missionThreeCryptid() {
  const t = new Table(setupOf(army('A', twoCores), army('B', twoCores), 3)).toRoundOne();
  t.quietRound();
  t.record({ kind: 'command.done' });
  t.act({ kind: 'resolve-event' }, [1, 1]); // guaranteed cryptid: the first creature, standard class
  return t;
}

describe('uncredited damage counts for Enraged but for no company (AMB-04, AMB-05)', () => {
  it(`${CRYPTID_NUMBERS.standardWounds} Wounds, 8 from the storm: 7 left, Enraged, nobody credited`, () => {
    const t = missionThreeCryptid();
    t.record({ kind: 'cryptid.wound', side: null, formationId: null, attack: 'other', amount: 8 });
    expect(t.state.cryptid).toMatchObject({ remaining: CRYPTID_NUMBERS.standardWounds - 8, enraged: true, credited: { A: 0, B: 0 } });
    expect(t.state.rounds[1]!.cryptid!.woundsTaken).toBe(8);
  });
});

describe('a Cryptid Die is spent only while a cryptid is on the table (DIGEST 13.13)', () => {
  it('refused before the cryptid comes, and nothing is written; taken while it is on the table', () => {
    const t = new Table(setupOf(army('A', twoCores), army('B', twoCores), 1)).toRoundOne();
    const n = t.events.length;
    expect(() => t.record({ kind: 'record.cryptidDie', side: 'A', dieId: 'die-1' })).toThrow(/while a cryptid is on the table/);
    expect(t.events).toHaveLength(n);
    const u = missionThreeCryptid();
    u.record({ kind: 'record.cryptidDie', side: 'A', dieId: 'die-1' });
    expect(u.state.sides.A.cryptidDiceSpent).toEqual(['die-1']);
  });

  it('refused once the cryptid is defeated', () => {
    const t = missionThreeCryptid();
    t.record({ kind: 'cryptid.wound', side: 'A', formationId: 'A-f1', attack: 'melee', amount: CRYPTID_NUMBERS.standardWounds });
    expect(t.state.cryptid!.defeated).toBe(true);
    expect(() => t.record({ kind: 'record.cryptidDie', side: 'A', dieId: 'die-1' })).toThrow(/while a cryptid is on the table/);
  });
});

describe('the cryptid’s turn is the engine’s decision [001 L41, DIGEST 13.6–13.7]', () => {
  // [001 L41] "Do not reroll its target while it is engaged in melee. It attacks first in the existing combat."
  it.each([
    ['engaged, calm', true, false, { rollsTarget: false, rollsBehaviour: false, strikesFirst: true, attacks: 3 }],
    ['engaged, Enraged: its listed attacks and the Enraged one', true, true, { rollsTarget: false, rollsBehaviour: false, strikesFirst: true, attacks: 4 }],
    [
      'unengaged: target roll-off and behaviour D6, no first strike',
      false,
      false,
      { rollsTarget: true, rollsBehaviour: true, strikesFirst: false, attacks: 3 },
    ],
  ] as const)('%s', (_, engaged, enraged, turn) => {
    expect(cryptidTurn(engaged, { enraged }, 3, 1)).toEqual(turn);
  });

  it('an engaged cryptid’s turn is recorded as striking first; an unengaged one’s is not', () => {
    const t = new Table(setupOf(army('A', twoCores), army('B', twoCores), 3)).toRoundOne().quietRound();
    t.record({ kind: 'command.done' });
    t.act({ kind: 'resolve-event' }, [1, 1]);
    t.act({ kind: 'cryptid-act', engaged: true });
    expect(t.state.cryptid!.strikesFirst).toBe(true);
  });
});
