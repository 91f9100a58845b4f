import { describe, expect, it } from 'vitest';
import { armyListText } from '../../src-shared/roster/army-list-text';
import { rulesetPackSchema } from '../../src-shared/ruleset/schema';
import { maximalRoster, TEST_PACK, TEST_PACK_INPUT } from '../fixtures/roster-pack';

/** The test pack with one piece of equipment to buy (a provisional cost). */
const PACK = rulesetPackSchema.parse({
  ...TEST_PACK_INPUT,
  equipment: [{ id: 'rad-cloak', name: 'Rad cloak', cost: 3, slots: ['core', 'captain'], radProtection: true, provisional: ['cost'] }],
});

function outfitted() {
  const r = maximalRoster();
  r.startingCity = 'Vigil';
  r.formations[0]!.fighters[0]!.loadoutId = 'flamer';
  r.formations[0]!.fighters[0]!.equipment = ['rad-cloak'];
  r.formations[0]!.fighters[1]!.name = 'Brother Ivo';
  r.formations[6]!.inReserve = true;
  r.captain!.equipment = ['rad-cloak'];
  return r;
}

describe('the army list as text (issue 15)', () => {
  it('lists a maximal roster: name, faction, points of allowance, the command group and every formation with its models', () => {
    const text = armyListText(outfitted(), PACK, { allowance: 1000 });
    const lines = text.split('\n');
    expect(lines[0]).toBe('Maximal warband · The Penitent Concord · from Vigil');
    expect(lines[1]).toBe('Standalone game · 769 pts † of 1000 · 37 models');
    expect(text).toContain('Command group · 123 pts †');
    expect(text).toContain('- Captain: Penitent Captain (Standard, Rad cloak) · 43 pts †');
    expect(text).toContain('- Officer 4: Penitent Officer (Standard) · 20 pts † · posted to Elite A');
    expect(text).toContain('Core squad: Core A · 5 × Penitent Line · 58 pts †\n- 1 × Flamer, Rad cloak\n- 4 × Standard\n- Named: Brother Ivo');
    expect(text).toContain('Elite squad: Elite B · 2 × Black Sacristan');
    expect(text).toContain('Skirmisher patrol: Patrol A · 3 × Lantern Hunter · 59 pts † · starts in reserve\n- 1 × Deadshot Sniper\n- 2 × Standard');
    expect(text).toContain('Heavy: Heavy B · 1 × Reliquary Bombardier · 90 pts');
    expect(lines.filter((l) => /^(Core squad|Elite squad|Skirmisher patrol|Heavy):/.test(l))).toHaveLength(10);
    expect(text).toMatch(/† provisional value/);
  });

  it('never shows an id or a pack key', () => {
    const r = outfitted();
    const text = armyListText(r, PACK, { allowance: 1000 });
    const ids = [
      r.id,
      r.playerId,
      r.factionId,
      r.captain!.id,
      ...r.officers.map((o) => o.id),
      ...r.formations.flatMap((f) => [f.id, f.unitId, ...f.fighters.map((x) => x.id)]),
      ...PACK.units.flatMap((u) => [u.id, ...u.loadouts.map((l) => l.id)]),
      ...PACK.equipment.map((e) => e.id),
      ...PACK.factions.map((f) => f.id),
    ];
    for (const id of new Set(ids)) expect(text, id).not.toMatch(new RegExp(`(^|[^\\w-])${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w-])`));
  });

  it('names what the pack does not know as unknown, says a draft is a draft, and marks nothing provisional when nothing is', () => {
    const r = outfitted();
    r.formations[1]!.unitId = 'no-such-unit';
    r.factionId = 'no-such-faction';
    const text = armyListText(r, PACK, { allowance: 100 });
    expect(text).toContain('Unknown faction');
    expect(text).toContain('Core squad: Core B · 5 × Unknown unit');
    expect(text).not.toContain('no-such');
    expect(text).toMatch(/^Draft: \d+ recruitment rules? broken$/m);

    const plain = { ...TEST_PACK, units: TEST_PACK.units.map((u) => ({ ...u, provisional: [] })) };
    const clean = armyListText(maximalRoster(), plain, { allowance: 1000 });
    expect(clean).not.toContain('†');
    expect(clean.split('\n')[1]).toBe('Standalone game · 758 pts of 1000 · 37 models');
  });
});
