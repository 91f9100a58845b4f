import { describe, expect, it } from 'vitest';
import { BagActivation, type BagState } from '../../src-shared/battle/bag';
import { activationProfileInput, effectiveProfile, holdFastAgainst, type ProfileInput } from '../../src-shared/battle/effective-profile';
import { army, setupOf, Table, twoCores } from '../helpers/battle';

/**
 * The profile of this activation, every source named:
 * [000 L106] Forced March "+2 inches Movement … cannot charge"; [000 L104] Steady Fire "+1 to one shooting Hit roll";
 * [000 L105] Hold Fast "−1 to Hit" for enemy shots until its next activation; [000 L140] Iron Edict "improve their Save by
 * one step against ordinary shooting"; [000 L143] Chains of Guilt "−2 inches Movement (minimum 1)"; [000 L207] Cinder
 * Suppression "−1 inch Movement (minimum 1 inch) on its next activation"; the storm "costs 1 inch of Movement" [000 L165], once per move (AMB-19e).
 */
const base = (over: Partial<ProfileInput> = {}): ProfileInput => ({
  base: { move: 5, save: 4 },
  order: null,
  ironEdict: false,
  chainsOfGuilt: false,
  cinderSuppressed: false,
  throughStorm: false,
  stormMoveCost: 1,
  ...over,
});

describe('effective profile this activation', () => {
  it.each([
    // what, input, move, canCharge, save, sources
    ['no rule', {}, 5, true, 4, []],
    ['Forced March', { order: 'forced-march' }, 7, false, 4, ['Forced March']],
    ['Chains of Guilt', { chainsOfGuilt: true }, 3, true, 4, ['Chains of Guilt']],
    ['Cinder Suppression', { cinderSuppressed: true }, 4, true, 4, ['Cinder Suppression']],
    ['Forced March under Chains of Guilt', { order: 'forced-march', chainsOfGuilt: true }, 5, false, 4, ['Forced March', 'Chains of Guilt']],
    [
      'M2 under Chains and Cinder: minimum 1"',
      { base: { move: 2, save: 4 }, chainsOfGuilt: true, cinderSuppressed: true },
      1,
      true,
      4,
      ['Chains of Guilt', 'Cinder Suppression', 'Minimum'],
    ],
    ['Iron Edict: Save 4+ → 3+', { ironEdict: true }, 5, true, 3, ['Iron Edict']],
    ['Iron Edict on 2+ gives 1+ (AMB-33)', { base: { move: 5, save: 2 }, ironEdict: true }, 5, true, 1, ['Iron Edict']],
    // [000 L165] "Moving through the storm costs 1 inch of Movement"; AMB-19(e) "+1\" once per move that enters or crosses it"
    ['through the storm: 1" of the move, once', { throughStorm: true }, 4, true, 4, ['Radiation storm']],
    ['through the storm with Forced March', { throughStorm: true, order: 'forced-march' }, 6, false, 4, ['Forced March', 'Radiation storm']],
    [
      'through the storm at the 1" minimum: nothing left to move',
      { base: { move: 2, save: 4 }, chainsOfGuilt: true, throughStorm: true },
      0,
      true,
      4,
      ['Chains of Guilt', 'Minimum', 'Radiation storm'],
    ],
  ] as const)('%s', (_what, over, move, canCharge, save, sources) => {
    const p = effectiveProfile(base(over as Partial<ProfileInput>));
    expect({ move: p.move, canCharge: p.canCharge, save: p.save, sources: p.sources.map((x) => x.source) }).toEqual({ move, canCharge, save, sources });
  });

  it('Steady Fire is named while it lasts', () => {
    expect(effectiveProfile(base({ order: 'steady-fire' }))).toMatchObject({ steadyFire: true, sources: [{ source: 'Steady Fire' }] });
  });
});

describe('from the battle record', () => {
  it('the order carried into the activation, Iron Edict on the ordered formations, Chains of Guilt from the opponent; Hold Fast until its activation', () => {
    const t = new Table(setupOf(army('A', twoCores, [], 'iron-edict'), army('B', twoCores, [], 'chains-of-guilt'))).toRoundOne();
    t.act({ kind: 'ability', side: 'A', abilityId: 'iron-edict' });
    t.act({ kind: 'ability', side: 'B', abilityId: 'chains-of-guilt' }, [6, 1]);
    t.record({ kind: 'command.order', side: 'A', orderId: 'forced-march', formationId: 'A-f1' });
    t.record({ kind: 'command.order', side: 'B', orderId: 'hold-fast', formationId: 'B-f1' });
    expect(holdFastAgainst(t.state, 'B', 'B-f1')).toBe(true);
    t.record({ kind: 'command.done' });
    for (let i = 0; i < 20 && t.state.activeFormation?.id !== 'A-f1'; i++) {
      t.act({ kind: 'draw' }, [1]);
      const turn = BagActivation.turn(t.state.activation as BagState);
      if (turn.kind === 'choose') t.record({ kind: 'bag.activate', formationId: turn.eligible.includes('A-f1') ? 'A-f1' : turn.eligible[0]! });
    }
    const got = activationProfileInput(t.state)!;
    expect(got).toMatchObject({ side: 'A', formationId: 'A-f1', input: { order: 'forced-march', ironEdict: true, chainsOfGuilt: true } });
    // the order is spent by the activation, yet the profile keeps it for this activation
    expect(t.state.sides.A.formations.find((f) => f.id === 'A-f1')!.pendingOrder).toBeNull();
  });
});
