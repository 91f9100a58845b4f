import { describe, expect, it } from 'vitest';
import { battleTotals } from '../../src-shared/battle/summary';
import { BATTLE_RULES } from '../fixtures/battle-rules';
import { army, reportText, setupOf, Table, twoCores } from '../helpers/battle';

/**
 * What the odds drawer resolves is recorded, wounds to friends included: "every Hit die that finally misses … hits a
 * friendly model in that combat" when shooting into an allied melee (DIGEST 6.13, PROB-06: 1/3 of a Hit 3+ shot).
 */
describe('Wounds to the attacker’s own side are recorded apart from those dealt to the enemy', () => {
  it('they do not count as Wounds dealt, and the battle report shows them per side', () => {
    const t = new Table(setupOf(army('A', twoCores), army('B', twoCores))).toRoundOne();
    t.record({ kind: 'record.wounds', side: 'A', formationId: 'A-f1', attack: 'ranged', amount: 3 });
    t.record({ kind: 'record.wounds', side: 'A', formationId: 'A-f1', attack: 'ranged', amount: 2, friendly: true });
    const totals = battleTotals(t.state, BATTLE_RULES);
    expect(totals.ranged).toEqual({ A: 3, B: 0 });
    expect(totals.friendly).toEqual({ A: 2, B: 0 });
    expect(totals.lines[0]!.friendly).toEqual({ A: 2, B: 0 });
    expect(t.state.rounds[0]!.friendlyWounds).toEqual([{ side: 'A', formationId: 'A-f1', amount: 2 }]);
    const report = reportText(t, totals);
    expect(report).toContain('["Wounds to own side (into an allied melee)","2","0"]');
  });

  it('an older wounds event without the flag counts against the enemy', () => {
    const t = new Table(setupOf(army('A', twoCores), army('B', twoCores))).toRoundOne();
    t.record({ kind: 'record.wounds', side: 'B', formationId: 'B-f2', attack: 'melee', amount: 4 });
    expect(battleTotals(t.state, BATTLE_RULES)).toMatchObject({ melee: { A: 0, B: 4 }, friendly: { A: 0, B: 0 } });
  });
});
