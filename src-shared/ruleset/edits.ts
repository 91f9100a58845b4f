import type { Issue } from '../errors';
import { parsePackValue } from './parse';
import type { RulesetPack, Unit } from './schema';

/**
 * Structural edits of a pack made in the Armoury (adding or removing a unit),
 * and the helpers that put the backend's problems back beside the form field
 * they concern. Pure: the renderer calls them on a draft, the backend checks
 * the result again before storing it.
 */

/** An id from a name, unique among `taken`: "Test Fusilier" → "test-fusilier" (or "test-fusilier-2"). */
export function newEntityId(taken: Iterable<{ id: string }>, name: string, fallback: string): string {
  const base =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 56) || fallback;
  const ids = new Set([...taken].map((x) => x.id));
  if (!ids.has(base)) return base;
  for (let n = 2; ; n++) if (!ids.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** A unit id from its name, unique in the pack. */
export function newUnitId(pack: RulesetPack, name: string): string {
  return newEntityId(pack.units, name, 'unit');
}

/** The catalogue entries the Armoury creates, edits and retires besides units. */
export type CatalogueCollection = 'weapons' | 'equipment';

/**
 * Why a weapon or an item of equipment cannot be retired, in words: what the
 * pack's own checks refuse once it is gone (a unit, loadout or rule that still
 * names it). Empty when it may go; rosters on the version it leaves keep it.
 */
export function catalogueRemovalProblems(pack: RulesetPack, collection: CatalogueCollection | 'units', id: string): string[] {
  const without = { ...pack, [collection]: (pack[collection] as { id: string }[]).filter((x) => x.id !== id) };
  const result = parsePackValue(without);
  if (result.ok) return [];
  return [...new Set(result.issues.map((i) => whoStillNamesIt(pack, i.path) ?? i.message))];
}

/** "Iron Lancer carries it" for a problem at units › 3 › weapons › 0, "the Sniper loadout of Ghost Patrol gives it" at a loadout. */
function whoStillNamesIt(pack: RulesetPack, path: (string | number)[]): string | undefined {
  const [top, i, field, j] = path;
  if (top !== 'units' || typeof i !== 'number') return undefined;
  const unit = pack.units[i];
  if (!unit) return undefined;
  if (field === 'weapons') return `${unit.name} carries it.`;
  if (field === 'equipment') return `${unit.name} is equipped with it.`;
  if (field === 'loadouts' && typeof j === 'number' && unit.loadouts[j]) return `The ${unit.loadouts[j].name} loadout of ${unit.name} gives it.`;
  return undefined;
}

/** A loadout id unique within one unit, from its name. */
export function newLoadoutId(unit: Unit, name: string): string {
  const base = `${unit.id}-${
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'loadout'
  }`
    .slice(0, 56)
    .replace(/-+$/, '');
  const taken = new Set(unit.loadouts.map((l) => l.id));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Splits a list of problems into those under `prefix` (e.g. ['units', 7]),
 * keyed by the rest of their path joined with dots ("profile.M", "loadouts.0.cost"),
 * and the rest. The first problem of a field wins, as a form shows one per field.
 */
export function issuesUnder(issues: Issue[], prefix: (string | number)[]): { byField: Map<string, string>; other: Issue[] } {
  const byField = new Map<string, string>();
  const other: Issue[] = [];
  for (const i of issues) {
    const inside = i.path.length > prefix.length && prefix.every((p, n) => i.path[n] === p);
    if (!inside) {
      other.push(i);
      continue;
    }
    const field = i.path.slice(prefix.length).join('.');
    if (!byField.has(field)) byField.set(field, i.message);
  }
  return { byField, other };
}

/**
 * Why a unit cannot leave the pack, in words: anything the pack's own checks
 * would refuse once it is gone (a faction's last Captain, Officer or Core
 * unit; the Skirmisher that carries the Sniper loadout). Rosters are checked
 * by the caller, who knows them. Empty when it may go.
 */
export function unitRemovalProblems(pack: RulesetPack, unitId: string): string[] {
  return catalogueRemovalProblems(pack, 'units', unitId);
}

/** Whether a roster (as stored) fields the unit, and which of its loadouts. */
export interface RosterLike {
  captain?: { unitId: string; loadoutId?: string | null } | null;
  officers?: { unitId: string; loadoutId?: string | null }[];
  formations?: { unitId: string; fighters: { loadoutId?: string | null }[] }[];
}

export function unitUseInRoster(roster: RosterLike, unitId: string): { uses: boolean; loadoutIds: string[] } {
  const loadouts = new Set<string>();
  let uses = false;
  for (const m of [roster.captain, ...(roster.officers ?? [])]) {
    if (m && m.unitId === unitId) {
      uses = true;
      if (m.loadoutId) loadouts.add(m.loadoutId);
    }
  }
  for (const f of roster.formations ?? []) {
    if (f.unitId !== unitId) continue;
    uses = true;
    for (const x of f.fighters) if (x.loadoutId) loadouts.add(x.loadoutId);
  }
  return { uses, loadoutIds: [...loadouts] };
}
