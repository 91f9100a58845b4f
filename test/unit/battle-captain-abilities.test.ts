import { describe, expect, it } from 'vitest';
import { activeCaptainAbilities, captainAbilityRefusal, CAPTAIN_ABILITY_TERMS } from '../../src-shared/battle/captain-abilities';
import { effectiveProfile, formationProfileInput } from '../../src-shared/battle/effective-profile';
import { battleTotals } from '../../src-shared/battle/summary';
import { BATTLE_RULES } from '../fixtures/battle-rules';
import { army, reportText, setupOf, Table, twoCores } from '../helpers/battle';

/**
 * [000 §9 L146] "All abilities are free in the Captain's base cost and usable once per battle. … A Captain that dies cannot
 * initiate an ability. An ability already declared persists to its printed expiry despite the Captain's death."
 * [000 L140] Iron Edict: "Both formations receiving the Captain's two orders improve their Save by one step against ordinary
 * shooting until each formation's next activation."
 * [000 L142] Sins of Greed: "At the beginning of the same Command Phase, the opponent loses its two Captain order opportunities."
 * [000 L143] Chains of Guilt: "-2 inches Movement (minimum 1) for that round."
 */

const battle = (a: string | null, b: string | null) => new Table(setupOf(army('A', twoCores, [], a), army('B', twoCores, [], b))).toRoundOne();

const killCaptain = (t: Table, side: 'A' | 'B') =>
  t.record({ kind: 'record.casualties', side, formationId: `${side}-cmd`, killed: 1, retreated: 0, captain: true });

describe('who may declare a signature ability, and when [000 L146, DIGEST 10.0]', () => {
  it.each([
    ['its own Captain, alive, before orders', (t: Table) => t, 'iron-edict', null],
    ['another faction’s ability', (t: Table) => t, 'sins-of-greed', /not this Captain’s signature ability/],
    ['after the Captain’s death', (t: Table) => (killCaptain(t, 'A'), t), 'iron-edict', /dead or departed Captain cannot declare/],
    [
      'after an order',
      (t: Table) => (t.record({ kind: 'command.order', side: 'B', orderId: 'hold-fast', formationId: 'B-f1' }), t),
      'iron-edict',
      /before any orders/,
    ],
    ['outside the Command Phase', (t: Table) => (t.record({ kind: 'command.done' }), t), 'iron-edict', /start of a Command Phase/],
    ['a second time', (t: Table) => (t.act({ kind: 'ability', side: 'A', abilityId: 'iron-edict' }), t), 'iron-edict', /once per battle/],
  ] as const)('%s', (_, prepare, abilityId, refusal) => {
    const t = prepare(battle('iron-edict', null));
    const why = captainAbilityRefusal(t.state, 'A', abilityId);
    if (refusal === null) expect(why).toBeNull();
    else expect(why).toMatch(refusal);
  });

  it('the backend refuses a dead Captain’s declaration and writes nothing', () => {
    const t = battle('iron-edict', null);
    killCaptain(t, 'A');
    const before = t.events.length;
    expect(() => t.act({ kind: 'ability', side: 'A', abilityId: 'iron-edict' })).toThrow(/dead or departed Captain cannot declare/);
    expect(t.events).toHaveLength(before);
  });

  it('every ability of the pack has its printed expiry', () => {
    expect(Object.fromEntries(Object.entries(CAPTAIN_ABILITY_TERMS).map(([id, x]) => [id, x.expiry]))).toEqual({
      'burn-the-witch': 'next-allied-command',
      'iron-edict': 'next-activation',
      'parley-under-arms': 'round',
      'sins-of-greed': 'command-phase',
      'chains-of-guilt': 'round',
      'rally-the-lost': 'next-allied-command',
    });
  });
});

describe('a declared ability persists to its printed expiry, the Captain’s death notwithstanding [000 L146]', () => {
  it('Iron Edict: on both ordered formations until each one’s next activation, then gone; the Captain’s fall changes nothing', () => {
    const t = battle('iron-edict', null);
    t.act({ kind: 'ability', side: 'A', abilityId: 'iron-edict' });
    t.record({ kind: 'command.order', side: 'A', orderId: 'hold-fast', formationId: 'A-f1' });
    t.record({ kind: 'command.order', side: 'A', orderId: 'steady-fire', formationId: 'A-f2' });
    killCaptain(t, 'A');
    expect(activeCaptainAbilities(t.state)).toEqual([
      expect.objectContaining({ side: 'A', abilityId: 'iron-edict', captainFallen: true, formations: ['A-f1', 'A-f2'], expiry: 'next-activation' }),
    ]);
    // a Save 4+ formation's profile: 3+ against ordinary shooting while the Edict covers it
    const save = (id: string) =>
      effectiveProfile({
        ...formationProfileInput(t.state, 'A', id),
        base: { move: 5, save: 4 },
        cinderSuppressed: false,
        throughStorm: false,
        stormMoveCost: 1,
      }).save === 3;
    expect([save('A-f1'), save('A-f2'), save('A-cmd')]).toEqual([true, true, false]);
    t.activateFormation('A-f1');
    // in force through its own activation, the one that ends it
    expect(activeCaptainAbilities(t.state)[0]!.formations).toEqual(['A-f1', 'A-f2']);
    t.activateFormation('A-f2');
    expect(activeCaptainAbilities(t.state)[0]!.formations).toEqual(['A-f2']);
    expect(save('A-f1')).toBe(false);
    t.drawAll();
    expect(activeCaptainAbilities(t.state)).toEqual([]);
    expect(save('A-f2')).toBe(false);
    // the battle report lists it with its printed expiry
    const totals = battleTotals(t.state, BATTLE_RULES);
    expect(totals.captainAbilities).toEqual([{ round: 1, side: 'A', ability: 'Iron Edict', lasts: 'until each ordered formation’s next activation' }]);
    expect(reportText(t, totals)).toContain('until each ordered formation’s next activation');
  });

  it('Chains of Guilt: −2" for that round on the enemy, after its Captain dies too; gone in the next round', () => {
    const t = battle(null, 'chains-of-guilt');
    t.act({ kind: 'ability', side: 'B', abilityId: 'chains-of-guilt' });
    killCaptain(t, 'B');
    t.activateFormation('A-f1');
    expect(formationProfileInput(t.state, 'A', 'A-f1').chainsOfGuilt).toBe(true);
    expect(formationProfileInput(t.state, 'B', 'B-f1').chainsOfGuilt).toBe(false);
    t.drawAll();
    t.act({ kind: 'end-round', holders: [null, null, null] });
    expect(formationProfileInput(t.state, 'A', 'A-f1').chainsOfGuilt).toBe(false);
    expect(activeCaptainAbilities(t.state)).toEqual([]);
  });

  it('Sins of Greed: that Command Phase only', () => {
    const t = battle('sins-of-greed', null);
    t.act({ kind: 'ability', side: 'A', abilityId: 'sins-of-greed' });
    expect(activeCaptainAbilities(t.state).map((a) => a.abilityId)).toEqual(['sins-of-greed']);
    t.record({ kind: 'command.done' });
    expect(activeCaptainAbilities(t.state)).toEqual([]);
  });
});
