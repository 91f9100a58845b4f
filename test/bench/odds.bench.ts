import { computeOdds } from '../../src-shared/odds/exact';
import type { AttackSpecInput } from '../../src-shared/odds/spec';
import type { BenchCase } from './types';

/** Issue 6, performance: the exact distribution of a pool of 10 attacks with rerolls and criticals, median under 2 ms. */
const tenWithRerolls: AttackSpecInput = {
  kind: 'ranged',
  attacks: 10,
  hit: 3,
  force: 4,
  toughness: 4,
  save: 4,
  damage: 1,
  modifiers: { secondChance: 'attacker', steadyFire: true, lastWall: true },
};

/** A heavier pool: D2 with Overcharge's D6 per hit, its D3 self-damage and Rally the Lost per Wound point. */
const tenHeavy: AttackSpecInput = {
  ...tenWithRerolls,
  damage: 2,
  modifiers: {
    secondChance: 'attacker',
    steadyFire: true,
    overcharge: true,
    rallyTheLost: true,
  },
};

/** Shooting into an allied melee (friends' damage and stray-hit count as well) with Clockwork Overdrive's extra shot. */
const tenAstray: AttackSpecInput = {
  ...tenWithRerolls,
  intoAlliedMelee: { toughness: 3, save: 5 },
  modifiers: { ...tenWithRerolls.modifiers, overdrive: true },
};

export const benches: BenchCase[] = [
  {
    name: 'odds: 10 attacks, Second Chance + Steady Fire + Last Wall, exact',
    targetMs: 2,
    bound: 'a dynamic programme over the ten attacks whose state is which once-a-pool rerolls are unspent and the damage so far, in exact BigInt fractions',
    fn: () => computeOdds(tenWithRerolls),
  },
  {
    name: 'odds: 10 attacks + Overdrive into an allied melee, Second Chance + Steady Fire + Last Wall, exact',
    targetMs: 2,
    bound: "the same dynamic programme tracking the friends' damage and the stray hits as well, with Overdrive's extra shot",
    fn: () => computeOdds(tenAstray),
  },
  {
    name: 'odds: 10 attacks, Overcharge + Rally the Lost per point, exact (no target in the issue)',
    targetMs: 100,
    bound: "the dynamic programme over two damage a hit with Overcharge's D6 and its D3 self-damage, then Rally the Lost thinning the total",
    fn: () => computeOdds(tenHeavy),
  },
];
