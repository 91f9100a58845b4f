import { describe, expect, it } from 'vitest';
import { rollAttack } from '../../src-shared/dice/roll-attack';
import { scriptedDice, type DiceSource } from '../../src-shared/dice/source';
import { computeOdds, type DistributionEntry } from '../../src-shared/odds/exact';
import { fracToString } from '../../src-shared/odds/fraction';
import { attackSpecSchema, type AttackSpecInput } from '../../src-shared/odds/spec';
import { enumerateAttack, enumerateDice } from '../helpers/enumerate-attack';
import { PROB_06_MISS } from '../fixtures/digest-probabilities';

/**
 * Shooting into an allied melee [000 L89] (DIGEST 6.13, 8.5), Clockwork
 * Overdrive [000 L189] (DIGEST P06, AMB-30) and Boarding Rush [000 L192]
 * (DIGEST P07). Every expected number is worked out by hand in the case.
 */

const shot: AttackSpecInput = { kind: 'ranged', attacks: 1, hit: 3, force: 4, toughness: 4, save: 4, damage: 1 };
/** A friendly Ash Guard-like model in the melee: T4, Save 4+. */
const friendT4S4 = { toughness: 4, save: 4 };

const dist = (d: DistributionEntry[] | null) => d?.map((e) => [e.value, fracToString(e.p)]) ?? null;

describe('shooting into an allied melee [000 L89] (DIGEST 6.13)', () => {
  it.each([
    { name: 'PROB-06: one shot at Hit 3+ goes astray with P = 1/3', spec: { ...shot, intoAlliedMelee: friendT4S4 }, pFriend: PROB_06_MISS },
    // Only a natural 6 hits; the other five faces, natural 1 included, hit the friend.
    { name: 'natural 1 included: at Hit 7 (sixes only) five faces of six go astray', spec: { ...shot, hit: 7, intoAlliedMelee: friendT4S4 }, pFriend: '5/6' },
    // Second Chance turns a failed 2 into a reroll: only a final miss goes astray, 1 − 7/9 (DIGEST 8.3).
    {
      name: 'a rerolled die goes astray only if the reroll misses',
      spec: { ...shot, intoAlliedMelee: friendT4S4, modifiers: { secondChance: 'attacker' } },
      pFriend: '2/9',
    },
    // Two shots: P(at least one astray) = 1 − (2/3)².
    { name: 'two shots: at least one astray with P = 5/9', spec: { ...shot, attacks: 2, intoAlliedMelee: friendT4S4 }, pFriend: '5/9' },
  ] as { name: string; spec: AttackSpecInput; pFriend: string }[])('$name', ({ spec, pFriend }) => {
    expect(fracToString(computeOdds(spec).pFriendlyHit!)).toBe(pFriend);
  });

  it('Wound and Save resolve normally against the friend: 1/3 astray × 1/2 wound (F4 v T4) × 1/2 unsaved (4+) = 1/12 of a Wound', () => {
    const r = computeOdds({ ...shot, intoAlliedMelee: friendT4S4 });
    expect(dist(r.friendly)).toEqual([
      [0, '11/12'],
      [1, '1/12'],
    ]);
    expect(fracToString(r.friendlyExpected!)).toBe('1/12');
    // the enemy side is unchanged: PROB-01 still deals 5/24 expected (DIGEST 6.21)
    expect(fracToString(r.expected)).toBe('5/24');
  });

  it('a friend hit is never critical: Hit 7, friend without a Save, F5 v T4 (3+): D2 never becomes 3', () => {
    const r = computeOdds({ ...shot, hit: 7, force: 5, damage: 2, intoAlliedMelee: { toughness: 4, save: null } });
    // 5/6 astray × 2/3 wound = 5/9 that the friend loses 2 Wounds
    expect(dist(r.friendly)).toEqual([
      [0, '4/9'],
      [2, '5/9'],
    ]);
  });

  it('with no friendly fighter left in that combat a miss is an ordinary miss', () => {
    const r = computeOdds({ ...shot, intoAlliedMelee: { ...friendT4S4, friendliesInCombat: false } });
    expect(r.friendly).toBeNull();
    expect(r.pFriendlyHit).toBeNull();
  });

  it('Overcharge into an allied melee carries both risks (DIGEST 8.5): the friend is hit and the shooter takes D3', () => {
    const r = computeOdds({ ...shot, damage: 1, intoAlliedMelee: { toughness: 4, save: null }, modifiers: { overcharge: true } });
    expect(fracToString(r.pFriendlyHit!)).toBe('1/3');
    // D3 on a miss: 1/3 × 2 = 2/3 expected self-Wounds
    expect(fracToString(r.selfExpected!)).toBe('2/3');
    // the Overcharge D6 belongs to successful hits: the friend takes the weapon's 1, never more
    expect(dist(r.friendly)).toEqual([
      [0, '5/6'],
      [1, '1/6'],
    ]);
  });

  it('the friend stands in the target’s melee: a storm that strips 2 Damage from the target strips it from the friend', () => {
    const r = computeOdds({ ...shot, damage: 2, intoAlliedMelee: { toughness: 4, save: null }, modifiers: { stormTargetInside: true } });
    expect(dist(r.friendly)).toEqual([[0, '1']]);
  });

  it('is refused for a melee attack, next to the field', () => {
    const res = attackSpecSchema.safeParse({ ...shot, kind: 'melee', intoAlliedMelee: friendT4S4 });
    expect(res.success).toBe(false);
    expect(res.error!.issues.map((i) => i.path.join('.'))).toContain('intoAlliedMelee');
  });
});

describe('Clockwork Overdrive [000 L189] (DIGEST P06, AMB-30)', () => {
  const gun: AttackSpecInput = { kind: 'ranged', attacks: 1, hit: 3, force: 5, toughness: 4, save: 3, damage: 2 };
  const risk = (overdriveRisk: 'extra-attack-only' | 'all-attacks', attacks = 1): AttackSpecInput => ({
    ...gun,
    attacks,
    modifiers: { overdrive: true },
    options: { ...attackSpecSchema.parse(gun).options, overdriveRisk },
  });

  it.each([
    // AMB-30 default: only the one extra shot's natural 1 counts: 1/6.
    {
      name: 'extra attack only: 1 Wound with P = 1/6',
      spec: risk('extra-attack-only', 2),
      self: [
        [0, '5/6'],
        [1, '1/6'],
      ],
    },
    // Configurable reading: any of the 3 shots; still one Wound however many 1s: 1 − (5/6)³ = 91/216.
    {
      name: 'all attacks (2 + 1 shots): one Wound if any natural 1, P = 91/216, never 2',
      spec: risk('all-attacks', 2),
      self: [
        [0, '125/216'],
        [1, '91/216'],
      ],
    },
  ] as { name: string; spec: AttackSpecInput; self: [number, string][] }[])('$name', ({ spec, self }) => {
    expect(dist(computeOdds(spec).self)).toEqual(self);
  });

  it('adds one shot to the pool: the damage is that of one more plain shot', () => {
    expect(computeOdds(risk('extra-attack-only', 2)).damage).toEqual(computeOdds({ ...gun, attacks: 3 }).damage);
  });

  it('is refused for a melee attack', () => {
    expect(attackSpecSchema.safeParse({ ...gun, kind: 'melee', modifiers: { overdrive: true } }).success).toBe(false);
  });
});

describe('Boarding Rush [000 L192] (DIGEST P07)', () => {
  const reaver: AttackSpecInput = { kind: 'melee', attacks: 3, hit: 3, force: 4, toughness: 4, save: 4, damage: 2 };
  it('a Reaver that charged fights with A3 + 1: the damage of four Attacks', () => {
    expect(computeOdds({ ...reaver, modifiers: { boardingRush: true } }).damage).toEqual(computeOdds({ ...reaver, attacks: 4 }).damage);
  });
  it('Charge of Iron still belongs to the first Attack only, not the Rush one', () => {
    const both = computeOdds({ ...reaver, attacks: 1, modifiers: { boardingRush: true, chargeOfIron: true } });
    // the maximum: first attack 2 + 1 critical + 1 charge, second 2 + 1 critical
    expect(Math.max(...both.damage.map((e) => e.value))).toBe(7);
  });
  it('is refused for shooting', () => {
    expect(attackSpecSchema.safeParse({ ...reaver, kind: 'ranged', modifiers: { boardingRush: true } }).success).toBe(false);
  });
});

describe('the roller logs each new die', () => {
  it('a missed shot into the melee rolls the friend’s Wound and Save', () => {
    // Hit 2 misses → friend Wound 4 (4+ wounds) → friend Save 3 (4+ fails): 1 Wound to the friend
    const r = rollAttack({ ...shot, intoAlliedMelee: friendT4S4 }, scriptedDice([2, 4, 3]));
    expect(r.attacks[0]!.friendly).toMatchObject({ wound: { face: 4, success: true, target: 4 }, save: { face: 3, success: false, target: 4 }, damage: 1 });
    expect([r.friendlyHits, r.friendlyDamage, r.totalDamage]).toEqual([1, 1, 0]);
    expect(r.attacks[0]!.notes.join(' ')).toMatch(/friend takes 1 Wound/);
  });

  it('Overdrive: the extra shot is marked, and its natural 1 costs the Gunner 1 Wound', () => {
    // shot 1: hit 3, wound 6, save 6 (saved); Overdrive shot: natural 1
    const r = rollAttack({ ...shot, modifiers: { overdrive: true } }, scriptedDice([3, 6, 6, 1]));
    expect(r.attacks.map((a) => a.source)).toEqual([undefined, 'overdrive']);
    expect(r.attacks[1]!.selfWounds).toBe(1);
    expect(r.selfWounds).toBe(1);
  });

  it('Overdrive (all attacks): two natural 1s still cost one Wound', () => {
    const spec: AttackSpecInput = {
      ...shot,
      modifiers: { overdrive: true },
      options: { ...attackSpecSchema.parse(shot).options, overdriveRisk: 'all-attacks' },
    };
    expect(rollAttack(spec, scriptedDice([1, 1])).selfWounds).toBe(1);
  });

  it('Boarding Rush: the extra Attack is marked in the log', () => {
    const r = rollAttack({ ...shot, kind: 'melee', modifiers: { boardingRush: true } }, scriptedDice([2, 2]));
    expect(r.attacks.map((a) => a.source)).toEqual([undefined, 'boarding-rush']);
  });

  it('summed over every sequence of faces, the roller gives the exact distributions (damage, self, friends)', () => {
    const specs: AttackSpecInput[] = [
      { ...shot, intoAlliedMelee: friendT4S4, modifiers: { secondChance: 'attacker', overdrive: true } },
      {
        ...shot,
        intoAlliedMelee: { toughness: 3, save: null },
        modifiers: { overcharge: true, overdrive: true },
        options: { ...attackSpecSchema.parse(shot).options, overdriveRisk: 'all-attacks' },
      },
      { ...shot, kind: 'melee', modifiers: { boardingRush: true, chargeOfIron: true, shieldLine: true } },
    ];
    for (const spec of specs) {
      const exact = computeOdds(spec);
      const sums = { damage: new Map<number, number>(), self: new Map<number, number>(), friendly: new Map<number, number>() };
      const leaves = enumerateDice(
        (d) => rollAttack(spec, { kind: 'scripted', roll: d } satisfies DiceSource),
        (r, den) => {
          for (const [k, v] of [
            ['damage', r.totalDamage],
            ['self', r.selfWounds],
            ['friendly', r.friendlyDamage],
          ] as const)
            sums[k].set(v, (sums[k].get(v) ?? 0) + 1 / Number(den));
        },
        300_000,
      );
      expect(leaves).not.toBeNull();
      for (const e of exact.damage) expect(sums.damage.get(e.value)).toBeCloseTo(Number(e.p.num) / Number(e.p.den), 12);
      for (const e of exact.self ?? [{ value: 0, p: { num: 1n, den: 1n } }]) expect(sums.self.get(e.value)).toBeCloseTo(Number(e.p.num) / Number(e.p.den), 12);
      for (const e of exact.friendly ?? [{ value: 0, p: { num: 1n, den: 1n } }])
        expect(sums.friendly.get(e.value)).toBeCloseTo(Number(e.p.num) / Number(e.p.den), 12);
      // and the oracle, written separately, agrees with the exact model on the friends' damage
      const oracle = enumerateAttack(spec)!;
      const fromOracle = [...oracle.friendly.entries()].sort((a, b) => a[0] - b[0]).map(([v, p]) => [v, fracToString(p)]);
      expect(dist(exact.friendly) ?? [[0, '1']]).toEqual(fromOracle);
    }
  });
});
