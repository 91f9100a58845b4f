import { describe, expect, it } from 'vitest';
import { outcomeRosterRefusal, type SideArmy } from '../../src-shared/campaign/outcome-rosters';
import { formation, outcome } from '../helpers/ledger-seed';

/** Issue 17: the post-battle form's outcome may list only its armies' own formations (one ledger line per roster formation). */
const army = (playerId: string, ids: string[]): SideArmy => ({
  playerId,
  name: `${playerId}’s army`,
  formations: ids.map((id) => ({ id, name: `Squad ${id}`, slot: 'core', models: 5 })),
});
const o = outcome('c', 1, 'pa', 'pb', { aFormations: [formation('a1'), formation('a2')], bFormations: [formation('b1')] });

describe('outcomeRosterRefusal', () => {
  it.each([
    { what: 'every formation is the army’s', armies: [army('pa', ['a1', 'a2', 'a3']), army('pb', ['b1'])], path: null },
    { what: 'a side without a roster is taken as written', armies: [null, null], path: null },
    { what: 'a formation the army lacks', armies: [army('pa', ['a1']), army('pb', ['b1'])], path: ['outcome', 'sides', 0, 'formations', 1, 'formationId'] },
    {
      what: 'the second side’s formation',
      armies: [army('pa', ['a1', 'a2']), army('pb', ['b9'])],
      path: ['outcome', 'sides', 1, 'formations', 0, 'formationId'],
    },
    { what: 'another player’s army', armies: [army('pb', ['a1', 'a2']), null], path: ['outcome', 'sides', 0, 'rosterId'] },
  ])('$what', ({ armies, path }) => {
    expect(outcomeRosterRefusal(o, armies)?.path ?? null).toEqual(path);
  });
  it('names the formation and the army’s own formations', () => {
    expect(outcomeRosterRefusal(o, [army('pa', ['a1']), null])?.message).toBe(
      '“a2” is not a formation of pa’s army: list the army’s own formations (Squad a1).',
    );
  });
  it('a trophy must go to a formation that fought', () => {
    const t = structuredClone(o);
    t.sides[0]!.trophies = [{ cryptidId: 'x', trophyId: 't', trophyName: 'Horn', formationId: 'a3', disposition: 'banked' }];
    expect(outcomeRosterRefusal(t, [army('pa', ['a1', 'a2', 'a3']), null])).toEqual({
      message: 'The Horn trophy goes to a formation that did not fight in this battle.',
      path: ['outcome', 'sides', 0, 'trophies', 0, 'formationId'],
    });
  });

  // issue 32: the life cycle on paper, "a formation recorded destroyed cannot earn cryptid credit"
  it('a formation recorded destroyed earns no cryptid credit and claims no trophy, with or without a roster', () => {
    const c = structuredClone(o);
    c.sides[0]!.formations[1]!.survivors = 0;
    c.sides[0]!.formations[1]!.cryptidWounds = 3;
    expect(outcomeRosterRefusal(c, [null, null])).toEqual({
      message: 'a2 is recorded destroyed: a destroyed formation earns no cryptid credit (Field Manual §10). Give its survivors, or no Wounds.',
      path: ['outcome', 'sides', 0, 'formations', 1, 'cryptidWounds'],
    });
    c.sides[0]!.formations[1]!.cryptidWounds = 0;
    expect(outcomeRosterRefusal(c, [null, null])).toBeNull();
    c.sides[0]!.trophies = [{ cryptidId: 'x', trophyId: 't', trophyName: 'Horn', formationId: 'a2', disposition: 'banked' }];
    expect(outcomeRosterRefusal(c, [null, null])?.path).toEqual(['outcome', 'sides', 0, 'trophies', 0, 'formationId']);
  });
});
