import { describe, expect, it } from 'vitest';
import type { BagState } from '../../src-shared/battle/bag';
import { checkCrossover } from '../../src-shared/campaign/crossover';
import { formationRefusal, formationsThatMay, statusOf } from '../../src-shared/battle/formation-life';
import { foldEvents } from '../../src-shared/battle/reducer';
import { battleSetupSchema } from '../../src-shared/battle/setup.schema';
import { army, setupOf, Table } from '../helpers/battle';

/**
 * A formation's life in a battle (issue 32): the defects found by playing a
 * whole battle, each a named case, and the life cycle's table. The random
 * search is test/unit/battle-model.test.ts.
 */

const lifeSetup = () => {
  const s = setupOf(
    army('A', [
      { slot: 'core', models: 3, veteranSixes: 1 },
      { slot: 'skirmisher', models: 3, reserveEligible: true },
      { slot: 'heavy', models: 1, veteranSixes: 1, abilities: ['clockwork-overdrive'] },
    ]),
    army('B', [{ slot: 'core', models: 3 }]),
    null,
  );
  return battleSetupSchema.parse({ ...s, lifeCycle: true });
};

/** Round one with A's patrol in reserve, and A's Heavy destroyed in it. */
function heavyLostInRoundOne(setup = lifeSetup()) {
  const t = new Table(setup).toRoundOne({ A: ['A-f2'], B: [] });
  t.record({ kind: 'command.done' });
  t.record({ kind: 'record.casualties', side: 'A', formationId: 'A-f3', killed: 1, retreated: 0 });
  t.act({ kind: 'explode', side: 'A', formationId: 'A-f3', cause: 'wounds', targets: [] });
  return t;
}

describe('named regressions: what a whole battle let through before the life cycle', () => {
  it('a Heavy destroyed in round 1 is not credited Wounds on the cryptid in round 2 (Field Manual §10)', () => {
    const t = heavyLostInRoundOne();
    t.drawAll();
    t.act({ kind: 'end-round', holders: [null, null, null] });
    t.record({ kind: 'command.done' });
    t.act({ kind: 'resolve-event' }, [1, 1, 1]); // a D20 of 1 brings the cryptid; slot and entry D6s
    expect(t.state.cryptid).not.toBeNull();
    expect(() => t.record({ kind: 'cryptid.wound', side: 'A', formationId: 'A-f3', attack: 'ranged', amount: 2 })).toThrow(
      /A-f3 \(A\) was destroyed: it cannot be credited Wounds on the cryptid \(Field Manual §10\)/,
    );
    // damage credited to no one still counts towards Enraged (AMB-04)
    t.record({ kind: 'cryptid.wound', side: null, formationId: null, attack: 'other', amount: 2 });
    expect(t.state.cryptid!.credited).toEqual({ A: 0, B: 0 });
  });

  it('a formation wiped out does not spend the Veteran Six its rank gave it (Field Manual §11)', () => {
    const t = heavyLostInRoundOne();
    expect(() => t.record({ kind: 'record.veteranSix', side: 'A', formationId: 'A-f3' })).toThrow(/A-f3 \(A\) was destroyed: it cannot spend a Veteran Six/);
    t.record({ kind: 'record.veteranSix', side: 'A', formationId: 'A-f1' });
  });

  it('a destroyed Heavy neither overdrives nor is offered to: the control asks the same guard', () => {
    const t = heavyLostInRoundOne();
    expect(() => t.act({ kind: 'use-ability', side: 'A', formationId: 'A-f3', abilityId: 'clockwork-overdrive' })).toThrow(/A-f3 \(A\) was destroyed/);
    expect(formationsThatMay(t.state, 'A', 'use-ability').map((f) => f.id)).not.toContain('A-f3');
    expect(formationsThatMay(t.state, 'A', 'credit-cryptid').map((f) => f.id)).toEqual(['A-cmd', 'A-f1']);
  });

  it('each refusal to activate gives its own reason: destroyed, in reserve, twice, the other colour', () => {
    const t = heavyLostInRoundOne();
    const bag = () => t.state.activation as BagState;
    // draw until side A's colour shows, then try each formation of A
    for (let i = 0; i < 20 && bag().drawn !== 0; i++) {
      if (bag().drawn !== null) t.record({ kind: 'bag.activate', formationId: bag().waiting.find((w) => w.owner === bag().drawn)!.formationId });
      else t.act({ kind: 'draw' }, [1]);
    }
    expect(bag().drawn).toBe(0);
    const tryA = (id: string) => () => t.record({ kind: 'bag.activate', formationId: id });
    expect(tryA('A-f3')).toThrow(/A-f3 \(A\) was destroyed: it cannot activate/);
    expect(tryA('A-f2')).toThrow(/A-f2 \(A\) is held in reserve: it gets a token from round two/);
    expect(tryA('B-f1')).toThrow(/B-f1 \(B\) is side B’s: the token drawn is side A’s colour/);
    t.record({ kind: 'bag.activate', formationId: 'A-f1' });
    while (bag().drawn !== 0 && t.state.phase === 'activations') {
      if (bag().drawn !== null) t.record({ kind: 'bag.activate', formationId: bag().waiting.find((w) => w.owner === bag().drawn)!.formationId });
      else t.act({ kind: 'draw' }, [1]);
    }
    if (bag().drawn === 0) expect(tryA('A-f1')).toThrow(/A-f1 \(A\) has already activated this round/);
  });

  it('a formation destroyed mid-round takes its undrawn token out of the bag, and the round says why', () => {
    const t = new Table(lifeSetup()).toRoundOne();
    t.record({ kind: 'command.done' });
    const tokensOfA = () => (t.state.activation as BagState).tokens.filter((x) => x === 0).length;
    expect(tokensOfA()).toBe(4); // the command group, the Core squad, the patrol and the Heavy
    t.record({ kind: 'record.casualties', side: 'A', formationId: 'A-f1', killed: 3, retreated: 0 });
    expect(tokensOfA()).toBe(3);
    expect(t.state.rounds[0]!.tokensWithdrawn).toEqual(['A-f1']);
  });

  it('a record made before the life cycle still replays as it was accepted; a new event is held to it', () => {
    const legacy = setupOf(army('A', [{ slot: 'heavy', models: 1, veteranSixes: 1 }]), army('B', [{ slot: 'core', models: 3 }]), null);
    const t = new Table(legacy).toRoundOne();
    t.record({ kind: 'command.done' });
    t.record({ kind: 'record.casualties', side: 'A', formationId: 'A-f1', killed: 1, retreated: 0 });
    const stored = [
      ...t.events,
      {
        id: 'old',
        at: '2026-11-30T19:00:59Z',
        struck: false,
        body: { kind: 'record.veteranSix', side: 'A', formationId: 'A-f1', pool: null, replacing: null } as const,
      },
    ];
    expect(foldEvents(legacy, t.rules, stored).sides.A.formations.find((f) => f.id === 'A-f1')!.veteranSixesSpent).toBe(1);
    expect(() => t.record({ kind: 'record.veteranSix', side: 'A', formationId: 'A-f1' })).toThrow(/was destroyed/);
  });
});

describe('the life cycle as a table [Field Manual §4, §5, §7]', () => {
  it.each([
    ['on the table', {}, 'on-table'],
    ['held in reserve', { inReserve: true }, 'reserve'],
    ['uncloaked this round', { uncloakedRound: 2 }, 'arrived'],
    ['uncloaked the round before', { uncloakedRound: 1 }, 'on-table'],
    ['every model killed', { killed: 3 }, 'destroyed'],
    // a retreated fighter is a survivor (DIGEST 16.3): only a formation with every model killed is destroyed
    ['some killed, the rest retreated', { killed: 1, retreated: 2 }, 'retreated'],
    ['every model retreated', { retreated: 3 }, 'retreated'],
  ] as const)('%s: %s', (_, f, status) => {
    const formation = { id: 'p', name: 'Patrol', slot: 'skirmisher', startingModels: 3, killed: 0, retreated: 0, inReserve: false, uncloakedRound: null, ...f };
    expect(statusOf({ round: 2, sides: { A: { formations: [formation] } } } as never, 'A', formation as never)).toBe(status);
  });

  it('a battle that is over takes no more actions', () => {
    const s = new Table(lifeSetup()).toRoundOne().state;
    expect(formationRefusal(s, 'A', 'A-f1', 'deal-wounds')).toBeNull();
    const over = { ...s, phase: 'over' as const };
    expect(formationRefusal(over, 'A', 'A-f1', 'deal-wounds')).toBe('The battle is over: A-f1 (A) can no longer deal Wounds.');
    // but for the trophy of a cryptid defeated in the battle's last moments
    expect(formationRefusal(over, 'A', 'A-f1', 'claim-trophy')).toBeNull();
  });
});

describe('crossover Veteran Sixes: both sides use min(a, b), or both 0 (DIGEST AMB-24)', () => {
  const side = (name: string, held: number, used: number) => ({ name, campaignMission: 2, fieldedPoints: 300, veteranSixesHeld: held, veteranSixesUsed: used });
  it.each([
    [3, 2, 2, true],
    [3, 2, 0, true],
    [3, 2, 1, false], // a smaller equal pair is neither the matched number nor none
    [3, 2, 3, false],
    [0, 2, 0, true],
  ])('holding %i and %i, both using %i: allowed %s', (a, b, used, ok) => {
    expect(checkCrossover(side('Ana', a, used), side('Bo', b, used)).ok).toBe(ok);
  });
});

describe('an Officer posted to a squad is one of its models [DIGEST 3.4–3.5]', () => {
  const posted = () =>
    battleSetupSchema.parse({
      ...setupOf(army('A', [{ slot: 'core', models: 6 }], [{ attachedTo: 'A-f1' }, { attachedTo: null }]), army('B', [{ slot: 'core', models: 3 }]), null),
      lifeCycle: true,
    });
  it('its loss is recorded with the squad it fights in, not the command group', () => {
    const t = new Table(posted()).toRoundOne();
    t.record({ kind: 'command.done' });
    expect(() => t.record({ kind: 'record.casualties', side: 'A', formationId: 'A-cmd', killed: 1, retreated: 0, officerIds: ['A-o1'] })).toThrow(
      /Officer 1 is posted to A-f1: record their loss with that squad/,
    );
    expect(() => t.record({ kind: 'record.casualties', side: 'A', formationId: 'A-f1', killed: 1, retreated: 0, officerIds: ['A-o2'] })).toThrow(
      /Officer 2 is not posted to A-f1/,
    );
    t.record({ kind: 'record.casualties', side: 'A', formationId: 'A-f1', killed: 2, retreated: 0, officerIds: ['A-o1'] });
    expect(t.state.sides.A.officers.find((o) => o.id === 'A-o1')!.lost).toBe(true);
    expect(t.state.sides.A.formations.find((f) => f.id === 'A-f1')!.killed).toBe(2);
  });
});
