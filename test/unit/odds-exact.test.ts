import { describe, expect, it } from 'vitest';
import { computeOdds } from '../../src-shared/odds/exact';
import { add, fracToString, ONE, ZERO, type Fraction } from '../../src-shared/odds/fraction';
import { attackSpecSchema, type AttackSpecInput } from '../../src-shared/odds/spec';
import { d20WoundsExpected, d6Pass, ruleOfCoolExpectedBonus, stormWoundWithProtection } from '../../src-shared/odds/tables';
import { effectiveTargets, woundBand } from '../../src-shared/odds/targets';
import {
  CHAOTIC_INSTABILITY_BANDS,
  CHAOTIC_INSTABILITY_EXPECTED,
  DIGEST_PROBABILITIES,
  IRON_EDICT_SAVE_2,
  PROB_06_MISS,
  RALLY_PER_ATTACK,
  RULE_OF_COOL_BANDS,
  RULE_OF_COOL_EXPECTED,
  SECOND_CHANCE_HIT,
  STORM_PROTECTION,
  PROB01_SPEC,
} from '../fixtures/digest-probabilities';

const s = fracToString;
const base = PROB01_SPEC;
const total = (ps: Fraction[]) => ps.reduce(add, ZERO);

describe('DIGEST §6.21 reference probabilities, exactly', () => {
  it.each(DIGEST_PROBABILITIES)('$id: $digest → P(any) $pAny, E $expected', (v) => {
    const r = computeOdds(v.spec);
    expect(s(r.pAny)).toBe(v.pAny);
    expect(s(r.expected)).toBe(v.expected);
    if (v.selfExpected) expect(s(r.selfExpected!)).toBe(v.selfExpected);
    expect(total(r.damage.map((e) => e.p))).toEqual(ONE);
  });

  it('Rally the Lost per unsaved attack (DIGEST AMB-11): P(any) 120/864, same expectation', () => {
    const r = computeOdds({
      ...RALLY_PER_ATTACK.spec,
      options: {
        steadyFire: 'one-die',
        secondChanceScope: 'hit-or-wound',
        rallyTheLost: 'per-attack',
        shieldLine: 'first-damaging-hit',
      },
    });
    expect(r.pAny).toEqual({ num: 120n / 24n, den: 864n / 24n });
    expect(s(r.expected)).toBe(RALLY_PER_ATTACK.expected);
  });
});

describe('Force against Toughness [000 §5 L83] (DIGEST 6.3, WND-01..05): no 2+ or 6+ band', () => {
  it.each([
    [10, 3, 3],
    [5, 4, 3],
    [4, 4, 4],
    [3, 4, 5],
    [1, 10, 5],
  ])('F%i vs T%i wounds on %i+', (f, t, want) => expect(woundBand(f, t)).toBe(want));
});

describe('Hit modifiers are summed, then clamped to 2+ (DIGEST AMB-09, HIT-02)', () => {
  const targets = (hit: number, modifiers: AttackSpecInput['modifiers'], kind: 'ranged' | 'melee' = 'ranged') =>
    effectiveTargets(
      attackSpecSchema.parse({
        ...base,
        kind,
        hit,
        modifiers,
        options: {
          steadyFire: 'whole-pool',
          secondChanceScope: 'hit-or-wound',
          rallyTheLost: 'per-wound-point',
          shieldLine: 'first-damaging-hit',
        },
      }),
    );
  it.each([
    ['Steady Fire, Bulky Target and Hold Fast on 3+ give 2+, not 3+', 3, { steadyFire: true, bulkyTarget: true, holdFast: true }, 2],
    ['Bulky Target never better than 2+', 2, { bulkyTarget: true }, 2],
    ['the storm turns 3+ into 5+', 3, { stormThrough: true }, 5],
    ['storm and Expert Hider on 5+ need a natural 6 (7+)', 5, { stormThrough: true, expertHider: true }, 7],
    ['stationary rifle: 4+ becomes 3+', 4, { stationaryRifle: true }, 3],
  ] as const)('%s', (_, hit, mods, want) => expect(targets(hit, mods).hit).toBe(want));

  it('a target past 6+ still hits on a natural 6, and 2+ still misses on a natural 1 (DIGEST 6.10)', () => {
    expect(s(d6Pass(9))).toBe('1/6');
    expect(s(d6Pass(0))).toBe('5/6');
    expect(s(computeOdds({ ...base, hit: 7, save: null }).pAny)).toBe('1/12');
  });
});

describe('single-die facts the digest quotes', () => {
  it('PROB-06: a shot at Hit 3+ misses with P = 1/3', () => expect(s(ONE_MINUS(d6Pass(3)))).toBe(PROB_06_MISS));
  it('8.3: Hit 3+ with Second Chance hits with P = 7/9', () => {
    // a Veteran Six on the Wound and no Save make the hit the only roll that matters
    const hitOnly = computeOdds({
      ...base,
      save: null,
      modifiers: { secondChance: 'attacker', veteranSix: 'wound' },
    });
    expect(s(hitOnly.pAny)).toBe(SECOND_CHANCE_HIT);
    // with the Wound rolled too, the unspent reroll can save a failed Wound die: 2/3·2/3 + 1/6·2/3·1/2 = 1/2
    expect(
      s(
        computeOdds({
          ...base,
          save: null,
          modifiers: { secondChance: 'attacker' },
        }).pAny,
      ),
    ).toBe('1/2');
  });
  it('PROB-15 (AMB-33): Iron Edict on Save 2+ gives 1+, which fails only on a natural 1', () => {
    const r = computeOdds({
      ...base,
      save: 2,
      modifiers: { ironEdict: true, veteranSix: 'hit' },
      force: 4,
      toughness: 4,
    });
    // hit certain (critical), wound 1/2, save fails 1/6
    expect(s(r.pAny)).toBe('1/12');
    expect(s(ONE_MINUS({ num: 1n, den: 6n }))).toBe(IRON_EDICT_SAVE_2);
    expect(
      effectiveTargets(
        attackSpecSchema.parse({
          ...base,
          save: 2,
          modifiers: { ironEdict: true },
        }),
      ).save,
    ).toBe(1);
  });
  it('PROB-23: Rule of Cool D20 damage table expects +51/20', () => expect(s(ruleOfCoolExpectedBonus(RULE_OF_COOL_BANDS))).toBe(RULE_OF_COOL_EXPECTED));
  it('PROB-21: Chaotic Instability expects 3/4 Wounds a round', () =>
    expect(s(d20WoundsExpected(CHAOTIC_INSTABILITY_BANDS))).toBe(CHAOTIC_INSTABILITY_EXPECTED));
  it('PROB-19: a protected model in the storm takes the Wound with P = 2/3', () =>
    expect(s(stormWoundWithProtection(STORM_PROTECTION.roll))).toBe(STORM_PROTECTION.pTakesWound));
});

function ONE_MINUS(f: Fraction): Fraction {
  return { num: f.den - f.num, den: f.den };
}

describe('damage order: bonuses, then reductions, then the floor (DIGEST 6.12, AMB-10)', () => {
  it('STM-04: a D1 critical hit into the storm deals (1+1)−2 = 0', () => {
    const r = computeOdds({
      ...base,
      save: null,
      modifiers: { veteranSix: 'hit', stormTargetInside: true },
    });
    expect(r.damage).toEqual([{ value: 0, p: ONE }]);
  });
  it('Shield Line: −1 but never below 1 on the first damaging melee hit (UNIT-01)', () => {
    const r = computeOdds({
      ...base,
      kind: 'melee',
      damage: 1,
      save: null,
      modifiers: { veteranSix: 'hit', shieldLine: true },
    });
    // D1 + critical 1 = 2, −1 = 1: every wounding hit deals exactly 1
    expect(r.damage.map((e) => [e.value, s(e.p)])).toEqual([
      [0, '1/2'],
      [1, '1/2'],
    ]);
  });
  it('Last Wall reduces one unsaved Wound by 1, minimum 0 (UNIT-02)', () => {
    // two shots that always hit and wound, with no save: only Last Wall tells them apart
    const sure = { ...base, attacks: 2, save: null, damage: 1, hit: 2, force: 10, toughness: 1 };
    const r = computeOdds({ ...sure, modifiers: { lastWall: true, otherHitModifier: 0 } });
    const plain = computeOdds(sure);
    // exactly one damaging hit is reduced: the expectation drops by P(at least one damaging hit)
    expect(r.expected.num * plain.expected.den < plain.expected.num * r.expected.den).toBe(true);
  });
  it('Wounds remaining cap the damage counted and give P(kill)', () => {
    const r = computeOdds({
      ...base,
      attacks: 4,
      damage: 2,
      woundsRemaining: 3,
    });
    expect(Math.max(...r.damage.map((e) => e.value))).toBe(3);
    expect(r.pKill).toEqual(r.damage.at(-1)!.p);
  });
});

describe('the spec refuses modifiers that cannot apply, naming the field', () => {
  it.each([
    ['melee', { holdFast: true }, 'holdFast'],
    ['ranged', { shieldLine: true }, 'shieldLine'],
    ['ranged', { consecratedPayload: true }, 'consecratedPayload'],
    ['ranged', { cryptidDie: 'attacker' }, 'cryptidDie'],
    ['ranged', { secondChance: 'defender' }, 'secondChance'],
  ] as const)('%s with %o', (kind, modifiers, field) => {
    const r = attackSpecSchema.safeParse({ ...base, kind, modifiers });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join('.'))).toContain(`modifiers.${field}`);
  });
});
