import type { RulesetPack } from './schema';

/**
 * What changed between two versions of a pack, as a list of leaf changes an
 * organiser can read: "Iron Lancer › cost: 42 → 45". Entities in id-keyed
 * lists are matched by id, so reordering is not a change and a renamed field
 * shows as one change, not a whole entity removed and re-added.
 */

export const CHANGE_CATEGORIES = ['costs', 'profiles', 'rules', 'options', 'other'] as const;
export type ChangeCategory = (typeof CHANGE_CATEGORIES)[number];

export interface PackChange {
  category: ChangeCategory;
  kind: 'changed' | 'added' | 'removed';
  /** Machine path, ids for list entries: ["units", "iron-lancer", "cost"]. */
  path: string[];
  /** Human label: "Iron Lancer › cost". */
  label: string;
  before?: unknown;
  after?: unknown;
}

const PROFILE_FIELDS = new Set(['profile', 'range', 'attacks', 'force', 'damage', 'reach', 'blast']);
const RULE_COLLECTIONS = new Set([
  'specialRules',
  'orders',
  'gambits',
  'captainAbilities',
  'ruleOfCool',
  'environmentEvent',
  'storm',
  'cryptidRules',
  'recruitment',
  'economy',
]);

function categorise(path: string[]): ChangeCategory {
  const [top] = path;
  if (top === 'options') return 'options';
  const last = path[path.length - 1];
  if (last === 'cost' || (top === 'sniper' && last === 'cost')) return 'costs';
  if (path.some((p) => PROFILE_FIELDS.has(p)) && ['units', 'weapons', 'cryptids'].includes(top!)) return 'profiles';
  if (top && RULE_COLLECTIONS.has(top)) return 'rules';
  if (path.includes('specialRules') || path.includes('effects') || path.includes('instinct') || path.includes('trophy')) return 'rules';
  return 'other';
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Lists whose entries carry an id (or, for missions, a number) are compared entry by entry. */
const keyOf = (x: Obj): string | undefined => (typeof x.id === 'string' ? x.id : typeof x.number === 'number' ? String(x.number) : undefined);
const isKeyedList = (v: unknown): v is Obj[] => Array.isArray(v) && v.every((x) => isObj(x) && keyOf(x) !== undefined);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const nameOf = (o: Obj): string => (typeof o.name === 'string' ? o.name : String(keyOf(o)));

export function diffPacks(a: RulesetPack, b: RulesetPack): PackChange[] {
  const out: PackChange[] = [];
  walk(a as unknown as Obj, b as unknown as Obj, [], [], out);
  return out;
}

function walk(a: unknown, b: unknown, path: string[], labels: string[], out: PackChange[]): void {
  if (same(a, b)) return;
  const push = (kind: PackChange['kind'], before: unknown, after: unknown, p = path, l = labels): void => {
    out.push({
      category: categorise(p),
      kind,
      path: p,
      label: l.join(' › ') || '(whole pack)',
      ...(before !== undefined ? { before } : {}),
      ...(after !== undefined ? { after } : {}),
    });
  };

  if (isKeyedList(a) && isKeyedList(b)) {
    const left = new Map(a.map((x) => [keyOf(x)!, x]));
    const right = new Map(b.map((x) => [keyOf(x)!, x]));
    for (const [id, x] of left) {
      const y = right.get(id);
      if (!y) push('removed', nameOf(x), undefined, [...path, id], [...labels, nameOf(x)]);
      else walk(x, y, [...path, id], [...labels, nameOf(y)], out);
    }
    for (const [id, y] of right) if (!left.has(id)) push('added', undefined, nameOf(y), [...path, id], [...labels, nameOf(y)]);
    return;
  }
  if (isObj(a) && isObj(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    for (const k of keys) walk(a[k], b[k], [...path, k], [...labels, k], out);
    return;
  }
  if (a === undefined) return push('added', undefined, b);
  if (b === undefined) return push('removed', a, undefined);
  push('changed', a, b);
}

/** Counts per category, for a summary line. */
export function summariseChanges(changes: PackChange[]): Record<ChangeCategory, number> {
  const out = Object.fromEntries(CHANGE_CATEGORIES.map((c) => [c, 0])) as Record<ChangeCategory, number>;
  for (const c of changes) out[c.category]++;
  return out;
}
