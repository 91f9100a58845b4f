import { describe, expect, it } from 'vitest';
import { bagCounts, formationsAtRoundStart, BagActivation } from '../../src-shared/battle/bag';
import type { BagState } from '../../src-shared/battle/bag';
import { army, setupOf, Table, twoCores } from '../helpers/battle';

/** Tokens in the bag once the Command Phase of the current round is done. */
function tokensNow(t: Table) {
  return bagCounts(formationsAtRoundStart(t.state, t.state.round));
}

function killPatrol(t: Table, objective: number) {
  t.record({ kind: 'mutant.kill', objective, side: 'A', count: 2 });
}

describe('the activation bag [000 §4 step 3], DIGEST 5.3–5.5, 5.11, AMB-18', () => {
  const cases: {
    name: string;
    a: Parameters<typeof army>;
    b: Parameters<typeof army>;
    fled: number[];
    expected: { A: number; B: number; neutral: number; total: number };
  }[] = [
    {
      name: 'one token per formation plus the command group, one neutral per patrol: 3 + 3 + 3',
      a: ['A', twoCores],
      b: ['B', twoCores],
      fled: [],
      expected: { A: 3, B: 3, neutral: 3, total: 9 },
    },
    {
      name: 'a bag of 7: a Heavy has its own token (AMB-18a) and every patrol has fled',
      a: ['A', [...twoCores, { slot: 'heavy', models: 1 }]],
      b: ['B', twoCores],
      fled: [0, 1, 2],
      expected: { A: 4, B: 3, neutral: 0, total: 7 },
    },
    {
      name: 'attached Officers add no token (DIGEST 3.4); two patrols fled: 3 + 2 + 1',
      a: ['A', twoCores, [{ attachedTo: 'A-f1' }, { attachedTo: 'A-f2' }, { attachedTo: null }, { attachedTo: null }]],
      b: ['B', [{ slot: 'core', models: 3 }]],
      fled: [1, 2],
      expected: { A: 3, B: 2, neutral: 1, total: 6 },
    },
    {
      name: '2 neutral tokens when one of three patrols has lost two mutants (DIGEST 4.4)',
      a: ['A', twoCores],
      b: ['B', twoCores],
      fled: [0],
      expected: { A: 3, B: 3, neutral: 2, total: 8 },
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const t = new Table(setupOf(army(...c.a), army(...c.b))).toRoundOne();
      for (const o of c.fled) killPatrol(t, o);
      expect(tokensNow(t)).toEqual(c.expected);
    });
  }

  it('bag of 5: command group, one Core, one Elite (each its own token) against command group and one Core', () => {
    const t = new Table(
      setupOf(
        army('A', [
          { slot: 'core', models: 3 },
          { slot: 'elite', models: 2 },
        ]),
        army('B', [{ slot: 'core', models: 3 }]),
      ),
    ).toRoundOne();
    for (const o of [0, 1, 2]) killPatrol(t, o);
    expect(tokensNow(t).total).toBe(5);
  });

  it('a reserve Skirmisher patrol has no token in round 1 and one from round 2 (AMB-18b)', () => {
    const t = new Table(setupOf(army('A', [...twoCores, { slot: 'skirmisher', models: 3, reserveEligible: true }]), army('B', twoCores))).toRoundOne({
      A: ['A-f3'],
      B: [],
    });
    expect(tokensNow(t).A).toBe(3);
    expect(bagCounts(formationsAtRoundStart(t.state, 2)).A).toBe(4);
  });

  it('refuses a reserve for anything but an eligible Skirmisher patrol (DIGEST 11.1)', () => {
    const t = new Table(setupOf(army('A', twoCores), army('B', twoCores)));
    t.record({ kind: 'setup.scenario', provinceId: 'marsh', campaignGame: 1 });
    t.record({ kind: 'setup.terrain', objectives: 3 });
    t.act({ kind: 'deployment-rolloff' }, [2, 2, 5, 3]);
    expect(t.state.deploymentWinner).toBe('A'); // ties reroll, higher wins (AMB-20)
    expect(() => t.record({ kind: 'setup.deployed', reserves: { A: ['A-f1'], B: [] } })).toThrow(/Skirmisher/);
  });

  it('the command token lasts while the Captain or an unattached Officer is on the table (AMB-18c)', () => {
    const allAttached = [{ attachedTo: 'A-f1' }, { attachedTo: 'A-f2' }, { attachedTo: 'A-f1' }, { attachedTo: 'A-f2' }];
    const t = new Table(setupOf(army('A', twoCores, allAttached), army('B', twoCores))).toRoundOne();
    expect(tokensNow(t).A).toBe(3);
    t.record({ kind: 'record.casualties', side: 'A', formationId: 'A-cmd', killed: 1, retreated: 0, captain: true });
    expect(tokensNow(t).A).toBe(2);

    const u = new Table(
      setupOf(army('A', twoCores, [{ attachedTo: 'A-f1' }, { attachedTo: null }, { attachedTo: 'A-f2' }, { attachedTo: 'A-f2' }]), army('B', twoCores)),
    ).toRoundOne();
    u.record({ kind: 'record.casualties', side: 'A', formationId: 'A-cmd', killed: 1, retreated: 0, captain: true });
    expect(tokensNow(u).A).toBe(3);
    u.record({ kind: 'record.casualties', side: 'A', formationId: 'A-cmd', killed: 0, retreated: 1, officerIds: ['A-o2'] });
    expect(tokensNow(u).A).toBe(2);
  });

  it('a formation wiped out or fully retreated has no token (AMB-18d)', () => {
    const t = new Table(setupOf(army('A', twoCores), army('B', twoCores))).toRoundOne();
    t.record({ kind: 'record.casualties', side: 'A', formationId: 'A-f2', killed: 2, retreated: 1 });
    expect(tokensNow(t).A).toBe(2);
  });

  it('draws every token blind, the owner picks an unactivated formation of that colour, and a draw can be undone', () => {
    const t = new Table(setupOf(army('A', twoCores), army('B', twoCores))).toRoundOne();
    t.record({ kind: 'command.done' });
    expect(t.state.phase).toBe('activations');
    const bag = () => t.state.activation as BagState;
    expect(bag().tokens).toHaveLength(9);
    // token order is A,A,A,B,B,B,n,n,n; a d9 of 4 draws index 3: a B token
    t.act({ kind: 'draw' }, [4]);
    expect(bag().drawn).toBe(1);
    expect(() => t.record({ kind: 'bag.activate', formationId: 'A-f1' })).toThrow(/A-f1 \(A\) is side A’s: the token drawn is side B’s colour/);
    t.record({ kind: 'bag.activate', formationId: 'B-f1' });
    t.act({ kind: 'undo-draw' });
    expect(bag().tokens).toHaveLength(9);
    expect(t.events.filter((e) => e.struck)).toHaveLength(2); // the struck draw and pick stay in the record
    // draw all nine; always take the first index, pick the first eligible formation
    for (let i = 0; i < 9; i++) {
      t.act({ kind: 'draw' }, [1]);
      const turn = BagActivation.turn(bag());
      if (turn.kind === 'choose') t.record({ kind: 'bag.activate', formationId: turn.eligible[0]! });
    }
    expect(bag().activated).toHaveLength(9);
    expect(t.state.phase).toBe('end-of-round');
    expect(() => t.act({ kind: 'draw' }, [1])).toThrow(/no token/);
  });

  it('a token whose colour has nothing left to activate is spent without an activation', () => {
    const t = new Table(setupOf(army('A', twoCores), army('B', twoCores))).toRoundOne();
    t.record({ kind: 'command.done' });
    // patrol 1 is cut down after the bag was filled: 3 neutral tokens, 2 patrols left
    killPatrol(t, 0);
    const bag = () => t.state.activation as BagState;
    expect(bag().tokens.filter((x) => x === 'neutral')).toHaveLength(3);
    for (let i = 0; i < 3; i++) {
      t.act({ kind: 'draw' }, [bag().tokens.length]); // the last token is neutral
      const turn = BagActivation.turn(bag());
      if (turn.kind === 'choose') t.record({ kind: 'bag.activate', formationId: turn.eligible[0]! });
    }
    expect(bag().wasted).toBe(1);
  });
});
