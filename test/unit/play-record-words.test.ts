import { describe, expect, it } from 'vitest';
import { cryptidWoundsLeft, describeEvent, formationChoice } from '../../src-renderer/src/sections/play/battle/describe-event';
import type { BattleEvent } from '../../src-shared/battle/events';
import { citeFieldManual } from '../../src-shared/naming';
import { army, setupOf, Table } from '../helpers/battle';

/** Issue 15: the record and the refusals speak the player's words: names from the pack, the Field Manual's sections. */
const pack = {
  provinces: [{ id: 'ashen-moors', name: 'The Ashen Moors' }],
  orders: [{ id: 'forced-march', name: 'Forced March' }],
  gambits: [{ id: 'hold-fast', name: 'Hold Fast' }],
  captainAbilities: [{ id: 'sins-of-greed', name: 'Sins of Greed' }],
  cryptids: [{ id: 'nuckelavee', name: 'Nuckelavee' }],
  cryptidRules: { behaviour: [{ id: 'stalk', name: 'Stalk' }] },
} as never;
const setup = setupOf(
  army('Ana', [
    { slot: 'core', models: 5 },
    { slot: 'skirmisher', models: 3, reserveEligible: true },
  ]),
  army('Bo', [{ slot: 'core', models: 5 }]),
);
const ev = (id: string, body: unknown): BattleEvent => ({ id, seq: 0, round: 1, at: '2026-12-02T00:00:00Z', struck: false, body }) as unknown as BattleEvent;
const line = (body: unknown) => describeEvent(ev('e', body), setup, pack);

describe('the battle record in names', () => {
  it('names provinces, orders, gambits, abilities, cryptids and behaviours, and says whose roll is whose', () => {
    expect(line({ kind: 'setup.scenario', provinceId: 'ashen-moors', campaignGame: 1 })).toBe('Scenario chosen (province: The Ashen Moors, campaign game 1)');
    expect(line({ kind: 'command.order', side: 'A', orderId: 'forced-march', formationId: 'Ana-f1', reach: null })).toBe('Ana: Forced March to Ana-f1 (Ana)');
    expect(line({ kind: 'command.ability', side: 'B', abilityId: 'sins-of-greed' })).toBe('Bo declares Sins of Greed');
    expect(line({ kind: 'gambit', side: 'A', gambitId: 'hold-fast', formationId: null })).toBe('Ana uses Hold Fast');
    expect(line({ kind: 'setup.rolloff', rolls: [[6, 5]], winner: 'A' })).toBe('Deployment roll-off (Ana 6, Bo 5): Ana chooses the edge');
    expect(line({ kind: 'event.resolved', d20: 3, outcome: 'cryptid', cryptid: { cryptidId: 'nuckelavee' }, storm: null })).toBe(
      'Event D20 3: the cryptid Nuckelavee',
    );
    expect(line({ kind: 'cryptid.act', engaged: false, rolls: [[2, 4]], target: 'A', behaviourRoll: 5, behaviourId: 'stalk' })).toBe(
      'Cryptid targets Ana (lower roll: Ana 2, Bo 4), behaviour D6 5: Stalk',
    );
    expect(line({ kind: 'record.vp', side: 'A', amount: 2, source: 'relic' })).toBe('Ana +2 VP (Relic extracted)');
    expect(line({ kind: 'mutant.kill', objective: 0, side: 'B', count: 1 })).toBe('1 mutant at objective 1 killed by Bo');
  });

  it('credits the cryptid only the Wounds it had left', () => {
    const log = [
      ev('r', { kind: 'event.resolved', d20: null, outcome: 'cryptid', cryptid: { cryptidId: 'nuckelavee', startingWounds: 6 }, storm: null }),
      ev('w1', { kind: 'cryptid.wound', side: 'A', formationId: 'Ana-f1', attack: 'ranged', amount: 8 }),
    ];
    const left = cryptidWoundsLeft(log);
    expect(describeEvent(log[1]!, setup, pack, { cryptidLeft: left.get('w1') })).toBe(
      '6 Wounds to the cryptid by Ana-f1 (Ana) (ranged): 8 dealt, only 6 left to take',
    );
  });

  it('a formation to pick shows its type and models left; the three patrols read apart', () => {
    const t = new Table(setup).toRoundOne({ A: ['Ana-f2'], B: [] });
    expect(formationChoice(t.state, 'Ana-f1')).toMatchObject({ name: 'Ana-f1', detail: 'Core squad · 5 models left' });
    expect(formationChoice(t.state, 'Ana-f2')).toMatchObject({ heldInReserve: true, detail: 'Skirmisher patrol · 3 models left · in reserve' });
    expect(new Set(['patrol-1', 'patrol-2', 'patrol-3'].map((id) => formationChoice(t.state, id).name)).size).toBe(3);
  });

  it('a patrol still in reserve deals no Wounds: the backend refuses them', () => {
    const t = new Table(setup).toRoundOne({ A: ['Ana-f2'], B: [] });
    expect(() => t.record({ kind: 'record.wounds', side: 'A', formationId: 'Ana-f2', attack: 'ranged', amount: 1 })).toThrow(/still in reserve/);
  });
});

describe('refusals cite the Field Manual, not the digest', () => {
  it.each([
    ['No orders this phase (DIGEST 7.7).', 'No orders this phase (Field Manual §6).'],
    ['Once per match (Field Manual §8, DIGEST AMB-15).', 'Once per match (Field Manual §8; ruling AMB-15).'],
    ['A tie rerolls (DIGEST 4.1, AMB-20).', 'A tie rerolls (Field Manual §3; ruling AMB-20).'],
    ['Roll off first (the rolloff ruling, DIGEST AMB-03).', 'Roll off first (ruling AMB-03).'],
    ['At most 1 protected inside (DIGEST AMB-19f).', 'At most 1 protected inside (ruling AMB-19f).'],
    ['Broken: it withdraws (DIGEST §23 T15).', 'Broken: it withdraws (alternating-activation house rule).'],
    ['Officers may only be posted to a Core or Elite squad (DIGEST 3.3).', 'Officers may only be posted to a Core or Elite squad (Field Manual §6).'],
    ['A chapter the Field Manual lacks (DIGEST 17.8).', 'A chapter the Field Manual lacks.'],
    ['Already in the Field Manual (Field Manual §6).', 'Already in the Field Manual (Field Manual §6).'],
  ])('%s', (from, to) => expect(citeFieldManual(from)).toBe(to));

  it('translating twice changes nothing, so every screen may translate what it shows', () => {
    const once = citeFieldManual('Once per match (Field Manual §8, DIGEST AMB-15).');
    expect(citeFieldManual(once)).toBe(once);
  });
});
