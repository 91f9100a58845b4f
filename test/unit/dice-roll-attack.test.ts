import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rollAttack } from '../../src-shared/dice/roll-attack';
import { scriptedDice, seededDice, type DiceSource } from '../../src-shared/dice/source';
import { computeOdds } from '../../src-shared/odds/exact';
import { fracToNumber, fracToString } from '../../src-shared/odds/fraction';
import type { AttackSpecInput } from '../../src-shared/odds/spec';
import { enumerateDice } from '../helpers/enumerate-attack';
import { DIGEST_PROBABILITIES, PROB01_SPEC } from '../fixtures/digest-probabilities';

const prob01 = PROB01_SPEC;

describe('rollAttack, die by die [000 §5] (DIGEST 6.9)', () => {
  it.each([
    {
      name: 'hit 3, wound 4, save 3 fails: 1 Damage',
      spec: prob01,
      faces: [3, 4, 3],
      damage: 1,
      hit: 'hit',
    },
    {
      name: 'natural 6 to Hit, wound, unsaved: D1 + 1 critical',
      spec: prob01,
      faces: [6, 5, 2],
      damage: 2,
      hit: 'critical',
    },
    {
      name: 'a critical hit that is saved adds nothing',
      spec: prob01,
      faces: [6, 5, 4],
      damage: 0,
      hit: 'critical',
    },
    {
      name: 'a natural 1 misses and is not rerolled even with Second Chance',
      spec: { ...prob01, modifiers: { secondChance: 'attacker' } },
      faces: [1],
      damage: 0,
      hit: 'miss',
    },
    {
      name: 'Second Chance rerolls a failed 2 into a 6: a critical',
      spec: { ...prob01, modifiers: { secondChance: 'attacker' } },
      faces: [2, 6, 4, 1],
      damage: 2,
      hit: 'critical',
    },
    {
      name: 'a natural 1 on the Save fails even at 1+ (Iron Edict on 2+)',
      spec: { ...prob01, save: 2, modifiers: { ironEdict: true } },
      faces: [4, 4, 1],
      damage: 1,
      hit: 'hit',
    },
    {
      name: 'Overcharge: hit adds the D6',
      spec: { ...prob01, damage: 2, modifiers: { overcharge: true } },
      faces: [3, 4, 2, 5],
      damage: 7,
      hit: 'hit',
    },
  ] as {
    name: string;
    spec: AttackSpecInput;
    faces: number[];
    damage: number;
    hit: string;
  }[])('$name', ({ spec, faces, damage, hit }) => {
    const r = rollAttack(spec, scriptedDice(faces));
    expect(r.totalDamage).toBe(damage);
    const a = r.attacks[0]!;
    expect(a.hit.critical ? 'critical' : a.hit.success ? 'hit' : 'miss').toBe(hit);
  });

  it('Overcharge: every missed die costs the attacker D3 Wounds, no Save', () => {
    const r = rollAttack({ ...prob01, attacks: 2, modifiers: { overcharge: true } }, scriptedDice([1, 3, 2, 2]));
    expect(r.attacks.map((a) => a.selfDie)).toEqual([3, 2]);
    expect(r.selfWounds).toBe(5);
  });

  it('Steady Fire (one die) lifts the first die one short; the log says so', () => {
    const r = rollAttack({ ...prob01, hit: 4, attacks: 2, modifiers: { steadyFire: true } }, scriptedDice([3, 1, 3]));
    expect(r.attacks[0]!.hit).toMatchObject({
      face: 3,
      success: true,
      helpedBy: ['steady-fire'],
    });
    expect(r.attacks[1]!.hit).toMatchObject({
      face: 3,
      success: false,
      helpedBy: [],
    });
  });

  it('a seeded roll replays identically', () => {
    const spec = {
      ...prob01,
      attacks: 10,
      modifiers: { secondChance: 'attacker' as const },
    };
    expect(rollAttack(spec, seededDice(99))).toEqual(rollAttack(spec, seededDice(99)));
  });
});

/** Runs rollAttack over every possible sequence of faces and sums the probability of each total. */
function enumerateRolls(spec: AttackSpecInput) {
  const dist = new Map<number, number>();
  const leaves = enumerateDice(
    (d) => rollAttack(spec, { kind: 'scripted', roll: d } satisfies DiceSource).totalDamage,
    (v, den) => dist.set(v, (dist.get(v) ?? 0) + 1 / Number(den)),
    300_000,
  );
  expect(leaves, 'every sequence was visited').not.toBeNull();
  return dist;
}

describe('the roller is the exact model, die for die', () => {
  it('summed over every sequence of faces it gives the exact distribution (reference table and random pools)', () => {
    const specs: AttackSpecInput[] = [
      ...DIGEST_PROBABILITIES.map((v) => v.spec),
      {
        ...prob01,
        kind: 'melee',
        attacks: 2,
        damage: 2,
        modifiers: {
          shieldLine: true,
          lastWall: true,
          chargeOfIron: true,
          veteranSix: 'wound',
        },
      },
      {
        ...prob01,
        attacks: 2,
        modifiers: {
          steadyFire: true,
          secondChance: 'attacker',
          defenderVeteranSix: true,
        },
      },
      {
        ...prob01,
        attacks: 2,
        targetIsCryptid: true,
        modifiers: { cryptidDie: 'attacker', secondChance: 'attacker' },
      },
      {
        ...prob01,
        attacks: 1,
        modifiers: {
          rallyTheLost: true,
          ruleOfCoolBonus: 1,
          veteranSix: 'hit',
        },
      },
      {
        ...prob01,
        attacks: 1,
        damage: 2,
        modifiers: { overcharge: true, rallyTheLost: true },
        options: {
          steadyFire: 'one-die',
          secondChanceScope: 'hit-or-wound',
          rallyTheLost: 'per-attack',
          shieldLine: 'first-damaging-hit',
        },
      },
    ];
    for (const spec of specs) {
      const exact = computeOdds(spec);
      const rolled = enumerateRolls(spec);
      for (const e of exact.damage) expect(rolled.get(e.value) ?? 0).toBeCloseTo(fracToNumber(e.p), 12);
      expect([...rolled.keys()].sort()).toEqual(exact.damage.map((e) => e.value).sort());
    }
  });

  it('with a seeded source, the mean of 20 000 rolls is within 4 standard errors of the exact expectation', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (seed) => {
        const spec: AttackSpecInput = {
          ...prob01,
          attacks: 10,
          damage: 2,
          modifiers: { secondChance: 'attacker', overcharge: true },
        };
        const exact = computeOdds(spec);
        const mean = fracToNumber(exact.expected);
        const variance = exact.damage.reduce((s, e) => s + fracToNumber(e.p) * (e.value - mean) ** 2, 0);
        const dice = seededDice(seed);
        const n = 20_000;
        let sum = 0;
        for (let i = 0; i < n; i++) sum += rollAttack(spec, dice).totalDamage;
        expect(Math.abs(sum / n - mean)).toBeLessThan(4 * Math.sqrt(variance / n));
        expect(fracToString(exact.pAny)).not.toBe('0');
      }),
      { numRuns: 3, seed: 11 },
    );
  });
});
