import { describe, expect, it } from 'vitest';
import { getBundledPack } from '../../src-shared/ruleset/bundled';
import {
  catalogueRemovalProblems,
  issuesUnder,
  newEntityId,
  newLoadoutId,
  newUnitId,
  unitRemovalProblems,
  unitUseInRoster,
} from '../../src-shared/ruleset/edits';
import { parsePackValue } from '../../src-shared/ruleset/parse';
import { checkReferences } from '../../src-shared/ruleset/references';

const pack = () => structuredClone(getBundledPack()) as ReturnType<typeof getBundledPack>;

describe('Armoury structural edits', () => {
  it.each([
    ['Test Fusilier', 'test-fusilier'],
    ['  Crown Pikemen (veterans)  ', 'crown-pikemen-veterans'],
    ['Iron Lancer', 'iron-lancer-2'], // taken by the Crowned Marches' Elite
    ['???', 'unit'],
  ])('a new unit named %j gets the id %j, unique in the pack', (name, id) => {
    expect(newUnitId(pack(), name)).toBe(id);
  });

  it('a new loadout id is unique within its unit', () => {
    const u = pack().units.find((x) => x.id === 'iron-lancer')!;
    const first = newLoadoutId(u, 'Lance and shield');
    expect(first).toBe('iron-lancer-lance-and-shield');
    u.loadouts.push({ id: first, name: 'x', cost: 0, specialRules: [], text: '', provisional: [] });
    expect(newLoadoutId(u, 'Lance and shield')).toBe('iron-lancer-lance-and-shield-2');
  });

  it('a unit added with a fresh name passes the schema and every cross-reference check', () => {
    const p = pack();
    p.units.push({ ...structuredClone(p.units.find((u) => u.id === 'marches-pikemen')!), id: newUnitId(p, 'Test Fusilier'), name: 'Test Fusilier' });
    expect(parsePackValue(p)).toMatchObject({ ok: true });
  });

  it("a second unit of one name in a faction is refused at that unit's name (the Builder could not tell them apart)", () => {
    const p = pack();
    const copy = { ...structuredClone(p.units.find((u) => u.id === 'iron-lancer')!), id: 'iron-lancer-2', name: ' iron lancer ' };
    p.units.push(copy);
    expect(checkReferences(p)).toEqual([
      { path: ['units', p.units.length - 1, 'name'], message: expect.stringContaining('already has a unit called "iron lancer"'), code: 'reference' },
    ]);
    // the same name in another faction is fine
    copy.factionId = 'saltbound-league';
    expect(checkReferences(p)).toEqual([]);
  });

  // [000 §2]: every army needs a Captain, an Officer and Core; the Sniper rides on a Skirmisher (DIGEST, Sniper).
  it.each([
    ['marches-marshal', /Crowned Marches would have no Captain/],
    ['marches-lieutenant', /would have no Officer/],
  ])('removing %s is refused: %s', (unitId, why) => {
    const problems = unitRemovalProblems(pack(), unitId);
    expect(problems.join(' ')).toMatch(why);
  });

  it('removing one of two Core units, or an Elite, is allowed', () => {
    expect(unitRemovalProblems(pack(), 'marches-musketeers')).toEqual([]);
    expect(unitRemovalProblems(pack(), 'iron-lancer')).toEqual([]);
  });

  it('the Sniper loadout needs a Skirmisher to carry it: removing the last carrier is refused', () => {
    const p = pack();
    // every faction's Skirmisher carries it in the default pack; keep only the Border Reiter
    p.units = p.units.filter((u) => u.slot !== 'skirmisher' || u.id === 'border-reiter');
    expect(unitRemovalProblems(p, 'border-reiter').join(' ')).toMatch(/No Skirmisher has the Sniper loadout "deadshot-sniper"/);
    expect(unitRemovalProblems(pack(), 'border-reiter')).toEqual([]);
  });

  it('problems under a unit are keyed by their field; others are kept apart', () => {
    const { byField, other } = issuesUnder(
      [
        { path: ['units', 3, 'profile', 'M'], message: 'too fast' },
        { path: ['units', 3, 'loadouts', 1, 'cost'], message: 'negative' },
        { path: ['units', 3, 'profile', 'M'], message: 'second problem, same field' },
        { path: ['units', 30, 'cost'], message: 'another unit' },
        { path: ['units', 3], message: 'the unit as a whole' },
      ],
      ['units', 3],
    );
    expect([...byField]).toEqual([
      ['profile.M', 'too fast'],
      ['loadouts.1.cost', 'negative'],
    ]);
    expect(other.map((o) => o.message)).toEqual(['another unit', 'the unit as a whole']);
  });

  it('finds a unit and its loadouts in a roster, as Captain, Officer or formation', () => {
    const roster = {
      captain: { unitId: 'marches-marshal', loadoutId: null },
      officers: [{ unitId: 'marches-lieutenant', loadoutId: 'lt-pistols' }],
      formations: [{ unitId: 'marches-pikemen', fighters: [{ loadoutId: null }, { loadoutId: 'pike-halberd' }, { loadoutId: 'pike-halberd' }] }],
    };
    expect(unitUseInRoster(roster, 'marches-pikemen')).toEqual({ uses: true, loadoutIds: ['pike-halberd'] });
    expect(unitUseInRoster(roster, 'marches-lieutenant')).toEqual({ uses: true, loadoutIds: ['lt-pistols'] });
    expect(unitUseInRoster(roster, 'iron-lancer')).toEqual({ uses: false, loadoutIds: [] });
  });
});

describe('weapons and equipment: created and retired in a new version (issue 17)', () => {
  it('a new weapon gets an id unique among the weapons and passes every check of the pack', () => {
    const p = pack();
    const id = newEntityId(p.weapons, 'Hand weapon', 'weapon');
    expect(id).toBe('hand-weapon-2');
    p.weapons.push({ id, name: 'Hand weapon', kind: 'melee', force: 4, reach: 1, specialRules: [], provisional: ['*'] });
    expect(parsePackValue(p)).toMatchObject({ ok: true });
  });

  it('a weapon that units carry cannot be retired, and the refusal names who carries it', () => {
    const p = pack();
    const problems = catalogueRemovalProblems(p, 'weapons', 'hand-weapon');
    expect(problems).toContain('Penitent Deacon carries it.');
    expect(problems.some((m) => /loadout of .* gives it\.$/.test(m))).toBe(true);
    expect(new Set(problems).size).toBe(problems.length);
  });

  it('a weapon and an item nobody names may be retired; the pack without them still passes', () => {
    const p = pack();
    const unused = p.weapons.find((w) => !JSON.stringify(p.units).includes(`"${w.id}"`))!;
    expect(catalogueRemovalProblems(p, 'weapons', unused.id)).toEqual([]);
    expect(catalogueRemovalProblems(p, 'equipment', p.equipment[0]!.id)).toEqual([]);
  });
});
