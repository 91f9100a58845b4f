import { describe, expect, it } from 'vitest';
import { abilityRefusal, fieldRepairsRegained, intercessionSplit } from '../../src-shared/battle/abilities';
import { battleTotals } from '../../src-shared/battle/summary';
import { battleEventBodySchema } from '../../src-shared/battle/events.schema';
import { applyEvent } from '../../src-shared/battle/reducer';
import { BATTLE_RULES } from '../fixtures/battle-rules';
import { army, setupOf, Table, twoCores } from '../helpers/battle';

/**
 * Limited unit abilities, each offered while it may be used and not after:
 * [000 L189] Clockwork Overdrive: "Once per battle, declare it before shooting … one additional ranged attack."
 * [000 L216] Rift Shock: "Once per battle, after this Shatterbound successfully Wounds a model in melee, push that model up to 2″"
 * [000 L225] Field Repairs: "once per battle, if the cannon did not move this activation, roll a D6; on 5+ it regains 1 lost Wound,
 *            up to its starting maximum."
 */
const table = () =>
  new Table(
    setupOf(
      army('A', [
        { slot: 'heavy', models: 1, abilities: ['field-repairs'] },
        { slot: 'heavy', models: 1, abilities: ['clockwork-overdrive'] },
        { slot: 'core', models: 5 },
      ]),
      army('B', [
        { slot: 'heavy', models: 1, abilities: ['rift-shock'] },
        { slot: 'core', models: 5 },
      ]),
    ),
  ).toRoundOne();

const use = (side: 'A' | 'B', formationId: string, abilityId: string, extra: { moved?: boolean; woundsLost?: number; roll?: number } = {}) => ({
  kind: 'use-ability' as const,
  side,
  formationId,
  abilityId,
  ...extra,
});

describe('Clockwork Overdrive: declared in its own activation, once per battle [000 L189]', () => {
  it('not before its activation, then once; a second use is refused and nothing is written', () => {
    const t = table();
    expect(() => t.act(use('A', 'A-f2', 'clockwork-overdrive'))).toThrow(/declared in A-f2’s own activation/);
    t.activateFormation('A-f2');
    expect(abilityRefusal(t.state, { side: 'A', formationId: 'A-f2', abilityId: 'clockwork-overdrive' })).toBeNull();
    t.act(use('A', 'A-f2', 'clockwork-overdrive'));
    const n = t.events.length;
    expect(() => t.act(use('A', 'A-f2', 'clockwork-overdrive'))).toThrow(/once per battle: A-f2 used it in round 1/);
    expect(t.events).toHaveLength(n);
    expect(t.state.rounds[0]!.abilityUses).toEqual([{ side: 'A', formationId: 'A-f2', abilityId: 'clockwork-overdrive', roll: null, regained: 0 }]);
  });

  it('a formation without it cannot use it', () => {
    const t = table();
    t.activateFormation('A-f1');
    expect(() => t.act(use('A', 'A-f1', 'clockwork-overdrive'))).toThrow(/does not have Clockwork Overdrive/);
  });

  it('undo: striking the use gives it back', () => {
    const t = table();
    t.activateFormation('A-f2');
    const [ev] = t.act(use('A', 'A-f2', 'clockwork-overdrive'));
    t.act({ kind: 'strike', eventId: ev!.id });
    expect(abilityRefusal(t.state, { side: 'A', formationId: 'A-f2', abilityId: 'clockwork-overdrive' })).toBeNull();
  });
});

describe('Rift Shock: when it wounds in melee, in any activation, once per battle [000 L216]', () => {
  it('usable in the Command Phase or an enemy activation; not once it is destroyed', () => {
    const t = table();
    t.act(use('B', 'B-f1', 'rift-shock'));
    expect(() => t.act(use('B', 'B-f1', 'rift-shock'))).toThrow(/once per battle/);
    const u = table();
    u.record({ kind: 'record.casualties', side: 'B', formationId: 'B-f1', killed: 1, retreated: 0 });
    expect(() => u.act(use('B', 'B-f1', 'rift-shock'))).toThrow(/B-f1 \(B\) was destroyed: it cannot use an ability/);
    // the ability's own rule, asked alone, still says why in its words
    expect(abilityRefusal(u.state, { side: 'B', formationId: 'B-f1', abilityId: 'rift-shock' })).toMatch(/no model left/);
  });
});

describe('Field Repairs: if it did not move, D6 5+ regains 1 Wound up to its maximum, once per battle [000 L225]', () => {
  it.each([
    [1, 2, 0],
    [4, 2, 0],
    [5, 2, 1],
    [6, 1, 1],
    [6, 0, 0],
  ])('D6 %i with %i Wound(s) lost regains %i', (roll, lost, regained) => {
    expect(fieldRepairsRegained(roll, lost)).toBe(regained);
  });

  it('exact odds by enumerating the D6: 2 in 6 to regain a Wound when one is lost', () => {
    const faces = [1, 2, 3, 4, 5, 6].map((d) => fieldRepairsRegained(d, 1));
    expect(faces.filter((x) => x === 1).length / 6).toBe(1 / 3);
  });

  it('refused after moving or with nothing lost; the D6 is rolled by the app and recorded', () => {
    const t = table();
    t.activateFormation('A-f1');
    expect(() => t.act(use('A', 'A-f1', 'field-repairs', { moved: true, woundsLost: 2 }), [6])).toThrow(/did not move this activation/);
    expect(() => t.act(use('A', 'A-f1', 'field-repairs', { woundsLost: 0 }), [6])).toThrow(/lost no Wound/);
    t.act(use('A', 'A-f1', 'field-repairs', { woundsLost: 2 }), [5]);
    expect(t.events[t.events.length - 1]!.body).toMatchObject({ kind: 'ability.use', roll: 5, regained: 1, entered: false });
    expect(() => t.act(use('A', 'A-f1', 'field-repairs', { woundsLost: 1 }), [6])).toThrow(/once per battle/);
  });

  it('a D6 rolled at the table is taken as entered; a finished event with a wrong result is refused', () => {
    const t = table();
    t.activateFormation('A-f1');
    expect(() =>
      t.record({ kind: 'ability.use', side: 'A', formationId: 'A-f1', abilityId: 'field-repairs', woundsLost: 1, roll: 6, regained: 0 } as never),
    ).toThrow(/rolled by the app/);
    t.act(use('A', 'A-f1', 'field-repairs', { woundsLost: 1, roll: 3 }));
    expect(t.events[t.events.length - 1]!.body).toMatchObject({ roll: 3, regained: 0, entered: true });
  });
});

describe('the battle report lists each use (Field Manual §12)', () => {
  it('with Field Repairs’ D6 and what it regained', () => {
    const t = table();
    t.activateFormation('A-f1');
    t.act(use('A', 'A-f1', 'field-repairs', { woundsLost: 1 }), [6]);
    expect(battleTotals(t.state, BATTLE_RULES).abilityUses).toEqual([
      { round: 1, side: 'A', name: 'A-f1', ability: 'Field Repairs', result: 'D6 6: regained 1 Wound' },
    ]);
  });
});

describe('Intercession: once per round, a Core fighter within 3", never more than the Sacristan has left [000 L174]', () => {
  const sacristan = () =>
    new Table(
      setupOf(
        army('A', [
          { slot: 'elite', models: 1, abilities: ['intercession'] },
          { slot: 'core', models: 5 },
        ]),
        army('B', twoCores),
      ),
    ).toRoundOne();
  const intercede = (extra: { withinRange?: boolean; woundsLeft?: number } = {}) => ({
    kind: 'use-ability' as const,
    side: 'A' as const,
    formationId: 'A-f1',
    abilityId: 'intercession',
    withinRange: true,
    woundsLeft: 2,
    ...extra,
  });
  it('usable in any activation; refused out of 3" or with no Wound left; once per round, again next round', () => {
    const t = sacristan();
    expect(() => t.act(intercede({ withinRange: false }))).toThrow(/within 3" only/);
    expect(() => t.act(intercede({ woundsLeft: 0 }))).toThrow(/no Wound left/);
    t.act(intercede());
    expect(() => t.act(intercede())).toThrow(/once per round: A-f1 has used it this round/);
    t.quietRound();
    t.act(intercede());
    expect(t.state.sides.A.formations.find((f) => f.id === 'A-f1')!.abilitiesUsed).toEqual([
      { abilityId: 'intercession', round: 1 },
      { abilityId: 'intercession', round: 2 },
    ]);
  });

  // [000 L174] "the Sacristan may take 1 of those Wounds"; never more than it has left
  it.each([
    [2, 2, { sacristan: 1, fighter: 1 }],
    [1, 2, { sacristan: 1, fighter: 0 }],
    [3, 1, { sacristan: 1, fighter: 2 }],
    [2, 0, { sacristan: 0, fighter: 2 }],
  ])('%i unsaved Wounds, the Sacristan with %i left: the engine splits them %o', (unsaved, left, split) => {
    expect(intercessionSplit(unsaved, left)).toEqual(split);
  });

  it('the split is the engine’s, recorded with the use; a split entered otherwise is refused', () => {
    const t = sacristan();
    t.act({ ...intercede(), unsavedWounds: 3 });
    expect(t.state.rounds[0]!.abilityUses[0]).toMatchObject({ abilityId: 'intercession', split: { sacristan: 1, fighter: 2 } });
    const u = sacristan();
    // a record carrying another split (an edited file, another client) is refused by the handler itself
    const body = battleEventBodySchema.parse({
      kind: 'ability.use',
      side: 'A',
      formationId: 'A-f1',
      abilityId: 'intercession',
      withinRange: true,
      woundsLeft: 2,
      unsavedWounds: 3,
      split: { sacristan: 2, fighter: 1 },
    });
    expect(() => applyEvent(u.state, { id: 'x', at: '2026-12-04T19:00:00Z', body }, BATTLE_RULES)).toThrow(/the Sacristan takes 1 and the fighter 2/);
  });
});

describe('Veilstep: from round 2, once per round, in its own activation [000 L213, AMB-28]', () => {
  it('refused in round 1', () => {
    const t = new Table(setupOf(army('A', [{ slot: 'skirmisher', models: 3, abilities: ['veilstep'] }, ...twoCores]), army('B', twoCores))).toRoundOne();
    t.activateFormation('A-f1');
    expect(() => t.act(use('A', 'A-f1', 'veilstep'))).toThrow(/from round 2/);
  });
});
