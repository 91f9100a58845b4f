import { describe, expect, it } from 'vitest';
import { attackSpecSchema, type AttackSpecInput } from '../../src-shared/odds/spec';
import { dropInapplicable, SWITCHES, switchBlocked } from '../../src-renderer/src/sections/play/odds/modifier-catalog';
import { PROB01_SPEC } from '../fixtures/digest-probabilities';

const base = PROB01_SPEC;

describe('the odds panel’s switches agree with the spec’s own checks', () => {
  it.each(SWITCHES.map((s) => [s.label, s] as const))('%s: disabled exactly when the spec would refuse it', (_, info) => {
    for (const kind of ['ranged', 'melee'] as const) {
      for (const targetIsCryptid of [false, true]) {
        for (const save of [4, null]) {
          const s: AttackSpecInput = {
            ...base,
            kind,
            save,
            targetIsCryptid,
            modifiers: { [info.key]: true },
          };
          const refused = !attackSpecSchema.safeParse(s).success;
          expect(switchBlocked(info, s) !== null, `${kind}, cryptid ${targetIsCryptid}, save ${save}`).toBe(refused);
        }
      }
    }
  });

  it('changing the attack to melee clears the shooting-only modifiers, so the attack stays valid', () => {
    const ranged: AttackSpecInput = {
      ...base,
      modifiers: { holdFast: true, overcharge: true, bulkyTarget: true },
    };
    const melee = dropInapplicable({ ...ranged, kind: 'melee' });
    expect(melee.modifiers).toMatchObject({
      holdFast: false,
      overcharge: false,
      bulkyTarget: true,
    });
    expect(attackSpecSchema.safeParse(melee).success).toBe(true);
  });

  it('switching to melee drops the allied-melee friend, since only shooting goes astray (DIGEST 6.13)', () => {
    const ranged: AttackSpecInput = { ...base, intoAlliedMelee: { toughness: 3, save: 5 } };
    expect(attackSpecSchema.safeParse({ ...ranged, kind: 'melee' }).success).toBe(false);
    const melee = dropInapplicable({ ...ranged, kind: 'melee' });
    expect(melee.intoAlliedMelee).toBeUndefined();
    expect(attackSpecSchema.safeParse(melee).success).toBe(true);
    expect(dropInapplicable(ranged).intoAlliedMelee).toEqual({ toughness: 3, save: 5 });
  });

  it('a Cryptid Die is cleared when the target stops being a cryptid', () => {
    const s = dropInapplicable({
      ...base,
      targetIsCryptid: false,
      modifiers: { cryptidDie: 'attacker' },
    });
    expect(s.modifiers?.cryptidDie).toBe('none');
  });
});
