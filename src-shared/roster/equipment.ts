import type { Equipment, RulesetPack, Slot } from '../ruleset/schema';
import { packIndex } from './points';
import type { Roster } from './schema';

/**
 * Equipment a model of this slot may buy: the pack's items whose `slots`
 * name it (DIGEST M-10: the equipment table is the pack's). The Builder's
 * picker offers exactly these; the validator rejects anything else.
 */
export function equipmentFor(pack: RulesetPack, slot: Slot): Equipment[] {
  return pack.equipment.filter((e) => e.slots.includes(slot));
}

/** Does this model carry storm protection (an item flagged radProtection, DIGEST AMB-19f)? */
function carriesRadProtection(pack: RulesetPack, equipment: readonly string[]): boolean {
  const idx = packIndex(pack);
  return equipment.some((id) => idx.equipment.get(id)?.radProtection === true);
}

/**
 * Models with storm protection, per part of the army as Play Mode snapshots
 * it: the command group (the Captain and every Officer, DIGEST 2.1) under the
 * Captain's id, and each formation under its own id. A model counts once
 * however many protective items it carries: it gets one 5+ roll [000 §10].
 */
export function radProtectedModels(roster: Roster, pack: RulesetPack): Map<string, number> {
  const out = new Map<string, number>();
  // an Officer counts where it fights: with the squad it is posted to, else with the command group (roster-formations.ts)
  const squads = new Set(roster.formations.map((f) => f.id));
  const postedTo = (o: Roster['officers'][number]) => (o.postedTo !== null && squads.has(o.postedTo) ? o.postedTo : null);
  if (roster.captain) {
    let n = carriesRadProtection(pack, roster.captain.equipment) ? 1 : 0;
    for (const o of roster.officers) if (postedTo(o) === null && carriesRadProtection(pack, o.equipment)) n++;
    out.set(roster.captain.id, n);
  }
  for (const f of roster.formations) {
    const officers = roster.officers.filter((o) => postedTo(o) === f.id && carriesRadProtection(pack, o.equipment)).length;
    out.set(f.id, f.fighters.filter((x) => carriesRadProtection(pack, x.equipment)).length + officers);
  }
  return out;
}
