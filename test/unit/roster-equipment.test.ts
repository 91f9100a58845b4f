import { describe, expect, it } from 'vitest';
import { rosterSchema, type Roster } from '../../src-shared/roster/schema';
import { rosterViolations } from '../../src-shared/roster/validate';
import { equipmentFor, radProtectedModels } from '../../src-shared/roster/equipment';
import { EQUIPMENT_COST, EQUIPMENT_PACK } from '../fixtures/roster-equipment';
import { COST, formation, minimalRoster } from '../fixtures/roster-pack';

const MIN_POINTS = COST.captain + 4 * COST.officer + 6 * COST.core; // 180

interface Case {
  rule: string;
  build: (r: Roster) => void;
  /** Exactly these codes, in this order ([] = legal). */
  codes: string[];
  /** Points the roster costs afterwards. */
  spent?: number;
  /** Path of the first violation. */
  path?: (string | number)[];
}

/** Each row quotes the rule it tests. Formations 0 and 1 are Core squads of 3; formation 2, when added, is the slot named. */
const CASES: Case[] = [
  // [000 §13 step 4] "Use the increased allowance to recruit formations or fighters and buy equipment."
  { rule: '[000 §13 step 4] no equipment costs nothing extra', build: () => {}, codes: [], spent: MIN_POINTS },
  {
    rule: '[000 §13 step 4] a Core fighter buys a cloak',
    build: (r) => (r.formations[0]!.fighters[0]!.equipment = ['cloak']),
    codes: [],
    spent: MIN_POINTS + EQUIPMENT_COST.cloak,
  },
  {
    rule: '[000 §13 step 4] the Captain buys two different items',
    build: (r) => (r.captain!.equipment = ['cloak', 'dressings']),
    codes: [],
    spent: MIN_POINTS + EQUIPMENT_COST.cloak + EQUIPMENT_COST.dressings,
  },
  {
    rule: '[000 §13 step 4; DIGEST 3.7] an Officer buys a signal horn',
    build: (r) => (r.officers[2]!.equipment = ['horn']),
    codes: [],
    spent: MIN_POINTS + EQUIPMENT_COST.horn,
  },
  {
    rule: '[000 §10; DIGEST AMB-19f] a Heavy buys its storm mantle',
    build: (r) => {
      r.formations.push(formation('heavy', 1));
      r.formations[2]!.fighters[0]!.equipment = ['mantle'];
    },
    codes: [],
    spent: MIN_POINTS + COST.heavy + EQUIPMENT_COST.mantle,
  },
  // the pack's equipment table decides who may carry what (DIGEST M-10)
  {
    rule: 'DIGEST M-10: a Core fighter cannot carry an Officer-only horn (still costed)',
    build: (r) => (r.formations[1]!.fighters[2]!.equipment = ['horn']),
    codes: ['EQUIPMENT_NOT_ALLOWED'],
    spent: MIN_POINTS + EQUIPMENT_COST.horn,
    path: ['formations', 1, 'fighters', 2, 'equipment', 0],
  },
  {
    rule: 'DIGEST M-10: a Heavy cannot wear the infantry cloak',
    build: (r) => {
      r.formations.push(formation('heavy', 1));
      r.formations[2]!.fighters[0]!.equipment = ['cloak'];
    },
    codes: ['EQUIPMENT_NOT_ALLOWED'],
    path: ['formations', 2, 'fighters', 0, 'equipment', 0],
  },
  {
    rule: 'DIGEST M-10: the Captain cannot carry a signal horn',
    build: (r) => (r.captain!.equipment = ['horn']),
    codes: ['EQUIPMENT_NOT_ALLOWED'],
    path: ['captain', 'equipment', 0],
  },
  {
    rule: 'DIGEST M-10: an Elite fighter may carry dressings, a Skirmisher may not',
    build: (r) => {
      r.formations.push(formation('elite', 2), formation('skirmisher', 3));
      r.formations[2]!.fighters[0]!.equipment = ['dressings'];
      r.formations[3]!.fighters[1]!.equipment = ['dressings'];
    },
    codes: ['EQUIPMENT_NOT_ALLOWED'],
    path: ['formations', 3, 'fighters', 1, 'equipment', 0],
  },
  {
    rule: 'ruleset pack: an item not in the pack is unknown and costs nothing',
    build: (r) => (r.officers[0]!.equipment = ['jetpack']),
    codes: ['EQUIPMENT_UNKNOWN'],
    spent: MIN_POINTS,
    path: ['officers', 0, 'equipment', 0],
  },
  {
    rule: '[000 §13 step 4] the same item twice on one model is refused (and both are costed)',
    build: (r) => (r.formations[0]!.fighters[1]!.equipment = ['cloak', 'cloak']),
    codes: ['EQUIPMENT_TWICE'],
    spent: MIN_POINTS + 2 * EQUIPMENT_COST.cloak,
    path: ['formations', 0, 'fighters', 1, 'equipment', 1],
  },
  // [000 §2 step 6] total points within the allowance: equipment counts towards it
  {
    rule: '[000 §2 step 6] equipment bringing the roster to exactly its allowance is legal',
    build: (r) => r.formations[0]!.fighters.forEach((x) => (x.equipment = ['cloak'])),
    codes: [],
    spent: MIN_POINTS + 3 * EQUIPMENT_COST.cloak,
  },
];

describe('equipment in the validator [000 §13 step 4, §10; DIGEST 17.4, M-10, AMB-19f]', () => {
  it.each(CASES)('$rule', ({ build, codes, spent, path }) => {
    const r = minimalRoster();
    build(r);
    const res = rosterViolations(r, EQUIPMENT_PACK, { allowance: 1000 });
    expect(res.violations.map((v) => v.code)).toEqual(codes);
    if (spent !== undefined) expect(res.points.spent).toBe(spent);
    if (path) expect(res.violations[0]!.path).toEqual(path);
    for (const v of res.violations) expect(v.message).toMatch(/remove/);
  });

  it('one point of equipment over the allowance is POINTS_OVER_LIMIT [000 §2 step 6]', () => {
    const r = minimalRoster();
    r.formations[0]!.fighters[0]!.equipment = ['cloak'];
    const allowance = MIN_POINTS + EQUIPMENT_COST.cloak;
    expect(rosterViolations(r, EQUIPMENT_PACK, { allowance }).valid).toBe(true);
    const over = rosterViolations(r, EQUIPMENT_PACK, { allowance: allowance - 1 });
    expect(over.violations.map((v) => v.code)).toEqual(['POINTS_OVER_LIMIT']);
    expect(over.violations[0]!.message).toContain('equipment');
  });

  it('equipment points land in the breakdown of the part that carries it', () => {
    const r = minimalRoster();
    r.officers[1]!.equipment = ['horn'];
    r.formations[1]!.fighters[0]!.equipment = ['cloak'];
    const res = rosterViolations(r, EQUIPMENT_PACK, { allowance: 1000 });
    expect(res.breakdown.command).toBe(COST.captain + 4 * COST.officer + EQUIPMENT_COST.horn);
    expect(res.breakdown.formations[r.formations[1]!.id]).toBe(3 * COST.core + EQUIPMENT_COST.cloak);
    expect(res.breakdown.formations[r.formations[0]!.id]).toBe(3 * COST.core);
  });

  it('names the model and the slots the item is for', () => {
    const r = minimalRoster();
    r.formations[0]!.fighters[0]!.name = 'Brother Anselm';
    r.formations[0]!.fighters[0]!.equipment = ['mantle'];
    const [v] = rosterViolations(r, EQUIPMENT_PACK, { allowance: 1000 }).violations;
    expect(v!.message).toBe('Brother Anselm cannot carry Storm mantle: it is for Heavies only; remove it.');
    expect(v!.formationId).toBe(r.formations[0]!.id);
  });
});

describe('stored rosters from before equipment', () => {
  it('parse with no equipment on any model', () => {
    const stored = JSON.parse(JSON.stringify(minimalRoster())) as Record<string, unknown> & {
      captain: Record<string, unknown>;
      officers: Record<string, unknown>[];
      formations: { fighters: Record<string, unknown>[] }[];
    };
    delete stored.captain.equipment;
    stored.officers.forEach((o) => delete o.equipment);
    stored.formations.forEach((f) => f.fighters.forEach((x) => delete x.equipment));
    const r = rosterSchema.parse(stored);
    expect(r.captain!.equipment).toEqual([]);
    expect(r.officers.every((o) => o.equipment.length === 0)).toBe(true);
    expect(r.formations.flatMap((f) => f.fighters).every((x) => x.equipment.length === 0)).toBe(true);
  });
});

describe('equipmentFor: what the Builder offers per slot', () => {
  it.each([
    ['captain', ['cloak', 'dressings']],
    ['officer', ['cloak', 'horn', 'dressings']],
    ['core', ['cloak']],
    ['elite', ['cloak', 'dressings']],
    ['skirmisher', ['cloak']],
    ['heavy', ['mantle']],
  ] as const)('%s → %j', (slot, ids) => {
    expect(equipmentFor(EQUIPMENT_PACK, slot).map((e) => e.id)).toEqual(ids);
  });

  it('everything it offers passes the validator', () => {
    const r = minimalRoster();
    r.formations.push(formation('elite', 2), formation('skirmisher', 3), formation('heavy', 1));
    r.captain!.equipment = equipmentFor(EQUIPMENT_PACK, 'captain').map((e) => e.id);
    r.officers.forEach((o) => (o.equipment = equipmentFor(EQUIPMENT_PACK, 'officer').map((e) => e.id)));
    for (const f of r.formations) for (const x of f.fighters) x.equipment = equipmentFor(EQUIPMENT_PACK, f.slot).map((e) => e.id);
    expect(rosterViolations(r, EQUIPMENT_PACK, { allowance: 10_000 }).violations).toEqual([]);
  });
});

describe('radProtectedModels: storm protection per snapshot formation [000 §10; DIGEST 14.2, AMB-19f]', () => {
  it('counts protected models, the command group under the Captain, once per model', () => {
    const r = minimalRoster();
    r.formations.push(formation('heavy', 1));
    r.captain!.equipment = ['cloak'];
    r.officers[0]!.equipment = ['cloak', 'horn'];
    r.officers[3]!.equipment = ['horn']; // not protective
    r.formations[0]!.fighters[0]!.equipment = ['cloak'];
    r.formations[0]!.fighters[2]!.equipment = ['cloak', 'cloak']; // still one model, one roll
    r.formations[2]!.fighters[0]!.equipment = ['mantle'];
    const m = radProtectedModels(r, EQUIPMENT_PACK);
    expect(Object.fromEntries(m)).toEqual({ [r.captain!.id]: 2, [r.formations[0]!.id]: 2, [r.formations[1]!.id]: 0, [r.formations[2]!.id]: 1 });
  });
});
