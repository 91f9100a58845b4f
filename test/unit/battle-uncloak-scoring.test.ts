import { describe, expect, it } from 'vitest';
import { victoryPoints } from '../../src-shared/battle/reducer';
import { battleEventBodySchema } from '../../src-shared/battle/events.schema';
import { bareHolderRefusal, holderFormations, holderSide, holdingRefusal, holderRefusal } from '../../src-shared/battle/uncloak';
import { BATTLE_RULES } from '../fixtures/battle-rules';
import { battleTotals } from '../../src-shared/battle/summary';
import { army, reportText, setupOf, Table } from '../helpers/battle';

/**
 * [000 §7 step 3, L120] "Uncloak uses its Movement; the patrol may shoot, though it cannot move again, charge or score on the
 * arrival round." DIGEST 11.3; AMB-36: "A patrol that never arrives stays in reserve. … it cannot score."
 */

/** A: command, a Core squad (A-f1) and a 3-model Skirmisher patrol in reserve (A-f2); objective 1 cleared in round 1. */
function battle() {
  const t = new Table(
    setupOf(
      army('A', [
        { slot: 'core', models: 5 },
        { slot: 'skirmisher', models: 3, reserveEligible: true },
      ]),
      army('B', [{ slot: 'core', models: 5 }]),
    ),
  ).toRoundOne({ A: ['A-f2'], B: [] });
  t.record({ kind: 'mutant.kill', objective: 0, side: 'A', count: 3 });
  t.record({ kind: 'command.done' });
  t.drawAll();
  t.act({ kind: 'end-round', holders: [null, null, null] });
  t.record({ kind: 'command.done' });
  t.act({ kind: 'resolve-event' }, [12, 1, 1]); // a storm: no cryptid step
  return t;
}

describe('holding an objective: who may score it at the end of a round [000 L120, AMB-36]', () => {
  it.each([
    ['a patrol still in reserve', { inReserve: true, uncloakedRound: null, killed: 0 }, 2, /still in reserve: a patrol that never arrives cannot score/],
    ['a patrol that uncloaked this round', { inReserve: false, uncloakedRound: 2, killed: 0 }, 2, /uncloaked this round: it cannot score on its arrival round/],
    ['a patrol that uncloaked the round before', { inReserve: false, uncloakedRound: 2, killed: 0 }, 3, null],
    ['a squad that never was in reserve', { inReserve: false, uncloakedRound: null, killed: 0 }, 2, null],
    ['a squad with no model left', { inReserve: false, uncloakedRound: null, killed: 3 }, 2, /Patrol \(Ana\) was destroyed: it cannot hold an objective/],
  ] as const)('%s', (_, f, round, refusal) => {
    const s = {
      round,
      phase: 'end-of-round',
      setup: { sides: [{ playerName: 'Ana' }, { playerName: 'Bo' }] },
      sides: {
        A: { formations: [{ id: 'p', name: 'Patrol', startingModels: 3, retreated: 0, ...f }] },
        B: { formations: [] },
      },
    } as unknown as Parameters<typeof holdingRefusal>[0];
    const why = holdingRefusal(s, 'A', 'p');
    if (refusal === null) expect(why).toBeNull();
    else expect(why).toMatch(refusal);
  });

  it('reads both shapes of a holder: a bare side (older records) and a side with its formations', () => {
    expect([null, 'A', { side: 'B', formationIds: ['x'] }].map((h) => [holderSide(h as never), holderFormations(h as never)])).toEqual([
      [null, []],
      ['A', []],
      ['B', ['x']],
    ]);
    expect(holderRefusal({ round: 2, sides: { A: { formations: [] }, B: { formations: [] } } } as never, { side: 'A', formationIds: ['q', 'q'] })).toMatch(
      /once/,
    );
  });
});

describe('the end of the round refuses an arrival-round patrol as a holder, and writes nothing [000 L120]', () => {
  it('round 2: the uncloaked patrol cannot score; the Core squad can; round 3 the patrol can', () => {
    const t = battle();
    t.record({ kind: 'uncloak', side: 'A', formationId: 'A-f2' });
    t.drawAll();
    const before = t.events.length;
    expect(() => t.act({ kind: 'end-round', holders: [{ side: 'A', formationIds: ['A-f2'] }, null, null] }, [1, 1])).toThrow(
      /Objective 1: A-f2 \(A\) uncloaked this round: it cannot score on its arrival round/,
    );
    expect(t.events).toHaveLength(before);
    t.act({ kind: 'end-round', holders: [{ side: 'A', formationIds: ['A-f1'] }, null, null] }, [1, 1]);
    expect(t.state.rounds[1]!.holders).toEqual(['A', null, null]);
    expect(t.state.rounds[1]!.holding).toEqual([['A-f1'], [], []]);
    expect(victoryPoints(t.state, BATTLE_RULES)).toEqual({ A: 1, B: 0 });

    t.record({ kind: 'command.done' });
    t.drawAll();
    t.act({ kind: 'end-round', holders: [{ side: 'A', formationIds: ['A-f2'] }, null, null] }, [1, 1]);
    expect(victoryPoints(t.state, BATTLE_RULES)).toEqual({ A: 2, B: 0 });
  });

  it('a patrol that never arrived cannot score either (AMB-36)', () => {
    const t = battle();
    t.drawAll();
    expect(() => t.act({ kind: 'end-round', holders: [{ side: 'A', formationIds: ['A-f2'] }, null, null] }, [1, 1])).toThrow(/still in reserve/);
  });

  it('a new round end may not credit a bare side while a patrol of it arrived this round: it names the formations', () => {
    const t = battle();
    t.record({ kind: 'uncloak', side: 'A', formationId: 'A-f2' });
    t.drawAll();
    const before = t.events.length;
    expect(() => t.act({ kind: 'end-round', holders: ['A', null, null] }, [1, 1])).toThrow(
      /Objective 1: Name the formations holding it: A-f2 uncloaked this round and cannot score/,
    );
    expect(t.events).toHaveLength(before);
    expect(bareHolderRefusal(t.state, 'B')).toBeNull();
    expect(bareHolderRefusal(t.state, null)).toBeNull();
  });

  it('a round end recorded before the formations were named (a bare side) still replays', () => {
    const t = battle();
    t.record({ kind: 'uncloak', side: 'A', formationId: 'A-f2' });
    t.drawAll();
    // the event as an older version wrote it, replayed past the new event's check
    const body = battleEventBodySchema.parse({ kind: 'round.end', holders: ['A', null, null], stormScatter: { inches: 1, direction: 1 } });
    t.events.push({ id: 'old', at: '2026-11-30T21:00:00.000Z', struck: false, body });
    expect(t.state.round).toBe(3);
    expect(t.state.rounds[1]!.holding).toEqual([[], [], []]);
    expect(victoryPoints(t.state, BATTLE_RULES)).toEqual({ A: 1, B: 0 });
  });

  it('the battle report names the holding formations and the uncloaked patrol, and Overcharge with its formation', () => {
    const t = battle();
    t.record({ kind: 'uncloak', side: 'A', formationId: 'A-f2' });
    t.record({ kind: 'gambit', side: 'A', gambitId: 'overcharge', formationId: 'A-cmd' });
    t.drawAll();
    t.act({ kind: 'end-round', holders: [{ side: 'A', formationIds: ['A-f1'] }, null, null] }, [1, 1]);
    const totals = battleTotals(t.state, BATTLE_RULES);
    expect(totals.holding).toEqual([{ round: 2, objective: 1, side: 'A', formations: ['A-f1'] }]);
    expect(totals.uncloaks).toEqual([{ round: 2, side: 'A', name: 'A-f2' }]);
    expect(totals.gambitUses).toEqual([{ round: 2, side: 'A', gambit: 'Overcharge', formation: 'A-cmd' }]);
    const text = reportText(t, totals);
    expect(text).toContain('holds objective 1 (A-f1)');
    expect(text).toContain('A-f2 uncloaks: it cannot score this round');
  });
});
