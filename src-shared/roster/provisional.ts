import { type RulesetPack } from '../ruleset/schema';
import { isProvisional } from '../ruleset/pack-facts';
import { packIndex, type PackIndex } from './points';
import type { Roster } from './schema';

/** Whether a model's points rest on a provisional cost: its unit's, its loadout's or an item's. */
export function costIsProvisional(idx: PackIndex, unitId: string, loadoutId: string | null, equipment: readonly string[]): boolean {
  const unit = idx.units.get(unitId);
  const loadout = loadoutId ? idx.loadouts.get(`${unitId}/${loadoutId}`) : undefined;
  return (
    (unit ? isProvisional(unit, 'cost') : false) ||
    (loadout ? isProvisional(loadout, 'cost') : false) ||
    equipment.some((id) => {
      const e = idx.equipment.get(id);
      return e ? isProvisional(e, 'cost') : false;
    })
  );
}

/** Which parts of a roster's points rest on a provisional cost, from the pack's own markers: shown as † wherever the points are. */
export interface ProvisionalCosts {
  command: boolean;
  formations: ReadonlySet<string>;
  any: boolean;
}

export function provisionalCosts(roster: Roster, pack: RulesetPack): ProvisionalCosts {
  const idx = packIndex(pack);
  const command = [...(roster.captain ? [roster.captain] : []), ...roster.officers].some((m) => costIsProvisional(idx, m.unitId, m.loadoutId, m.equipment));
  const formations = new Set(
    roster.formations.filter((f) => f.fighters.some((x) => costIsProvisional(idx, f.unitId, x.loadoutId, x.equipment))).map((f) => f.id),
  );
  return { command, formations, any: command || formations.size > 0 };
}
