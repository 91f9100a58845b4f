import { describe, expect, it } from 'vitest';
import { behaviourForRoll, cryptidDiceEarned, isEnragedAt, provinceSlot, rolloffLower } from '../../src-shared/battle/cryptid';
import { victoryPoints } from '../../src-shared/battle/reducer';
import { stormWounds, bandWounds } from '../../src-shared/battle/storm';
import { BATTLE_RULES } from '../fixtures/battle-rules';
import { army, setupOf, Table, twoCores } from '../helpers/battle';

const newTable = (mission: number | null = 1, abilities: [string | null, string | null] = [null, null]) =>
  new Table(setupOf(army('A', twoCores, [], abilities[0]), army('B', twoCores, [], abilities[1]), mission)).toRoundOne();

describe('orders and signature abilities [000 §6, §9], DIGEST 7.1, 7.7, 10.0, AMB-35', () => {
  it('up to two orders, to two separate formations', () => {
    const t = newTable();
    t.record({ kind: 'command.order', side: 'A', orderId: 'steady-fire', formationId: 'A-f1' });
    expect(() => t.record({ kind: 'command.order', side: 'A', orderId: 'hold-fast', formationId: 'A-f1' })).toThrow(/separate formation/);
    t.record({ kind: 'command.order', side: 'A', orderId: 'hold-fast', formationId: 'A-f2' });
    expect(() => t.record({ kind: 'command.order', side: 'A', orderId: 'forced-march', formationId: 'A-cmd' })).toThrow(/Up to two orders/);
    t.record({ kind: 'command.order', side: 'B', orderId: 'forced-march', formationId: 'B-f1' });
    expect(t.state.rounds[0]!.orders).toHaveLength(3);
  });

  it('no orders once the Captain is dead (AMB-35)', () => {
    const t = newTable();
    t.record({ kind: 'record.casualties', side: 'A', formationId: 'A-cmd', killed: 1, retreated: 0, captain: true });
    expect(() => t.record({ kind: 'command.order', side: 'A', orderId: 'steady-fire', formationId: 'A-f1' })).toThrow(/AMB-35/);
  });

  it('Sins of Greed takes the opponent’s orders for that Command Phase only (DIGEST 7.7)', () => {
    const t = newTable(1, ['sins-of-greed', null]);
    t.act({ kind: 'ability', side: 'A', abilityId: 'sins-of-greed' });
    expect(() => t.record({ kind: 'command.order', side: 'B', orderId: 'steady-fire', formationId: 'B-f1' })).toThrow(/Sins of Greed/);
    t.record({ kind: 'command.order', side: 'A', orderId: 'steady-fire', formationId: 'A-f1' });
    t.record({ kind: 'command.done' });
    t.drawAll();
    t.act({ kind: 'end-round', holders: [null, null, null] });
    t.record({ kind: 'command.order', side: 'B', orderId: 'steady-fire', formationId: 'B-f1' });
  });

  it('abilities: once per battle, declared before orders, a D6 roll-off when both declare (DIGEST 5.10, 10.0)', () => {
    const t = newTable(1, ['iron-edict', 'sins-of-greed']);
    t.record({ kind: 'command.order', side: 'A', orderId: 'steady-fire', formationId: 'A-f1' });
    expect(() => t.act({ kind: 'ability', side: 'B', abilityId: 'sins-of-greed' })).toThrow(/before any orders/);
    const u = newTable(1, ['iron-edict', 'sins-of-greed']);
    expect(() => u.act({ kind: 'ability', side: 'A', abilityId: 'sins-of-greed' })).toThrow(/not this Captain/);
    u.act({ kind: 'ability', side: 'A', abilityId: 'iron-edict' });
    u.act({ kind: 'ability', side: 'B', abilityId: 'sins-of-greed' }, [4, 4, 2, 5]);
    expect(u.state.rounds[0]!.abilityRolloff).toEqual({
      rolls: [
        [4, 4],
        [2, 5],
      ],
      first: 'B',
    });
    u.quietRound();
    expect(() => u.act({ kind: 'ability', side: 'A', abilityId: 'iron-edict' })).toThrow(/once per battle/);
  });

  it('one Field Gambit per player per round (DIGEST 5.7)', () => {
    const t = newTable();
    t.record({ kind: 'gambit', side: 'A', gambitId: 'second-chance' });
    expect(() => t.record({ kind: 'gambit', side: 'A', gambitId: 'overcharge' })).toThrow(/One Field Gambit/);
    // Overcharge names the HQ or Elite formation it is for (gambits.ts)
    t.record({ kind: 'gambit', side: 'B', gambitId: 'overcharge', formationId: 'B-cmd' });
  });
});

describe('the round-two event [000 §4 step 2, §10], DIGEST 12.1–12.4, AMB-07, AMB-08', () => {
  const table: [number, 'cryptid' | 'storm'][] = [
    [1, 'cryptid'],
    [10, 'cryptid'],
    [11, 'storm'],
    [20, 'storm'],
  ];
  for (const [d20, outcome] of table) {
    it(`a D20 of ${d20} brings a ${outcome}`, () => {
      const t = newTable(1);
      t.record({ kind: 'command.done' });
      t.drawAll();
      t.act({ kind: 'end-round', holders: [null, null, null] });
      t.record({ kind: 'command.done' });
      expect(t.state.phase).toBe('event'); // after the Command Phase (AMB-07)
      t.act({ kind: 'resolve-event' }, outcome === 'cryptid' ? [d20, 1, 1] : [d20, 3, 2]);
      expect(t.state.event).toMatchObject({ resolved: true, d20, outcome });
      expect(t.state.phase).toBe(outcome === 'cryptid' ? 'cryptid' : 'activations');
    });
  }

  it('Mission 3 has a guaranteed cryptid: no D20 is rolled (AMB-08)', () => {
    const t = newTable(3);
    t.record({ kind: 'command.done' });
    t.drawAll();
    t.act({ kind: 'end-round', holders: [null, null, null] });
    t.record({ kind: 'command.done' });
    t.act({ kind: 'resolve-event' }, [5, 3]); // province D6 5 → third creature; entry D6 3 → left edge
    expect(t.state.event.d20).toBeNull();
    expect(t.state.cryptid).toMatchObject({ cryptidId: 'nuckelavee', startingWounds: 20, entryId: 'left-edge' });
  });

  it('the event happens once per battle', () => {
    const t = newTable(1);
    for (let r = 1; r <= 3; r++) {
      t.record({ kind: 'command.done' });
      if (t.state.phase === 'event') t.act({ kind: 'resolve-event' }, [15, 2, 5]);
      t.drawAll();
      t.act({ kind: 'end-round', holders: [null, null, null] }, [1, 1]);
    }
    expect(t.state.round).toBe(4);
    t.record({ kind: 'command.done' });
    expect(t.state.phase).toBe('activations');
  });
});

describe('the cryptid [001 steps 01–06, 000 §10], DIGEST 13.2–13.16', () => {
  it('province table: D6 1–2 first, 3–4 second, 5–6 third (DIGEST 13.2)', () => {
    expect([1, 2, 3, 4, 5, 6].map(provinceSlot)).toEqual([0, 0, 1, 1, 2, 2]);
  });
  it('behaviour D6: 1–2 Stalk, 3–4 Hunt, 5 Rush, 6 Feral Instinct (DIGEST 13.8)', () => {
    expect([1, 2, 3, 4, 5, 6].map((r) => behaviourForRoll(BATTLE_RULES.cryptidRules, r).id)).toEqual([
      'stalk',
      'stalk',
      'hunt',
      'hunt',
      'rush',
      'feral-instinct',
    ]);
  });
  it('target roll-off: the lower roll is targeted, ties reroll (DIGEST 13.4; 001 worked example A 5, B 2 → B)', () => {
    expect(rolloffLower([[5, 2]])).toBe('B');
    expect(rolloffLower([[1, 6]])).toBe('A');
    expect(rolloffLower([[3, 3]])).toBeNull();
    expect(
      rolloffLower([
        [3, 3],
        [4, 6],
      ]),
    ).toBe('A');
  });

  const enraged: [number, number, 'half-or-below' | 'half-rounded-up', boolean][] = [
    [8, 15, 'half-or-below', false],
    [7, 15, 'half-or-below', true],
    [8, 15, 'half-rounded-up', true],
    [9, 15, 'half-rounded-up', false],
    [11, 20, 'half-or-below', false],
    [10, 20, 'half-or-below', true],
    [10, 20, 'half-rounded-up', true],
  ];
  for (const [remaining, start, option, expected] of enraged) {
    it(`Enraged with ${remaining} of ${start} Wounds left under ${option}: ${expected} (DIGEST 13.11, AMB-05)`, () => {
      expect(isEnragedAt(remaining, start, option)).toBe(expected);
    });
  }

  it('Cryptid Dice: floor(wounds / 5) per squad, never pooled (DIGEST 13.13: squads 4, 4, 4 earn none)', () => {
    expect(cryptidDiceEarned([4, 4, 4])).toBe(0);
    expect(cryptidDiceEarned([5, 9, 10])).toBe(4);
  });

  function withCryptid(threshold: 'half-or-below' | 'half-rounded-up' = 'half-or-below') {
    const t = new Table(setupOf(army('A', twoCores), army('B', twoCores), 3), { ...BATTLE_RULES, options: { enragedThreshold: threshold } }).toRoundOne();
    t.record({ kind: 'command.done' });
    t.drawAll();
    t.act({ kind: 'end-round', holders: [null, null, null] });
    t.record({ kind: 'command.done' });
    t.act({ kind: 'resolve-event' }, [1, 1]); // first creature, 15 Wounds, centre
    return t;
  }

  it('spawns, acts before the activations, is Enraged at 7 of 15 (latched), credits actual Wounds only, drops its trophy', () => {
    const t = withCryptid();
    expect(t.state.phase).toBe('cryptid');
    t.act({ kind: 'cryptid-act', engaged: false }, [3, 3, 5, 2, 4]); // tie, then A 5 / B 2: B targeted; behaviour 4 → Hunt
    expect(t.state.cryptid).toMatchObject({ lastTarget: 'B', lastBehaviourId: 'hunt' });
    expect(t.state.phase).toBe('activations');
    t.record({ kind: 'cryptid.wound', side: 'A', formationId: 'A-f1', attack: 'ranged', amount: 7 });
    expect(t.state.cryptid!.enraged).toBe(false);
    t.record({ kind: 'cryptid.wound', side: 'B', formationId: 'B-f1', attack: 'melee', amount: 1 });
    expect(t.state.cryptid).toMatchObject({ remaining: 7, enraged: true });
    expect(() => t.record({ kind: 'cryptid.trophy', side: 'A', formationId: 'A-f1', disposition: 'banked' })).toThrow(/defeated/);
    t.record({ kind: 'cryptid.wound', side: 'B', formationId: 'B-f2', attack: 'melee', amount: 12 }); // 5 overkill not credited
    expect(t.state.cryptid).toMatchObject({ remaining: 0, defeated: true, enraged: true, credited: { A: 7, B: 8 } });
    expect(t.state.sides.B.formations.find((f) => f.id === 'B-f2')!.cryptidWounds).toBe(7);
    t.record({ kind: 'cryptid.trophy', side: 'A', formationId: 'A-f2', disposition: 'banked' });
    expect(t.state.sides.A.trophies[0]).toMatchObject({ trophyId: 'ash-wight-trophy', formationId: 'A-f2' });
  });

  it('the half-rounded-up option makes it Enraged at 8 of 15', () => {
    const t = withCryptid('half-rounded-up');
    t.act({ kind: 'cryptid-act', engaged: false }, [1, 2, 1]);
    t.record({ kind: 'cryptid.wound', side: 'A', formationId: 'A-f1', attack: 'ranged', amount: 7 });
    expect(t.state.cryptid!.enraged).toBe(true);
  });

  it('an engaged cryptid skips the target and behaviour rolls and acts again each later round (DIGEST 13.6–13.7)', () => {
    const t = withCryptid();
    t.act({ kind: 'cryptid-act', engaged: false }, [1, 2, 6]);
    t.drawAll();
    t.act({ kind: 'end-round', holders: [null, null, null] });
    t.record({ kind: 'command.done' });
    expect(t.state.phase).toBe('cryptid');
    t.act({ kind: 'cryptid-act', engaged: true });
    expect(t.state.rounds[2]!.cryptid).toMatchObject({ engaged: true, target: null, behaviourId: null });
  });
});

describe('the radiation storm [000 §10 storm], DIGEST 14.1–14.2', () => {
  const cases: [number, number, number[], number][] = [
    [3, 0, [], 3],
    [3, 2, [5, 4], 2],
    [2, 2, [6, 5], 0],
    [1, 1, [1], 1],
  ];
  for (const [inside, prot, rolls, wounds] of cases) {
    it(`${inside} inside, ${prot} protected rolling ${rolls.join(',') || '—'}: ${wounds} Wound(s)`, () => {
      expect(stormWounds({ modelsInside: inside, protectedInside: prot, protectionRolls: rolls }, BATTLE_RULES.storm)).toBe(wounds);
    });
  }

  it('arrives on an 11+, deals end-of-round exposure with protection rolls, and scatters for the next round', () => {
    // two of A-f1's models carry storm protection (DIGEST AMB-19f)
    const t = new Table(
      setupOf(
        army('A', [
          { slot: 'core', models: 5, radProtectedModels: 2 },
          { slot: 'core', models: 3 },
        ]),
        army('B', twoCores),
      ),
    ).toRoundOne();
    t.record({ kind: 'command.done' });
    t.drawAll();
    t.act({ kind: 'end-round', holders: [null, null, null] });
    t.record({ kind: 'command.done' });
    t.act({ kind: 'resolve-event' }, [14, 4, 3]);
    expect(t.state.storm).toMatchObject({ arrivedRound: 2, scatters: [{ round: 2, inches: 4, direction: 3 }] });
    t.drawAll();
    t.act({ kind: 'end-round', holders: [null, null, null], storm: [{ side: 'A', formationId: 'A-f1', modelsInside: 3, protectedInside: 2 }] }, [5, 2, 6, 1]);
    expect(t.state.rounds[1]!.storm!.woundsDealt).toBe(2);
    expect(t.state.storm!.scatters[1]).toEqual({ round: 3, inches: 6, direction: 1 });
  });

  it('Chaotic Instability: D20 15–20 stable, 2–14 one Wound, natural 1 two (DIGEST 15 P15)', () => {
    const bands = [
      { min: 1, max: 1, wounds: 2 },
      { min: 2, max: 14, wounds: 1 },
      { min: 15, max: 20, wounds: 0 },
    ];
    expect([1, 2, 14, 15, 20].map((r) => bandWounds(bands, r))).toEqual([2, 1, 1, 0, 0]);
    const t = new Table(setupOf(army('A', [...twoCores, { slot: 'heavy', models: 1, endOfRoundD20: bands }]), army('B', twoCores))).toRoundOne();
    t.record({ kind: 'command.done' });
    t.drawAll();
    t.act({ kind: 'end-round', holders: [null, null, null] }, [1]);
    expect(t.state.rounds[0]!.instabilityWounds).toBe(2);
  });
});

describe('objective scoring [000 §3], DIGEST 4.6', () => {
  it('1 VP per cleared objective held at the end of rounds 2–5, nothing in round 1', () => {
    const t = newTable(1);
    t.record({ kind: 'mutant.kill', objective: 0, side: 'A', count: 2 });
    t.record({ kind: 'mutant.kill', objective: 1, side: 'B', count: 1 });
    expect(() => t.record({ kind: 'mutant.kill', objective: 0, side: 'B', count: 1 })).toThrow(/third fled/);
    for (let r = 1; r <= 5; r++) {
      t.record({ kind: 'command.done' });
      if (t.state.phase === 'event') t.act({ kind: 'resolve-event' }, [12, 1, 1]);
      t.drawAll();
      if (r === 2) expect(() => t.act({ kind: 'end-round', holders: ['A', 'B', null] }, [1, 1])).toThrow(/still guarded/);
      t.act({ kind: 'end-round', holders: ['A', null, null] }, r < 5 ? [1, 1] : []);
    }
    expect(t.state.phase).toBe('over');
    expect(victoryPoints(t.state, BATTLE_RULES)).toEqual({ A: 4, B: 0 });
    expect(t.state.sides.A.mutantKills).toBe(2);
  });
});
