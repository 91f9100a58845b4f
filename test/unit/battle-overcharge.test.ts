import { describe, expect, it } from 'vitest';
import { gambitRefusal, overchargeAttackerRefusal, overchargeRefusal, overchargingOfficer } from '../../src-shared/battle/gambits';
import { BATTLE_RULES } from '../fixtures/battle-rules';
import { army, setupOf, Table } from '../helpers/battle';

/**
 * [000 §8 L133] "Overcharge applies to HQ and Elite ranged attacks; successful hits add D6 Damage, while every missed attack
 * die (including a critical miss) deals D3 Wounds to its attacker without an armour Save."
 * DIGEST AMB-13: "HQ" is undefined; resolve it as the Captain and Officers. It cannot be combined with the Deadshot hunting
 * rifle, which is a Skirmisher weapon and not HQ or Elite.
 */

/** A: command group (A-cmd), Core A-f1 hosting Officer 1, Core A-f2, Elite A-f3, Skirmishers A-f4, Heavy A-f5. */
const table = () =>
  new Table(
    setupOf(
      army(
        'A',
        [
          { slot: 'core', models: 5 },
          { slot: 'core', models: 5 },
          { slot: 'elite', models: 3 },
          { slot: 'skirmisher', models: 3 },
          { slot: 'heavy', models: 1 },
        ],
        [{ attachedTo: 'A-f1' }, { attachedTo: null }, { attachedTo: null }, { attachedTo: null }],
      ),
      army('B', [{ slot: 'core', models: 5 }]),
    ),
  ).toRoundOne();

describe('Overcharge: HQ and Elite ranged attacks only [000 L133, AMB-13]', () => {
  it.each([
    ['the command group (Captain and Officers)', 'A-cmd', null],
    ['an Elite squad', 'A-f3', null],
    ['a Core squad hosting a living Officer (that Officer’s shots)', 'A-f1', null],
    ['a Core squad without an Officer', 'A-f2', /HQ and Elite ranged attacks only: A-f2 is neither/],
    ['a Skirmisher patrol (the Deadshot rifle included)', 'A-f4', /HQ and Elite ranged attacks only: A-f4/],
    ['a Heavy', 'A-f5', /HQ and Elite ranged attacks only: A-f5/],
  ] as const)('%s', (_, formationId, refusal) => {
    const why = overchargeRefusal(table().state, 'A', formationId);
    if (refusal === null) expect(why).toBeNull();
    else expect(why).toMatch(refusal);
  });

  it('a Core host overcharges through its Officer only, and not once that Officer is lost', () => {
    const t = table();
    expect(overchargingOfficer(t.state, 'A', 'A-f1')).toBe('Officer 1');
    expect(overchargingOfficer(t.state, 'A', 'A-f3')).toBeNull();
    t.record({ kind: 'record.casualties', side: 'A', formationId: 'A-cmd', killed: 1, retreated: 0, officerIds: ['A-o1'] });
    expect(overchargeRefusal(t.state, 'A', 'A-f1')).toMatch(/HQ and Elite ranged attacks only/);
  });

  it('the backend refuses an Overcharge for a Core squad, or without the formation, and writes nothing; the Elite may', () => {
    const t = table();
    const before = t.events.length;
    expect(() => t.record({ kind: 'gambit', side: 'A', gambitId: 'overcharge', formationId: 'A-f2' })).toThrow(/HQ and Elite ranged attacks only/);
    expect(() => t.record({ kind: 'gambit', side: 'A', gambitId: 'overcharge' })).toThrow(/Say which formation overcharges/);
    expect(t.events).toHaveLength(before);
    t.record({ kind: 'gambit', side: 'A', gambitId: 'overcharge', formationId: 'A-f3' });
    expect(t.state.rounds[0]!.gambits).toEqual([{ side: 'A', gambitId: 'overcharge', formationId: 'A-f3' }]);
    // still one gambit per player per round (DIGEST 5.7)
    expect(gambitRefusal(t.state, BATTLE_RULES, { side: 'A', gambitId: 'second-chance' })).toMatch(/One Field Gambit per player per round/);
  });

  it('an Overcharge recorded before the formation was asked still replays; other gambits need no formation', () => {
    const t = table();
    // the record as an older version wrote it: replayed directly, past the intent's check
    t.events.push({ id: 'old', at: '2026-11-30T19:00:00.000Z', struck: false, body: { kind: 'gambit', side: 'A', gambitId: 'overcharge' } });
    expect(t.state.gambitsThisRound).toEqual(['A']);
    t.record({ kind: 'gambit', side: 'B', gambitId: 'second-chance' });
    expect(t.state.gambitsThisRound).toEqual(['A', 'B']);
  });

  it.each([
    ['the Captain', { side: 'A', formationId: 'A-cmd', hq: true }, null],
    ['an Officer posted to a Core squad', { side: 'A', formationId: 'A-f1', hq: true }, null],
    ['a fighter of that Core squad', { side: 'A', formationId: 'A-f1', hq: false }, /A-f1 is neither/],
    ['an Elite fighter', { side: 'A', formationId: 'A-f3', hq: false }, null],
    ['a Skirmisher with the Deadshot rifle', { side: 'A', formationId: 'A-f4', hq: false }, /A-f4 is neither/],
    ['the cryptid', { side: null, formationId: null }, /HQ and Elite ranged attacks only/],
  ] as const)('in the odds drawer: %s', (_, attacker, refusal) => {
    const why = overchargeAttackerRefusal(table().state, attacker);
    if (refusal === null) expect(why).toBeNull();
    else expect(why).toMatch(refusal);
  });
});
