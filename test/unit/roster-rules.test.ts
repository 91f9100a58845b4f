import { describe, expect, it } from 'vitest';
import { FORMATION_RULES, ROSTER_RULES } from '../../src-shared/roster/rules';

/** The validator is a list of named rules, each citing the Field Manual section it enforces. */
describe('roster rules are named and cited', () => {
  const all = [...ROSTER_RULES, ...FORMATION_RULES];

  it.each(all.map((r) => [r.id, r]))('%s has an id and cites a Field Manual section', (_id, rule) => {
    expect(rule.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(rule.cites).toMatch(/^Field Manual §\d+/);
    expect(typeof rule.check).toBe('function');
  });

  it('no two rules share an id', () => {
    const ids = all.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('every formation slot has its count-and-size rule, in the Field Manual’s step order (§2 steps 2–5)', () => {
    const slotRules = ROSTER_RULES.filter((r) => /§2 step [2-5]$/.test(r.cites));
    expect(slotRules.map((r) => [r.id, r.cites])).toEqual([
      ['core-squads', 'Field Manual §2 step 2'],
      ['elite-squads', 'Field Manual §2 step 3'],
      ['skirmisher-patrols', 'Field Manual §2 step 4'],
      ['heavies', 'Field Manual §2 step 5'],
    ]);
  });
});
