import { describe, expect, it } from 'vitest';
import { addFighterRefusal, addFormationRefusal, legalOfficerHosts, rosterViolations } from '../../src-shared/roster/validate';
import type { Roster } from '../../src-shared/roster/schema';
import { addFighter, addFormation } from '../../src-shared/roster/edit';
import { FORMATION_SLOTS } from '../../src-shared/roster/schema';
import { COST, formation, maximalRoster, minimalRoster, TEST_PACK } from '../fixtures/roster-pack';

const MIN_POINTS = COST.captain + 4 * COST.officer + 6 * COST.core; // 180

interface Case {
  rule: string;
  build: (r: Roster) => void;
  allowance?: number;
  /** Exactly these codes, in this order ([] = legal). */
  codes: string[];
  /** Index into roster.formations of the formation the first violation concerns, if any. */
  formation?: number;
}

/** Each row quotes the rule it tests; boundaries on both sides of every number. */
const CASES: Case[] = [
  // [000 §2 step 1] "Recruit one Captain and four Officers (five command models). All are compulsory."
  { rule: '[000 §2 step 1] minimal legal roster', build: () => {}, codes: [] },
  { rule: '[000 §2 step 1] no Captain', build: (r) => (r.captain = null), codes: ['CAPTAIN_COUNT'] },
  { rule: '[000 §2 step 1] three Officers', build: (r) => r.officers.pop(), codes: ['OFFICER_COUNT'] },
  {
    rule: '[000 §2 step 1] five Officers',
    build: (r) => r.officers.push({ id: 'off-5', name: '', unitId: 'pc-officer', loadoutId: null, equipment: [], postedTo: null }),
    codes: ['OFFICER_COUNT'],
  },
  // [000 §2 step 2] "Recruit two Core squads, each with 3–5 fighters. You may recruit a third or fourth."
  { rule: '[000 §2 step 2] one Core squad', build: (r) => r.formations.pop(), codes: ['CORE_COUNT_MIN'] },
  { rule: '[000 §2 step 2] two Core squads (lower bound)', build: () => {}, codes: [] },
  { rule: '[000 §2 step 2] four Core squads (upper bound)', build: (r) => r.formations.push(formation('core', 3), formation('core', 3)), codes: [] },
  {
    rule: '[000 §2 step 2] five Core squads',
    build: (r) => r.formations.push(formation('core', 3), formation('core', 3), formation('core', 3)),
    codes: ['CORE_COUNT_MAX'],
    formation: 4,
  },
  { rule: '[000 §2 step 2] Core squad of 2', build: (r) => r.formations[0]!.fighters.pop(), codes: ['CORE_SIZE'], formation: 0 },
  { rule: '[000 §2 step 2] Core squad of 3 (lower bound)', build: () => {}, codes: [] },
  { rule: '[000 §2 step 2] Core squad of 5 (upper bound)', build: (r) => (r.formations[0] = formation('core', 5)), codes: [] },
  { rule: '[000 §2 step 2] Core squad of 6', build: (r) => (r.formations[1] = formation('core', 6)), codes: ['CORE_SIZE'], formation: 1 },
  // [000 §2 step 3] "Optionally recruit 0–2 Elite squads with 2 fighters each."
  { rule: '[000 §2 step 3] two Elite squads', build: (r) => r.formations.push(formation('elite', 2), formation('elite', 2)), codes: [] },
  {
    rule: '[000 §2 step 3] a third Elite squad',
    build: (r) => r.formations.push(formation('elite', 2), formation('elite', 2), formation('elite', 2)),
    codes: ['ELITE_COUNT_MAX'],
    formation: 4,
  },
  { rule: '[000 §2 step 3] Elite squad of 1', build: (r) => r.formations.push(formation('elite', 1)), codes: ['ELITE_SIZE'], formation: 2 },
  { rule: '[000 §2 step 3] Elite squad of 3', build: (r) => r.formations.push(formation('elite', 3)), codes: ['ELITE_SIZE'], formation: 2 },
  // [000 §2 step 4] "Optionally recruit 0–2 Skirmisher patrols with 3 fighters each."
  { rule: '[000 §2 step 4] two patrols of 3', build: (r) => r.formations.push(formation('skirmisher', 3), formation('skirmisher', 3)), codes: [] },
  {
    rule: '[000 §2 step 4] a third patrol',
    build: (r) => r.formations.push(formation('skirmisher', 3), formation('skirmisher', 3), formation('skirmisher', 3)),
    codes: ['SKIRMISHER_COUNT_MAX'],
    formation: 4,
  },
  { rule: '[000 §2 step 4] patrol of 2', build: (r) => r.formations.push(formation('skirmisher', 2)), codes: ['SKIRMISHER_SIZE'], formation: 2 },
  { rule: '[000 §2 step 4] patrol of 4', build: (r) => r.formations.push(formation('skirmisher', 4)), codes: ['SKIRMISHER_SIZE'], formation: 2 },
  // [000 §2 step 5] "Optionally recruit 0–2 Heavies with one tank or large specialist each."
  { rule: '[000 §2 step 5] two Heavies', build: (r) => r.formations.push(formation('heavy', 1), formation('heavy', 1)), codes: [] },
  {
    rule: '[000 §2 step 5] a third Heavy',
    build: (r) => r.formations.push(formation('heavy', 1), formation('heavy', 1), formation('heavy', 1)),
    codes: ['HEAVY_COUNT_MAX'],
    formation: 4,
  },
  { rule: '[000 §2 step 5] a Heavy of two models', build: (r) => r.formations.push(formation('heavy', 2)), codes: ['HEAVY_SIZE'], formation: 2 },
  // [000 §7] "Only one fighter per Skirmisher patrol may take the loadout." (Deadshot Sniper, +14)
  {
    rule: '[000 §7] one Sniper in a patrol',
    build: (r) => {
      r.formations.push(formation('skirmisher', 3));
      r.formations[2]!.fighters[0]!.loadoutId = 'deadshot-sniper';
    },
    codes: [],
  },
  {
    rule: '[000 §7] two Snipers in one patrol',
    build: (r) => {
      r.formations.push(formation('skirmisher', 3));
      r.formations[2]!.fighters[0]!.loadoutId = 'deadshot-sniper';
      r.formations[2]!.fighters[1]!.loadoutId = 'deadshot-sniper';
    },
    codes: ['SNIPER_PER_PATROL'],
    formation: 2,
  },
  {
    rule: '[000 §7] one Sniper in each of two patrols',
    build: (r) => {
      r.formations.push(formation('skirmisher', 3), formation('skirmisher', 3));
      r.formations[2]!.fighters[0]!.loadoutId = 'deadshot-sniper';
      r.formations[3]!.fighters[0]!.loadoutId = 'deadshot-sniper';
    },
    codes: [],
  },
  {
    rule: '[000 §7] the Sniper is a Skirmisher loadout, not a Core one',
    build: (r) => (r.formations[0]!.fighters[0]!.loadoutId = 'deadshot-sniper'),
    codes: ['LOADOUT_NOT_ALLOWED'],
    formation: 0,
  },
  // [000 §6] "each may be posted to one Core or Elite squad. No more than one Officer joins a host formation.
  //           Officers may never attach to Skirmishers or Heavy models."
  { rule: '[000 §6] an Officer on a Core squad', build: (r) => (r.officers[0]!.postedTo = r.formations[0]!.id), codes: [] },
  {
    rule: '[000 §6] an Officer on an Elite squad',
    build: (r) => {
      r.formations.push(formation('elite', 2));
      r.officers[0]!.postedTo = r.formations[2]!.id;
    },
    codes: [],
  },
  {
    rule: '[000 §6] a second Officer on one host',
    build: (r) => {
      r.officers[0]!.postedTo = r.formations[0]!.id;
      r.officers[1]!.postedTo = r.formations[0]!.id;
    },
    codes: ['OFFICER_POST_SHARED'],
    formation: 0,
  },
  {
    rule: '[000 §6] an Officer on a Heavy',
    build: (r) => {
      r.formations.push(formation('heavy', 1));
      r.officers[0]!.postedTo = r.formations[2]!.id;
    },
    codes: ['OFFICER_POST_TYPE'],
    formation: 2,
  },
  {
    rule: '[000 §6] an Officer on a Skirmisher patrol',
    build: (r) => {
      r.formations.push(formation('skirmisher', 3));
      r.officers[2]!.postedTo = r.formations[2]!.id;
    },
    codes: ['OFFICER_POST_TYPE'],
    formation: 2,
  },
  { rule: '[000 §6] posting is optional: all four with the Captain', build: (r) => r.officers.forEach((o) => (o.postedTo = null)), codes: [] },
  { rule: '[000 §6] an Officer posted to a removed formation', build: (r) => (r.officers[0]!.postedTo = 'gone'), codes: ['OFFICER_POST_UNKNOWN'] },
  // [000 §2 step 6] "Check the current campaign allowance, or the 500-point standalone limit."
  { rule: '[000 §2 step 6] exactly on the allowance', build: () => {}, allowance: MIN_POINTS, codes: [] },
  { rule: '[000 §2 step 6] one point over the allowance', build: () => {}, allowance: MIN_POINTS - 1, codes: ['POINTS_OVER_LIMIT'] },
  // [000 §3 step 5; §7 step 1] "Eligible Skirmisher patrols may start in reserve for Uncloak."
  {
    rule: '[000 §7] a patrol in reserve',
    build: (r) => {
      r.formations.push(formation('skirmisher', 3));
      r.formations[2]!.inReserve = true;
    },
    codes: [],
  },
  { rule: '[000 §3 step 5] a Core squad in reserve', build: (r) => (r.formations[0]!.inReserve = true), codes: ['RESERVE_NOT_SKIRMISHER'], formation: 0 },
  // the pack: units of the warband's faction, in the slot they are made for
  {
    rule: '[000 §2] a unit of another faction',
    build: (r) => r.formations.push({ ...formation('elite', 2), unitId: 'iron-lancer' }),
    codes: ['UNIT_FACTION'],
    formation: 2,
  },
  { rule: '[000 §2] a unit in the wrong slot', build: (r) => (r.formations[0]!.unitId = 'black-sacristan'), codes: ['UNIT_SLOT'], formation: 0 },
  { rule: 'ruleset pack: a unit that does not exist', build: (r) => (r.formations[0]!.unitId = 'no-such-unit'), codes: ['UNKNOWN_UNIT'], formation: 0 },
  {
    rule: 'ruleset pack: a loadout limited to one per formation',
    build: (r) => {
      r.formations[0]!.fighters[0]!.loadoutId = 'flamer';
      r.formations[0]!.fighters[1]!.loadoutId = 'flamer';
    },
    codes: ['LOADOUT_LIMIT'],
    formation: 0,
  },
];

describe('rosterViolations: recruitment rules [000 §2, §6, §7; DIGEST §2–§3]', () => {
  it.each(CASES)('$rule', ({ build, allowance, codes, formation: fi }) => {
    const r = minimalRoster();
    build(r);
    const res = rosterViolations(r, TEST_PACK, { allowance: allowance ?? 1000 });
    expect(res.violations.map((v) => v.code)).toEqual(codes);
    expect(res.valid).toBe(codes.length === 0);
    if (fi !== undefined) expect(res.violations[0]!.formationId).toBe(r.formations[fi]!.id);
    for (const v of res.violations) {
      // every message is a sentence that says what to change
      expect(v.message).toMatch(/^[A-Z0-9].*[.]$/);
      expect(v.message.length).toBeGreaterThan(20);
    }
  });

  it('reports every breach at once, in rule order', () => {
    const r = minimalRoster({ captain: null });
    r.officers.pop();
    r.formations = [formation('core', 2), formation('elite', 3)];
    r.officers[0]!.postedTo = r.formations[1]!.id;
    r.officers[1]!.postedTo = r.formations[1]!.id;
    const res = rosterViolations(r, TEST_PACK, { allowance: 10 });
    expect(res.violations.map((v) => v.code)).toEqual([
      'CAPTAIN_COUNT',
      'OFFICER_COUNT',
      'CORE_COUNT_MIN',
      'CORE_SIZE',
      'ELITE_SIZE',
      'OFFICER_POST_SHARED',
      'POINTS_OVER_LIMIT',
    ]);
  });

  it('a third Elite marks the third squad, not the first two', () => {
    const r = minimalRoster();
    r.formations.push(formation('elite', 2, 'E1'), formation('elite', 2, 'E2'), formation('elite', 2, 'E3'));
    const res = rosterViolations(r, TEST_PACK, { allowance: 1000 });
    expect(res.violations).toHaveLength(1);
    expect(res.violations[0]).toMatchObject({ code: 'ELITE_COUNT_MAX', formationId: r.formations[4]!.id, path: ['formations', 4] });
  });

  it("the Builder refuses another Elite at two, in the count rule's words with its section [000 §2 step 3]", () => {
    const r = minimalRoster();
    r.formations.push(formation('elite', 2, 'E1'));
    expect(addFormationRefusal(r, TEST_PACK, 'elite')).toBeNull();
    r.formations.push(formation('elite', 2, 'E2'));
    expect(addFormationRefusal(r, TEST_PACK, 'elite')).toBe('A warband may have at most 2 Elite squads, and this one has 2 (Field Manual §2 step 3).');
    expect(addFormationRefusal(r, TEST_PACK, 'core')).toBeNull();
  });

  it.each(FORMATION_SLOTS)('%s: adding a fighter is refused exactly when one more would be flagged by the size rule', (slot) => {
    let r = minimalRoster();
    r = addFormation(r, TEST_PACK, slot);
    const id = r.formations.at(-1)!.id;
    const { size } = TEST_PACK.recruitment[slot];
    for (let n = r.formations.at(-1)!.fighters.length; n <= size.max + 1; n++) {
      const f = r.formations.find((x) => x.id === id)!;
      const next = addFighter(r, id);
      const flagged = rosterViolations(next, TEST_PACK, { allowance: 10_000 }).violations.some((v) => v.code.endsWith('_SIZE') && v.formationId === id);
      expect(addFighterRefusal(TEST_PACK, f) !== null, `${n} fighters`).toBe(flagged);
      r = next;
    }
  });

  it('the refusal to add a fighter says the size and cites the section', () => {
    const r = minimalRoster();
    r.formations.push(formation('elite', 2, 'E1'));
    expect(addFighterRefusal(TEST_PACK, r.formations.at(-1)!)).toBe('An Elite squad has exactly 2 fighters, and E1 has 2 (Field Manual §2 step 3).');
  });

  it.each(FORMATION_SLOTS)('%s: adding is refused exactly when one more would be flagged by the count rule', (slot) => {
    let r = minimalRoster();
    r.formations = r.formations.filter((f) => f.slot !== slot);
    for (let n = 0; n <= TEST_PACK.recruitment[slot].max + 1; n++) {
      const next = addFormation(r, TEST_PACK, slot);
      const flagged = rosterViolations(next, TEST_PACK, { allowance: 10_000 }).violations.some((v) => v.code.endsWith('_COUNT_MAX'));
      expect(addFormationRefusal(r, TEST_PACK, slot) !== null, `${n} already`).toBe(flagged);
      r = next;
    }
  });
});

describe('points [000 §2 step 6, §7; DIGEST 2.7, 2.13]', () => {
  it('the minimal roster costs the sum of its models', () => {
    const res = rosterViolations(minimalRoster(), TEST_PACK, { allowance: 400 });
    expect(res.points).toEqual({ spent: MIN_POINTS, allowance: 400, left: 400 - MIN_POINTS });
    expect(res.models).toBe(11); // DIGEST 2.13: smallest legal roster is 11 models
    expect(res.breakdown.command).toBe(COST.captain + 4 * COST.officer);
  });

  it('the Deadshot Sniper adds 14 points to its fighter', () => {
    const r = minimalRoster();
    r.formations.push(formation('skirmisher', 3));
    const before = rosterViolations(r, TEST_PACK, { allowance: 1000 }).points.spent;
    r.formations[2]!.fighters[0]!.loadoutId = 'deadshot-sniper';
    const res = rosterViolations(r, TEST_PACK, { allowance: 1000 });
    expect(res.points.spent - before).toBe(14);
    expect(res.breakdown.formations[r.formations[2]!.id]).toBe(3 * COST.skirmisher + COST.sniper);
  });

  it('the maximal roster has 37 models and is legal by composition', () => {
    const r = maximalRoster();
    const res = rosterViolations(r, TEST_PACK, { allowance: 1000 });
    expect(res.models).toBe(37);
    expect(res.violations).toEqual([]);
    expect(res.points.spent).toBe(40 + 80 + 200 + 140 + 90 + 28 + 180);
  });

  it('a standalone 500-point limit refuses the maximal roster with one violation', () => {
    const res = rosterViolations(maximalRoster(), TEST_PACK, { allowance: TEST_PACK.economy.standaloneLimit });
    expect(res.violations.map((v) => v.code)).toEqual(['POINTS_OVER_LIMIT']);
    expect(res.points.left).toBe(500 - 758);
  });
});

describe('legalOfficerHosts [000 §6]', () => {
  it('offers only Core and Elite formations without another Officer', () => {
    const r = minimalRoster();
    r.formations.push(formation('elite', 2, 'Elite'), formation('skirmisher', 3, 'Patrol'), formation('heavy', 1, 'Heavy'));
    r.officers[1]!.postedTo = r.formations[0]!.id;
    const hosts = legalOfficerHosts(r, TEST_PACK, 'off-1').map((h) => h.name);
    expect(hosts).toEqual(['Second Core', 'Elite']);
  });

  it("keeps the Officer's own current host in its list", () => {
    const r = minimalRoster();
    r.officers[0]!.postedTo = r.formations[0]!.id;
    expect(legalOfficerHosts(r, TEST_PACK, 'off-1').map((h) => h.formationId)).toContain(r.formations[0]!.id);
    expect(legalOfficerHosts(r, TEST_PACK, 'off-2').map((h) => h.formationId)).not.toContain(r.formations[0]!.id);
  });

  it('every host it offers is accepted by the validator', () => {
    const r = maximalRoster();
    r.officers.forEach((o) => (o.postedTo = null));
    for (const o of r.officers) {
      const hosts = legalOfficerHosts(r, TEST_PACK, o.id);
      o.postedTo = hosts[0]!.formationId;
      expect(rosterViolations(r, TEST_PACK, { allowance: 1000 }).violations).toEqual([]);
    }
  });
});
