import { describe, expect, it } from 'vitest';
import {
  addFighter,
  addFormation,
  changeFormationUnit,
  recruitCommandGroup,
  removeFighter,
  removeFormation,
  updateFighter,
  updateOfficer,
} from '../../src-shared/roster/edit';
import { rosterSchema, type Roster } from '../../src-shared/roster/schema';
import { rosterViolations } from '../../src-shared/roster/validate';
import { TEST_PACK } from '../fixtures/roster-pack';

function empty(): Roster {
  return rosterSchema.parse({ id: 'r', name: 'Empty', playerId: 'p', mode: 'standalone', factionId: 'penitent-concord', rulesetVersionId: 1 });
}

describe('Builder edits', () => {
  it('clicking through the minimum builds a legal warband [000 §2 steps 1–2, DIGEST 2.12]', () => {
    let r = empty();
    expect(rosterViolations(r, TEST_PACK, { allowance: 400 }).violations.map((v) => v.code)).toEqual(['CAPTAIN_COUNT', 'OFFICER_COUNT', 'CORE_COUNT_MIN']);
    r = recruitCommandGroup(r, TEST_PACK);
    r = addFormation(r, TEST_PACK, 'core');
    r = addFormation(r, TEST_PACK, 'core');
    const res = rosterViolations(r, TEST_PACK, { allowance: 400 });
    expect(res.violations).toEqual([]);
    expect(res.models).toBe(11); // 1 + 4 + 2×3
    expect(r.formations.map((f) => f.name)).toEqual(['Core squad 1', 'Core squad 2']);
  });

  it('new formations start at the smallest legal size of their slot [000 §2 steps 2–5]', () => {
    let r = empty();
    for (const slot of ['core', 'elite', 'skirmisher', 'heavy'] as const) r = addFormation(r, TEST_PACK, slot);
    expect(r.formations.map((f) => f.fighters.length)).toEqual([3, 2, 3, 1]);
  });

  it('keeps formation and fighter ids through every edit (the ledger keys service marks by them)', () => {
    let r = addFormation(addFormation(recruitCommandGroup(empty(), TEST_PACK), TEST_PACK, 'core'), TEST_PACK, 'elite');
    const [core, elite] = r.formations.map((f) => f.id);
    const firstFighter = r.formations[0]!.fighters[0]!.id;
    r = addFighter(r, core!);
    r = updateFighter(r, core!, firstFighter, { name: 'Brother Anselm', loadoutId: 'flamer' });
    r = changeFormationUnit(r, elite!, 'black-sacristan');
    r = removeFighter(r, core!, r.formations[0]!.fighters[3]!.id);
    expect(r.formations.map((f) => f.id)).toEqual([core, elite]);
    expect(r.formations[0]!.fighters[0]).toEqual({ id: firstFighter, name: 'Brother Anselm', loadoutId: 'flamer', equipment: [] });
  });

  it('removing a host sends its Officer back to the Captain rather than leaving a dangling posting [000 §6]', () => {
    let r = addFormation(recruitCommandGroup(empty(), TEST_PACK), TEST_PACK, 'elite');
    const host = r.formations[0]!.id;
    r = updateOfficer(r, r.officers[0]!.id, { postedTo: host });
    r = removeFormation(r, host);
    expect(r.officers[0]!.postedTo).toBeNull();
  });

  it('changing a formation’s unit clears loadouts of the old unit', () => {
    let r = addFormation(empty(), TEST_PACK, 'core');
    const f = r.formations[0]!;
    r = updateFighter(r, f.id, f.fighters[0]!.id, { loadoutId: 'flamer' });
    r = changeFormationUnit(r, f.id, 'pc-core');
    expect(r.formations[0]!.fighters.every((x) => x.loadoutId === null)).toBe(true);
  });
});
