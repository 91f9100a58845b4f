import type { Loadout, RulesetPack, Unit } from '../ruleset/schema';
import type { Roster } from './schema';

/**
 * Lookup tables over a pack, built once per pack object and cached, so that
 * validating a roster on every keystroke costs a few map reads.
 */
export interface PackIndex {
  units: Map<string, Unit>;
  /** `${unitId}/${loadoutId}` → loadout */
  loadouts: Map<string, Loadout>;
  factions: Set<string>;
  sniperLoadoutId: string;
  sniperCost: number;
}

const cache = new WeakMap<RulesetPack, PackIndex>();

export function packIndex(pack: RulesetPack): PackIndex {
  let idx = cache.get(pack);
  if (idx) return idx;
  const units = new Map<string, Unit>();
  const loadouts = new Map<string, Loadout>();
  for (const u of pack.units) {
    units.set(u.id, u);
    for (const l of u.loadouts) loadouts.set(`${u.id}/${l.id}`, l);
  }
  idx = { units, loadouts, factions: new Set(pack.factions.map((f) => f.id)), sniperLoadoutId: pack.sniper.unitLoadoutId, sniperCost: pack.sniper.cost };
  cache.set(pack, idx);
  return idx;
}

/**
 * Points for one model: the unit's cost per model (standard equipment
 * included) plus its loadout's extra cost [000 §2 step 6]; the Deadshot
 * Sniper costs the pack's sniper cost (+14, [000 §7]) whatever its loadout
 * entry says, as in `modelCost` (ruleset/lookup.ts). Unknown units and
 * loadouts count 0 here; the validator reports them separately.
 */
export function modelPoints(idx: PackIndex, unitId: string, loadoutId: string | null): number {
  const unit = idx.units.get(unitId);
  if (!unit) return 0;
  if (!loadoutId) return unit.cost;
  const loadout = idx.loadouts.get(`${unitId}/${loadoutId}`);
  if (!loadout) return unit.cost;
  const extra = loadoutId === idx.sniperLoadoutId ? idx.sniperCost : loadout.cost;
  return unit.cost + extra;
}

export interface RosterPoints {
  total: number;
  /** Captain and all Officers. */
  command: number;
  /** Formation id → points of its fighters. */
  formations: Record<string, number>;
}

/** What a roster costs, in total and per formation. */
export function rosterPoints(roster: Roster, pack: RulesetPack): RosterPoints {
  const idx = packIndex(pack);
  let command = roster.captain ? modelPoints(idx, roster.captain.unitId, roster.captain.loadoutId) : 0;
  for (const o of roster.officers) command += modelPoints(idx, o.unitId, o.loadoutId);
  const formations: Record<string, number> = {};
  let total = command;
  for (const f of roster.formations) {
    let p = 0;
    for (const x of f.fighters) p += modelPoints(idx, f.unitId, x.loadoutId);
    formations[f.id] = p;
    total += p;
  }
  return { total, command, formations };
}

/** Models in the roster (the Captain, Officers and every fighter). */
export function modelCount(roster: Roster): number {
  return (roster.captain ? 1 : 0) + roster.officers.length + roster.formations.reduce((n, f) => n + f.fighters.length, 0);
}
