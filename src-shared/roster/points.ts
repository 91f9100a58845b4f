import type { Equipment, Loadout, RulesetPack, Unit } from '../ruleset/schema';
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
  equipment: Map<string, Equipment>;
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
  const equipment = new Map(pack.equipment.map((e) => [e.id, e] as const));
  idx = {
    units,
    loadouts,
    factions: new Set(pack.factions.map((f) => f.id)),
    equipment,
    sniperLoadoutId: pack.sniper.unitLoadoutId,
    sniperCost: pack.sniper.cost,
  };
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

/**
 * Points of the equipment bought for one model: each item's cost, as often as
 * it is listed [000 §13 step 4: the allowance buys equipment]. Unknown items
 * count 0 here; the validator reports them (EQUIPMENT_UNKNOWN).
 */
export function equipmentPoints(idx: PackIndex, equipment: readonly string[]): number {
  let p = 0;
  for (const id of equipment) p += idx.equipment.get(id)?.cost ?? 0;
  return p;
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
  let command = roster.captain ? modelPoints(idx, roster.captain.unitId, roster.captain.loadoutId) + equipmentPoints(idx, roster.captain.equipment) : 0;
  for (const o of roster.officers) command += modelPoints(idx, o.unitId, o.loadoutId) + equipmentPoints(idx, o.equipment);
  const formations: Record<string, number> = {};
  let total = command;
  for (const f of roster.formations) {
    let p = 0;
    for (const x of f.fighters) p += modelPoints(idx, f.unitId, x.loadoutId) + equipmentPoints(idx, x.equipment);
    formations[f.id] = p;
    total += p;
  }
  return { total, command, formations };
}

/** Models in the roster (the Captain, Officers and every fighter). */
export function modelCount(roster: Roster): number {
  return (roster.captain ? 1 : 0) + roster.officers.length + roster.formations.reduce((n, f) => n + f.fighters.length, 0);
}
