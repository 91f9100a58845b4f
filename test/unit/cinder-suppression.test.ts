import { describe, expect, it } from 'vitest';
import { armyMaySuppress, CINDER_SUPPRESSION_RULE } from '../../src-shared/battle/effective-profile';
import { getBundledPack } from '../../src-shared/ruleset/bundled';
import type { Roster } from '../../src-shared/roster/schema';

// Cinder Suppression (−1" Movement after an unsaved Wound from the Brass Bombardier [000 L207]) is offered on an
// activation card only where the other army can inflict it.
const pack = getBundledPack();
const army = (unitIds: { captain?: string; formations: string[] }): Roster => ({
  id: 'r',
  name: 'Army',
  playerId: 'p',
  campaignId: null,
  mode: 'standalone',
  factionId: 'x',
  startingCity: '',
  rulesetVersionId: 1,
  captain: unitIds.captain ? { id: 'c', name: '', unitId: unitIds.captain, loadoutId: null, equipment: [] } : null,
  officers: [],
  formations: unitIds.formations.map((unitId, i) => ({ id: `f${i}`, slot: 'core', unitId, name: `F${i}`, fighters: [], inReserve: false })),
  notes: '',
});

describe('who can inflict Cinder Suppression', () => {
  const bombardiers = pack.units.filter((u) => u.specialRules.includes(CINDER_SUPPRESSION_RULE));

  it('is the Brass Bombardier of Cinder Porte in the bundled pack', () => {
    expect(bombardiers.map((u) => [u.name, u.factionId])).toEqual([['Brass Bombardier', 'cinder-porte']]);
  });

  it('an army with one may; every army without one may not', () => {
    const others = pack.units.filter((u) => !u.specialRules.includes(CINDER_SUPPRESSION_RULE));
    expect(armyMaySuppress(army({ formations: [others[0]!.id, bombardiers[0]!.id] }), pack)).toBe(true);
    expect(armyMaySuppress(army({ formations: others.map((u) => u.id) }), pack)).toBe(false);
    expect(armyMaySuppress(army({ formations: [] }), pack)).toBe(false);
  });

  it('an army whose roster is not stored may, since the app cannot tell', () => {
    expect(armyMaySuppress(null, pack)).toBe(true);
  });
});
