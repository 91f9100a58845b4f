import { describe, expect, it } from 'vitest';
import { battleTotals } from '../../src-shared/battle/summary';
import { BATTLE_RULES } from '../fixtures/battle-rules';
import { army, reportText, setupOf, Table, twoCores } from '../helpers/battle';

/**
 * Issue 34 item 3: "Trophies' effects appear in … the battle report, which lists the trophies claimed and used."
 * Field Manual §10: a trophy won is used now or retained for the campaign; a retained one is used once in a later battle.
 */
describe('the battle report lists the trophies claimed and used, each with its effect', () => {
  /** Round two with the first creature on the table (15 Wounds), as battle-round.test.ts spawns it. */
  function withCryptid() {
    const t = new Table(setupOf(army('A', twoCores), army('B', twoCores), 3), BATTLE_RULES).toRoundOne();
    t.record({ kind: 'command.done' });
    t.drawAll();
    t.act({ kind: 'end-round', holders: [null, null, null] });
    t.record({ kind: 'command.done' });
    t.act({ kind: 'resolve-event' }, [1, 1]);
    t.act({ kind: 'cryptid-act', engaged: false }, [3, 3, 5, 2, 4]);
    return t;
  }
  const effects = { 'ash-wight-trophy': 'One use: ignore one unsaved Wound on the bearer.', 'old-heart': 'One use: +1 to Hit for one melee attack.' };

  it('a trophy claimed and banked, and a banked trophy used, each on its row with the pack’s effect', () => {
    const t = withCryptid();
    t.record({ kind: 'cryptid.wound', side: 'A', formationId: 'A-f2', attack: 'melee', amount: 15 });
    t.record({ kind: 'cryptid.trophy', side: 'A', formationId: 'A-f2', disposition: 'banked' });
    t.record({ kind: 'record.trophyUsed', side: 'B', trophyId: 'old-heart', trophyName: 'Old Heart' });
    const text = reportText(t, battleTotals(t.state, t.rules), 'b', { trophyEffects: effects });
    const claimedName = t.state.sides.A.formations.find((f) => f.id === 'A-f2')!.name;
    expect(text).toContain('"Trophies"');
    // the table's rows, in order: side, trophy, what happened, effect
    const row = (cells: string[]) => cells.map((c) => JSON.stringify(c)).join(',');
    expect(text).toContain(
      row(['A', t.state.sides.A.trophies[0]!.trophyName, `claimed by ${claimedName}, banked for the campaign`, effects['ash-wight-trophy']]),
    );
    expect(text).toContain(row(['B', 'Old Heart', 'banked earlier, used in this battle', effects['old-heart']]));
    expect(text).not.toContain('None claimed or used.');
  });

  it('a trophy used at once says so; none at all says none; an effect the pack lacks is a dash', () => {
    const quiet = withCryptid();
    expect(reportText(quiet, battleTotals(quiet.state, quiet.rules))).toContain('None claimed or used.');
    const t = withCryptid();
    t.record({ kind: 'cryptid.wound', side: 'B', formationId: 'B-f1', attack: 'ranged', amount: 15 });
    t.record({ kind: 'cryptid.trophy', side: 'B', formationId: 'B-f1', disposition: 'used' });
    const text = reportText(t, battleTotals(t.state, t.rules));
    expect(text).toMatch(/"B","[^"]+","claimed by [^"]+, used at once","—"/);
  });
});
