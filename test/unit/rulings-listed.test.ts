// Issue 17 point 6: 'Reports and PDFs list every ruling a campaign or battle used that differs from the default
// (DIGEST product decision 2)'. The wording is the Rulings panel's own.
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULE_OPTIONS, rulingsDifferingFromDefault, rulingsSentence } from '../../src-shared/ruleset/options';
import { battleTotals } from '../../src-shared/battle/summary';
import { army, reportText, setupOf, Table, twoCores } from '../helpers/battle';
import { BATTLE_RULES } from '../fixtures/battle-rules';

describe('the rulings that differ from the default, in the Rulings panel’s words', () => {
  it('none at the defaults', () => {
    expect(rulingsDifferingFromDefault(DEFAULT_RULE_OPTIONS)).toEqual([]);
    expect(rulingsSentence(DEFAULT_RULE_OPTIONS)).toBe('Every ruling at its default.');
  });
  it('each changed one, by its label and its choice', () => {
    const options = { ...DEFAULT_RULE_OPTIONS, crossoverConsumesTrophies: true, explosionSaves: 'saves-allowed' as const };
    expect(rulingsDifferingFromDefault(options)).toHaveLength(2);
    expect(rulingsSentence(options)).toMatch(/^Rulings differing from the default: .*Trophies in crossover games: Spent/);
  });
  it('the battle report says which rulings the battle was played under', () => {
    const t = new Table(setupOf(army('A', twoCores), army('B', twoCores))).toRoundOne();
    const report = (options: typeof DEFAULT_RULE_OPTIONS) => reportText(t, battleTotals(t.state, BATTLE_RULES), 'b', { options });
    expect(report(DEFAULT_RULE_OPTIONS)).toContain('Every ruling at its default.');
    expect(report({ ...DEFAULT_RULE_OPTIONS, latchRout: true })).toContain('Rulings differing from the default: Routing status (module): Latched.');
  });
});
