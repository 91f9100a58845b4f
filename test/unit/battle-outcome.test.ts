import { describe, expect, it } from 'vitest';
import { buildOutcome } from '../../src-shared/battle/build-outcome';
import { battleTotals } from '../../src-shared/battle/summary';
import { army, setupOf, Table, twoCores } from '../helpers/battle';

function playOut(t: Table) {
  for (let r = t.state.round; r <= 5; r++) {
    if (t.state.phase === 'command') t.record({ kind: 'command.done' });
    if (t.state.phase === 'event') t.act({ kind: 'resolve-event' }, [1, 1, 1]); // D20 1: cryptid, first creature, centre
    if (t.state.phase === 'cryptid') t.act({ kind: 'cryptid-act', engaged: false }, [1, 2, 1]);
    t.drawAll();
    t.act({ kind: 'end-round', holders: [r >= 2 ? 'B' : null, null, null] });
  }
}

describe('the outcome record built from a battle (outcome.ts), DIGEST 16.3, AMB-04, AMB-26', () => {
  it('survivors count retreated fighters, a wiped-out formation has none, cryptid Wounds are credited per formation', () => {
    const t = new Table(setupOf(army('A', twoCores), army('B', twoCores))).toRoundOne();
    t.record({ kind: 'mutant.kill', objective: 0, side: 'B', count: 2 });
    t.record({ kind: 'mutant.kill', objective: 1, side: 'A', count: 1 });
    t.record({ kind: 'record.casualties', side: 'A', formationId: 'A-f1', killed: 3, retreated: 1 }); // 5 models: 1 left
    t.record({ kind: 'record.casualties', side: 'A', formationId: 'A-f2', killed: 3, retreated: 0 }); // wiped out
    t.record({ kind: 'record.casualties', side: 'B', formationId: 'B-cmd', killed: 1, retreated: 0, captain: true });
    t.quietRound();
    t.record({ kind: 'command.done' });
    t.act({ kind: 'resolve-event' }, [4, 3, 5]); // D20 4: cryptid; D6 3: second creature; D6 5: right edge
    t.act({ kind: 'cryptid-act', engaged: false }, [6, 1, 3]);
    t.record({ kind: 'cryptid.wound', side: 'B', formationId: 'B-f1', attack: 'melee', amount: 6 });
    playOut(t);
    const o = buildOutcome(t.state, t.rules, 'loss');
    expect(o.sides.map((s) => s.result)).toEqual(['loss', 'win']);
    expect(o.mutantsInScenario).toBe(9);
    expect(o.sides[0].mutantKills).toBe(1);
    expect(o.sides[1]).toMatchObject({ mutantKills: 2, victoryPoints: 4 });
    expect(o.sides[0].formations.find((f) => f.formationId === 'A-f1')).toMatchObject({ startingModels: 5, survivors: 2, retreated: 1 });
    expect(o.sides[0].formations.find((f) => f.formationId === 'A-f2')).toMatchObject({ survivors: 0 });
    expect(o.sides[1].formations.find((f) => f.formationId === 'B-cmd')).toMatchObject({ startingModels: 5, survivors: 4 });
    expect(o.sides[1].formations.find((f) => f.formationId === 'B-f1')!.cryptidWounds).toBe(6);
    expect(o.cryptid).toEqual({ cryptidId: 'bog-hound', startingWounds: 15, defeated: false });
  });

  it('a struck entry stays in the record but no longer counts (corrections are new events)', () => {
    const t = new Table(setupOf(army('A', twoCores), army('B', twoCores))).toRoundOne();
    const [wrong] = t.record({ kind: 'record.wounds', side: 'A', formationId: 'A-f1', attack: 'ranged', amount: 4 });
    t.record({ kind: 'record.wounds', side: 'A', formationId: 'A-f1', attack: 'melee', amount: 2 });
    t.act({ kind: 'strike', eventId: wrong!.id, reason: 'it was melee' });
    const totals = battleTotals(t.state, t.rules);
    expect(totals.ranged.A).toBe(0);
    expect(totals.melee.A).toBe(2);
    expect(t.events.find((e) => e.id === wrong!.id)!.struck).toBe(true);
    expect(() => t.act({ kind: 'strike', eventId: wrong!.id })).toThrow(/already struck/);
    const scenario = t.events[0]!;
    expect(() => t.act({ kind: 'strike', eventId: scenario.id })).toThrow(/stay in the record/);
  });
});
