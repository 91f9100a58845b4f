import { describe, expect, it } from 'vitest';
import { battleSetupSchema } from '../../src-shared/battle/setup.schema';
import { stormEntryRefusal } from '../../src-shared/battle/storm';
import { army, Table } from '../helpers/battle';

/**
 * [000 §10 storm step 2, L163] "At the end of each round, every model inside takes 1 Wound, with a 5+ protection roll for
 * suitable equipment." DIGEST AMB-19f: "Suitable equipment" is undefined; resolution: an equipment flag `rad_protection` in
 * the data pack. So a formation has no more protected models inside than models carrying that equipment.
 */

/** Round 2 with the storm on the table: A-f1 (5 models, 2 carry protection), A-f2 (3 models, none). */
function stormRound() {
  const a = army('A', [
    { slot: 'core', models: 5 },
    { slot: 'core', models: 3 },
  ]);
  a.formations[1] = { ...a.formations[1]!, radProtectedModels: 2 } as (typeof a.formations)[number];
  const setup = battleSetupSchema.parse({ mode: 'standalone', campaignId: null, mission: null, sides: [a, army('B', [{ slot: 'core', models: 5 }])] });
  const t = new Table(setup).toRoundOne();
  t.record({ kind: 'command.done' });
  t.drawAll();
  t.act({ kind: 'end-round', holders: [null, null, null] });
  t.record({ kind: 'command.done' });
  t.act({ kind: 'resolve-event' }, [12, 1, 1]);
  t.drawAll();
  return t;
}

describe('storm protection counted against the army’s equipment [000 L163, AMB-19f]', () => {
  it.each([
    ['all inside, both carriers protected', { formationId: 'A-f1', modelsInside: 5, protectedInside: 2 }, null],
    ['a third protected model', { formationId: 'A-f1', modelsInside: 5, protectedInside: 3 }, /Only 2 of A-f1’s models carry storm protection/],
    ['a protected model in a squad with no equipment', { formationId: 'A-f2', modelsInside: 3, protectedInside: 1 }, /Only 0 of A-f2’s/],
    ['more protected than inside', { formationId: 'A-f1', modelsInside: 1, protectedInside: 2 }, /More protected models than models inside/],
    ['more inside than it has', { formationId: 'A-f2', modelsInside: 4, protectedInside: 0 }, /has only 3 model/],
  ] as const)('%s', (_, e, refusal) => {
    const why = stormEntryRefusal(stormRound().state, [{ side: 'A', ...e }]);
    if (refusal === null) expect(why).toBeNull();
    else expect(why?.message).toMatch(refusal);
  });

  it('a formation is listed once, and only while a storm is on the table', () => {
    const t = stormRound();
    const e = { side: 'A' as const, formationId: 'A-f1', modelsInside: 1, protectedInside: 0 };
    expect(stormEntryRefusal(t.state, [e, e])).toMatchObject({ index: 1, message: /listed twice/ });
    expect(stormEntryRefusal({ ...t.state, storm: null }, [e])?.message).toMatch(/no storm/);
  });

  it('the carriers lost count too: the protected inside never exceed the models left', () => {
    const t = stormRound();
    t.record({ kind: 'record.casualties', side: 'A', formationId: 'A-f1', killed: 4, retreated: 0 });
    expect(stormEntryRefusal(t.state, [{ side: 'A', formationId: 'A-f1', modelsInside: 1, protectedInside: 1 }])).toBeNull();
    expect(stormEntryRefusal(t.state, [{ side: 'A', formationId: 'A-f1', modelsInside: 2, protectedInside: 2 }])?.message).toMatch(/has only 1/);
  });

  it('the backend refuses a round end with too many protected models, rolls nothing and writes nothing', () => {
    const t = stormRound();
    const before = t.events.length;
    expect(() =>
      t.act(
        { kind: 'end-round', holders: [null, null, null], storm: [{ side: 'A', formationId: 'A-f1', modelsInside: 5, protectedInside: 3 }] },
        [6, 6, 6, 1, 1],
      ),
    ).toThrow(/Only 2 of A-f1’s models carry storm protection/);
    expect(t.events).toHaveLength(before);
    t.act({ kind: 'end-round', holders: [null, null, null], storm: [{ side: 'A', formationId: 'A-f1', modelsInside: 5, protectedInside: 2 }] }, [5, 4, 1, 1]);
    // one protection roll per protected model: a 5 saves, a 4 does not; 4 Wounds of 5
    expect(t.state.rounds[1]!.storm!.woundsDealt).toBe(4);
  });
});
