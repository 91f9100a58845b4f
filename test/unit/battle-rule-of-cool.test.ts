import { describe, expect, it } from 'vitest';
import { ruleOfCoolBands, ruleOfCoolOdds, ruleOfCoolOutcome } from '../../src-shared/battle/rule-of-cool';
import { battleTotals } from '../../src-shared/battle/summary';
import { BATTLE_RULES } from '../fixtures/battle-rules';
import { army, reportText, setupOf, Table, twoCores } from '../helpers/battle';

/**
 * [000 §8 L135] "Once per match, a Captain or Officer may attempt a physically plausible improvised Rule of Cool stunt
 * … Roll D20; natural 1 critically fails and inflicts 2 Wounds on the initiator. For improvised damage, results 2-5
 * grant +1, 6-10 grant +2, 11-15 grant +3, 16-19 grant +4 and natural 20 grant +6 Damage … For other dramatic effects
 * use 11+ as the provisional standard success threshold; exceptional command extensions need 16+. Movement stunts on a
 * success grant D6 additional inches, and a natural 20 may use the fighter's maximum normal movement plus that D6. A
 * defender can use a valid defensive Field Gambit or its own unspent Rule of Cool in response."
 * DIGEST AMB-15: one attempt per player per match; a dead initiator cannot attempt it.
 */
const R = BATTLE_RULES.ruleOfCool;

describe('what a D20 gives [000 §8]', () => {
  it.each([
    // d20, category, moveD6, band, success, critical, initiator wounds, damage bonus, extra inches, maximum move
    [1, 'damage', null, '1', false, true, 2, 0, 0, false],
    [1, 'movement', null, '1', false, true, 2, 0, 0, false],
    [2, 'damage', null, '2–5', true, false, 0, 1, 0, false],
    [5, 'damage', null, '2–5', true, false, 0, 1, 0, false],
    [6, 'damage', null, '6–10', true, false, 0, 2, 0, false],
    [11, 'damage', null, '11–15', true, false, 0, 3, 0, false],
    [19, 'damage', null, '16–19', true, false, 0, 4, 0, false],
    [20, 'damage', null, '20', true, false, 0, 6, 0, false],
    [10, 'dramatic', null, '6–10', false, false, 0, 0, 0, false],
    [11, 'dramatic', null, '11–15', true, false, 0, 0, 0, false],
    [15, 'exceptional', null, '11–15', false, false, 0, 0, 0, false],
    [16, 'exceptional', null, '16–19', true, false, 0, 0, 0, false],
    [10, 'movement', null, '6–10', false, false, 0, 0, 0, false],
    [12, 'movement', 4, '11–15', true, false, 0, 0, 4, false],
    [20, 'movement', 3, '20', true, false, 0, 0, 3, true],
  ] as const)(
    'D20 %i, %s stunt (D6 %s): band %s, success %s',
    (d20, category, moveD6, band, success, criticalFailure, initiatorWounds, damageBonus, extraInches, maximumMove) => {
      expect(ruleOfCoolOutcome(R, category, d20, moveD6)).toEqual({ band, success, criticalFailure, initiatorWounds, damageBonus, extraInches, maximumMove });
    },
  );

  it('the bands in order for the report: the critical failure, then the damage bands', () => {
    expect(ruleOfCoolBands(R)).toEqual(['1', '2–5', '6–10', '11–15', '16–19', '20']);
  });
});

describe('exact odds, checked by enumerating the twenty faces', () => {
  /** The oracle: each face written out from the Field Manual's line. */
  const bonusOfFace = (d: number): number => (d === 1 ? 0 : d <= 5 ? 1 : d <= 10 ? 2 : d <= 15 ? 3 : d <= 19 ? 4 : 6);
  it('a damage stunt: expected bonus 51/20 (DIGEST PROB-23), every band by its faces', () => {
    const faces = Array.from({ length: 20 }, (_, i) => bonusOfFace(i + 1));
    const odds = ruleOfCoolOdds(R, 'damage');
    expect(odds.expectedBonusTwentieths).toBe(faces.reduce((a, b) => a + b, 0));
    expect(odds.expectedBonusTwentieths).toBe(51);
    expect(odds.bonusWays).toEqual([0, 1, 2, 3, 4, 6].map((b) => [b, faces.filter((x) => x === b).length]));
    expect(odds.success).toBe(19 / 20);
  });
  it.each([
    ['dramatic', 10 / 20],
    ['exceptional', 5 / 20],
    ['movement', 10 / 20],
  ] as const)('%s succeeds with probability %d', (category, p) => {
    const faces = Array.from({ length: 20 }, (_, i) => i + 1).filter((d) => d >= (category === 'exceptional' ? 16 : 11));
    expect(ruleOfCoolOdds(R, category).success).toBe(faces.length / 20);
    expect(ruleOfCoolOdds(R, category).success).toBe(p);
  });
});

describe('in the battle record: once per match per side, by a living Captain or Officer (AMB-15)', () => {
  const table = () => new Table(setupOf(army('A', twoCores), army('B', twoCores))).toRoundOne();
  const attempt = (side: 'A' | 'B', extra: Partial<{ officerId: string | null; category: 'damage' | 'movement' | 'dramatic'; agreed: string }> = {}) => ({
    kind: 'rule-of-cool' as const,
    side,
    officerId: extra.officerId ?? null,
    category: extra.category ?? ('damage' as const),
    agreed: extra.agreed ?? 'kicks the brazier onto the squad',
  });

  it('the app rolls the D20; the attempt, category, roll and outcome are recorded; a second is refused and nothing is written', () => {
    const t = table();
    t.act(attempt('A'), [14]);
    expect(t.events[t.events.length - 1]!.body).toMatchObject({ kind: 'rule.cool', d20: 14, moveD6: null, entered: false, category: 'damage' });
    expect(t.state.rounds[0]!.rulesOfCool).toEqual([
      expect.objectContaining({ side: 'A', initiator: 'the Captain', d20: 14, band: '11–15', damageBonus: 3, success: true }),
    ]);
    const n = t.events.length;
    expect(() => t.act(attempt('A', { officerId: 'A-o1' }), [20])).toThrow(/already attempted their Rule of Cool in round 1: once per match/);
    expect(t.events).toHaveLength(n);
    // the other player still has theirs, as a response
    t.act({ ...attempt('B', { officerId: 'B-o2' }), response: true }, [1]);
    expect(t.state.rounds[0]!.rulesOfCool[1]).toMatchObject({ initiator: 'Officer 2', response: true, criticalFailure: true, initiatorWounds: 2 });
  });

  it('a movement stunt rolls its D6 only on a success; entered rolls are taken as they are', () => {
    const t = table();
    t.act({ ...attempt('A', { category: 'movement' }), d20: 20, moveD6: 5 });
    expect(t.state.rounds[0]!.rulesOfCool[0]).toMatchObject({ extraInches: 5, maximumMove: true });
    expect(t.events[t.events.length - 1]!.body).toMatchObject({ entered: true });
    t.act(attempt('B', { category: 'movement' }), [7]); // failed: no D6 rolled (the scripted dice would run out)
    expect(t.state.rounds[0]!.rulesOfCool[1]).toMatchObject({ success: false, extraInches: 0 });
  });

  it('a dead initiator cannot attempt it; an agreed result is required', () => {
    const t = table();
    t.record({ kind: 'record.casualties', side: 'A', formationId: 'A-cmd', killed: 1, retreated: 0, captain: true });
    expect(() => t.act(attempt('A'), [10])).toThrow(/The Captain has fallen/);
    t.record({ kind: 'record.casualties', side: 'A', formationId: 'A-cmd', killed: 1, retreated: 0, officerIds: ['A-o1'] });
    expect(() => t.act(attempt('A', { officerId: 'A-o1' }), [10])).toThrow(/Officer 1 has fallen/);
    expect(() => t.act(attempt('A', { officerId: 'A-o2', agreed: '  ' }), [10])).toThrow(/agree/);
    t.act(attempt('A', { officerId: 'A-o2' }), [10]);
  });

  it('undo: striking the attempt gives the player their Rule of Cool back', () => {
    const t = table();
    const [ev] = t.act(attempt('A'), [3]);
    t.act({ kind: 'strike', eventId: ev!.id, reason: 'wrong player' });
    expect(t.state.sides.A.ruleOfCoolRound).toBeNull();
    t.act(attempt('A'), [4]);
  });

  it('the battle report lists each attempt with its outcome', () => {
    const t = table();
    t.act(attempt('A'), [20]);
    const totals = battleTotals(t.state, BATTLE_RULES);
    expect(totals.rulesOfCool).toEqual([
      {
        round: 1,
        side: 'A',
        initiator: 'the Captain',
        category: 'damage',
        agreed: 'kicks the brazier onto the squad',
        d20: 20,
        band: '20',
        result: '+6 Damage',
      },
    ]);
    const report = reportText(t, totals);
    expect(report).toContain('["1","A","the Captain","damage","kicks the brazier onto the squad","20","+6 Damage"]');
  });
});
