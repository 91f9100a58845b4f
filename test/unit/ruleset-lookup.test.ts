import { describe, expect, it } from 'vitest';
import { getBundledPack } from '../../src-shared/ruleset/bundled';
import {
  bandFor,
  cryptidStartingWounds,
  effectiveProfile,
  enragedAtOrBelow,
  findCryptid,
  isEnraged,
  modelCost,
  provinceCryptidForRoll,
  requireUnit,
  unitsOf,
} from '../../src-shared/ruleset/lookup';
import type { RulesetPack, Unit } from '../../src-shared/ruleset/schema';
import { FIELD_MANUAL_PROFILES } from '../fixtures/field-manual-profiles';

const pack = getBundledPack();

describe('effectiveProfile', () => {
  it('is the unit profile when no loadout is taken', () => {
    const lancer = requireUnit(pack, 'iron-lancer');
    const e = effectiveProfile(pack, lancer);
    expect(e.profile).toEqual(lancer.profile);
    expect(e.provisional).toEqual([]);
    expect(e.specialRules.map((r) => r.name)).toEqual(['Bulky Target', 'Charge of Iron']);
  });

  // DIGEST §11.4 table of derived Sniper profiles (AMB-31): W1, Save 6+, A1; M and Hit from the Skirmisher; T, D, Resolve provisional.
  describe.each(FIELD_MANUAL_PROFILES.filter((p) => p.slot === 'skirmisher'))('Deadshot Sniper of the $unit [000 §7; DIGEST 11.4]', (row) => {
    it('has W1, Save 6+, A1, the faction Skirmisher’s M and Hit, and provisional T/D/Resolve', () => {
      const unit = pack.units.find((u) => u.name === row.unit)!;
      const e = effectiveProfile(pack, unit, 'deadshot-sniper');
      expect(e.profile).toEqual({ M: row.M, W: 1, Hit: row.Hit, T: row.T, Save: 6, A: 1, D: row.D, Resolve: row.Resolve });
      expect(e.provisional.sort()).toEqual(['D', 'Resolve', 'T']);
      expect(e.weapons[0]!.name).toBe('Hunting rifle');
      expect(e.specialRules.map((r) => r.id)).toEqual(expect.arrayContaining(['deadshot', 'expert-hider']));
    });
  });

  it('lets a paid loadout replace weapons and stats, with provisional stats marked', () => {
    const pikemen = requireUnit(pack, 'marches-pikemen');
    const e = effectiveProfile(pack, pikemen, 'veteran-kit');
    expect(e.profile.Save).toBe(pikemen.profile.Save - 1);
    expect(e.provisional).toContain('Save');
  });

  it('refuses a loadout the unit does not have', () => {
    expect(() => effectiveProfile(pack, requireUnit(pack, 'iron-lancer'), 'nope')).toThrow(/no loadout/);
  });
});

describe('modelCost', () => {
  it('adds the Sniper’s +14 to the Skirmisher’s base cost [000 §7]', () => {
    for (const u of pack.units.filter((x) => x.slot === 'skirmisher')) expect(modelCost(pack, u, 'deadshot-sniper')).toBe(u.cost + 14);
  });
  it('takes the Sniper cost from pack.sniper even if an edited loadout says otherwise', () => {
    const edited: RulesetPack = structuredClone(pack);
    const u = edited.units.find((x) => x.slot === 'skirmisher')!;
    u.loadouts[0]!.cost = 99;
    expect(modelCost(edited, u, 'deadshot-sniper')).toBe(u.cost + 14);
  });
  it('is the base cost without a loadout and base + extra with one', () => {
    const lancer = requireUnit(pack, 'iron-lancer');
    expect(modelCost(pack, lancer)).toBe(lancer.cost);
    expect(modelCost(pack, lancer, 'great-lance')).toBe(lancer.cost + lancer.loadouts.find((l) => l.id === 'great-lance')!.cost);
  });
});

/** Cheapest and dearest choices per slot, to price the smallest and largest armies. */
function priceArmies(fid: string) {
  const cheapest = (units: Unit[]) => Math.min(...units.map((u) => u.cost));
  const dearest = (units: Unit[]) => Math.max(...units.map((u) => Math.max(...[u.cost, ...u.loadouts.map((l) => modelCost(pack, u, l.id))])));
  const cap = unitsOf(pack, fid, 'captain');
  const off = unitsOf(pack, fid, 'officer');
  const core = unitsOf(pack, fid, 'core');
  const elite = unitsOf(pack, fid, 'elite');
  const sk = unitsOf(pack, fid, 'skirmisher')[0]!;
  const heavy = unitsOf(pack, fid, 'heavy');
  const minimum = cheapest(cap) + 4 * cheapest(off) + 6 * cheapest(core);
  // 37 models: 1 + 4 + 4×5 Core + 2×2 Elite + 2×3 Skirmishers (one Sniper each) + 2 Heavies
  const maximal =
    dearest(cap) + 4 * dearest(off) + 20 * dearest(core) + 4 * dearest(elite) + 2 * (2 * sk.cost + modelCost(pack, sk, 'deadshot-sniper')) + 2 * dearest(heavy);
  return { minimum, maximal, elite: cheapest(elite), heavy: cheapest(heavy), skirmisher: sk.cost };
}

describe('costs make a real game [DIGEST product decision 1]', () => {
  it.each(pack.factions.map((f) => [f.name, f.id] as const))(
    '%s: minimum legal army about 200–250, maximal army over 500, 400 buys real options',
    (_n, fid) => {
      const p = priceArmies(fid);
      expect(p.minimum).toBeGreaterThanOrEqual(180);
      expect(p.minimum).toBeLessThanOrEqual(260);
      expect(p.maximal).toBeGreaterThan(650);
      // at 400 the minimum plus one Elite squad and one Heavy fits, but not everything
      expect(p.minimum + 2 * p.elite + p.heavy).toBeLessThanOrEqual(400);
      expect(p.minimum + 4 * p.elite + 2 * p.heavy + 6 * p.skirmisher).toBeGreaterThan(400);
    },
  );
});

describe('cryptid helpers', () => {
  it.each([
    // [start, option, highest remaining Wounds that is Enraged] DIGEST AMB-05
    [15, 'half-or-below', 7],
    [20, 'half-or-below', 10],
    [15, 'half-rounded-up', 8],
    [20, 'half-rounded-up', 10],
  ] as const)('Enraged threshold of %i Wounds (%s) is %i [000 §10 step 4; DIGEST AMB-05]', (start, rule, at) => {
    expect(enragedAtOrBelow(start, rule)).toBe(at);
    expect(isEnraged(at, start, rule)).toBe(true);
    expect(isEnraged(at + 1, start, rule)).toBe(false);
  });
  it('starts Boss-class cryptids on 20 and the rest on 15', () => {
    expect(cryptidStartingWounds(pack, findCryptid(pack, 'tarasque')!)).toBe(20);
    expect(cryptidStartingWounds(pack, findCryptid(pack, 'barghest')!)).toBe(15);
  });
  it.each([
    [1, 0],
    [2, 0],
    [3, 1],
    [4, 1],
    [5, 2],
    [6, 2],
  ])('province D6 %i picks creature %i [001 step 02]', (roll, slot) => {
    const province = pack.provinces[0]!;
    expect(provinceCryptidForRoll(pack, province.id, roll)!.id).toBe(province.cryptids[slot as 0 | 1 | 2]);
  });
  it('finds the band a roll falls in (behaviour D6)', () => {
    expect([1, 2, 3, 4, 5, 6].map((r) => bandFor(pack.cryptidRules.behaviour, r)!.name)).toEqual(['Stalk', 'Stalk', 'Hunt', 'Hunt', 'Rush', 'Feral Instinct']);
  });
});
