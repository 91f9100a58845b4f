import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NoMorale } from '../../src-shared/battle/activation-strategy';
import { isRoutingCount, routMorale, RoutMorale, routThreshold, withdrawalInstruction } from '../../src-shared/battle/morale-rout';
import { routStateSchema } from '../../src-shared/battle/morale-rout.schema';
import { willCheckPasses, willModifier, willModifierParts, willNeededRoll, willPassChance } from '../../src-shared/battle/morale-will-check';
import { RESOLVE_TARGETS, ROUT_THRESHOLDS, WILL_MODIFIER_EXAMPLE } from '../fixtures/seed-003-module';

describe('T12 rout threshold: more than half lost [003 L32]', () => {
  it.each(ROUT_THRESHOLDS)('%i deployed: routing from %i lost, not one fewer', (starting, threshold) => {
    expect(routThreshold(starting)).toBe(threshold);
    expect(isRoutingCount(starting, threshold)).toBe(true);
    expect(isRoutingCount(starting, threshold - 1)).toBe(false);
  });

  it('exactly half lost is not routing ("not when half are lost")', () => {
    for (const starting of [2, 4, 6, 8, 10]) expect(isRoutingCount(starting, starting / 2)).toBe(false);
  });

  it('a company that deployed nothing never routs', () => {
    expect(isRoutingCount(0, 0)).toBe(false);
  });
});

describe('T11 lost models with the §23 adapter, AMB-S4', () => {
  const start = () => RoutMorale.start([5, 4]);

  it.each([
    // destroyed, retreated, routing?
    [3, 0, true], // 3 of 5 destroyed: more than half
    [2, 0, false],
    [2, 3, false], // retreated models are not lost (AMB-S4)
    [0, 5, false],
  ])('5 deployed, %i destroyed and %i retreated → routing %s', (destroyed, retreated, routing) => {
    const s = RoutMorale.recordLosses(start(), 0, { destroyed, retreated });
    expect(RoutMorale.isRouting(s, 0)).toBe(routing);
    expect(RoutMorale.isRouting(s, 1)).toBe(false); // the other company is counted separately
  });

  it('refuses more losses than models deployed', () => {
    expect(() => RoutMorale.recordLosses(start(), 1, { destroyed: 3, retreated: 2 })).toThrow(expect.objectContaining({ code: 'VALIDATION' }));
  });
});

describe('AMB-S6 routing recomputed at each check, or latched (option latchRout)', () => {
  // Losses can go down only when a mistaken entry is corrected; that is when the option matters.
  it.each([
    [false, false],
    [true, true],
  ])('latch %s: after a correction from 3 to 2 lost of 5, routing is %s', (latch, routing) => {
    const m = routMorale({ latch });
    let s = m.start([5, 5]);
    s = m.recordLosses(s, 0, { destroyed: 3, retreated: 0 });
    expect(m.isRouting(s, 0)).toBe(true);
    s = m.recordLosses(s, 0, { destroyed: 2, retreated: 0 });
    expect(m.isRouting(s, 0)).toBe(routing);
  });
});

describe('T13 Will check at the start of each activation while routing [003 L33–35]', () => {
  it('no check while the company is not routing, one check per activation while it is', () => {
    let s = RoutMorale.start([4, 4]);
    expect(RoutMorale.demandAtActivation(s, 0, 'a1')).toEqual({ kind: 'none' });
    s = RoutMorale.recordLosses(s, 0, { destroyed: 3, retreated: 0 });
    expect(RoutMorale.demandAtActivation(s, 0, 'a1')).toEqual({ kind: 'will-check' });
    s = RoutMorale.resolveWillCheck(s, 0, 'a1', true);
    // a pass means it activates normally; its next activation tests again
    expect(RoutMorale.demandAtActivation(s, 0, 'a1')).toEqual({ kind: 'will-check' });
    expect(RoutMorale.demandAtActivation(s, 1, 'b1')).toEqual({ kind: 'none' });
  });

  it('a formation that already activated when the rout began is not asked until its next activation', () => {
    let s = RoutMorale.start([4, 4]);
    const before = RoutMorale.demandAtActivation(s, 0, 'a1'); // a1 activates first, before the losses
    s = RoutMorale.recordLosses(s, 0, { destroyed: 3, retreated: 0 });
    expect(before).toEqual({ kind: 'none' });
    // the rout itself demands nothing of a1; the check comes with a1's next activation
    expect(s.checks).toEqual([]);
    expect(RoutMorale.demandAtActivation(s, 0, 'a1')).toEqual({ kind: 'will-check' });
  });

  it('only a routing company tests', () => {
    expect(() => RoutMorale.resolveWillCheck(RoutMorale.start([4, 4]), 0, 'a1', true)).toThrow(/Only a routing company/);
  });
});

describe('T14 Will modifiers [003 L37–39]', () => {
  it('the rule’s example: 2 friends, the Leader (Captain) and Fearless give +5', () => {
    const { modifier, ...input } = WILL_MODIFIER_EXAMPLE;
    expect(willModifier(input)).toBe(modifier);
  });

  it.each([
    [0, false, false, 0],
    [1, false, false, 1],
    [3, false, false, 3],
    [0, true, false, 2], // the Captain counts +2 instead of +1
    [0, false, true, 1],
    [1, true, true, 4],
  ])('%i friends, Captain %s, Fearless %s → +%i', (otherFriends, captainNearby, fearless, expected) => {
    expect(willModifier({ otherFriends, captainNearby, fearless })).toBe(expected);
  });

  it('lists where each point comes from', () => {
    expect(willModifierParts({ otherFriends: 2, captainNearby: true, fearless: false }).map((p) => p.value)).toEqual([2, 2]);
  });

  it('refuses a negative or fractional number of friends', () => {
    expect(() => willModifier({ otherFriends: -1, captainNearby: false, fearless: false })).toThrow(RangeError);
    expect(() => willModifier({ otherFriends: 1.5, captainNearby: false, fearless: false })).toThrow(RangeError);
  });
});

describe('the Will check as a Resolve roll (§23 adapter): natural 1 fails, natural 6 passes [000 §4]', () => {
  it.each([
    // roll, Resolve, modifier, passes
    [1, 2, 5, false], // natural 1 fails whatever the bonus
    [6, 5, 0, true],
    [6, 6, 0, true],
    [3, 4, 0, false],
    [4, 4, 0, true],
    [3, 4, 1, true],
    [2, 5, 2, false],
    [2, 5, 3, true],
  ])('roll %i against Resolve %i+ with +%i → %s', (roll, resolve, modifier, passes) => {
    expect(willCheckPasses(roll, resolve, modifier)).toBe(passes);
  });

  // Passing faces counted by hand: faces 2–5 pass when face + modifier ≥ Resolve, plus the 6.
  it.each([
    [2, 0, 5],
    [3, 0, 4],
    [4, 0, 3],
    [5, 0, 2],
    [5, 1, 3],
    [5, 2, 4],
    [4, 2, 5],
    [5, 5, 5], // still 5 of 6: the natural 1
    [6, 0, 1],
  ])('Resolve %i+ with +%i passes on %i faces of 6', (resolve, modifier, faces) => {
    expect(willPassChance(resolve, modifier)).toEqual({ passingFaces: faces, outOf: 6, probability: faces / 6 });
  });

  it('agrees with rolling every face, for every printed Resolve and modifiers 0–7', () => {
    for (const resolve of RESOLVE_TARGETS)
      for (let modifier = 0; modifier <= 7; modifier++) {
        const faces = [1, 2, 3, 4, 5, 6].filter((f) => willCheckPasses(f, resolve, modifier)).length;
        expect(willPassChance(resolve, modifier).passingFaces).toBe(faces);
        expect(willNeededRoll(resolve, modifier)).toBe(7 - faces);
      }
  });

  it('more bonus never lowers the chance, and it stays between 1/6 and 5/6 for printed Resolve values', () => {
    fc.assert(
      fc.property(fc.constantFrom(...RESOLVE_TARGETS), fc.integer({ min: 0, max: 10 }), (resolve, modifier) => {
        const p = willPassChance(resolve, modifier).probability;
        expect(p).toBeGreaterThanOrEqual(1 / 6);
        expect(p).toBeLessThanOrEqual(5 / 6);
        expect(willPassChance(resolve, modifier + 1).probability).toBeGreaterThanOrEqual(p);
      }),
    );
  });

  it('refuses impossible dice and targets', () => {
    expect(() => willCheckPasses(7, 4, 0)).toThrow(RangeError);
    expect(() => willPassChance(1, 0)).toThrow(RangeError);
  });
});

describe('T15 pass or Broken [003 L40–42]; Broken withdraws per [000 §11 step 1]', () => {
  it('a failed check makes the formation Broken: it withdraws at normal speed, then double speed, and never tests again', () => {
    let s = RoutMorale.recordLosses(RoutMorale.start([3, 3]), 1, { destroyed: 2, retreated: 0 });
    s = RoutMorale.resolveWillCheck(s, 1, 'b2', false);
    expect(RoutMorale.isBroken(s, 'b2')).toBe(true);
    expect(RoutMorale.demandAtActivation(s, 1, 'b2')).toEqual({ kind: 'withdraw', step: 1 });
    s = RoutMorale.recordWithdrawal(s, 'b2');
    expect(RoutMorale.demandAtActivation(s, 1, 'b2')).toEqual({ kind: 'withdraw', step: 2 });
    expect(() => RoutMorale.resolveWillCheck(s, 1, 'b2', true)).toThrow(/does not test again/);
    expect(withdrawalInstruction(1)).toMatch(/normal speed/);
    expect(withdrawalInstruction(2)).toMatch(/double speed/);
    expect(s.checks).toEqual([{ side: 1, formationId: 'b2', passed: false }]);
  });

  it('only a Broken formation withdraws', () => {
    expect(() => RoutMorale.recordWithdrawal(RoutMorale.start([3, 3]), 'b1')).toThrow(/Only a Broken/);
  });

  it('the state survives a JSON round trip', () => {
    let s = RoutMorale.recordLosses(RoutMorale.start([3, 3]), 1, { destroyed: 2, retreated: 0 });
    s = RoutMorale.resolveWillCheck(s, 1, 'b2', false);
    expect(routStateSchema.parse(JSON.parse(JSON.stringify(s)))).toEqual(s);
  });
});

describe('standard Age of Ash has no morale', () => {
  it('NoMorale never routs or asks for a check, whatever the losses', () => {
    let s = NoMorale.start([5, 5]);
    s = NoMorale.recordLosses(s, 0, { destroyed: 5, retreated: 0 });
    expect(NoMorale.isRouting(s, 0)).toBe(false);
    expect(NoMorale.demandAtActivation(s, 0, 'a1')).toEqual({ kind: 'none' });
  });
});
