import { TRACKED_ABILITIES } from '../../../src-shared/battle/abilities';
import { AppError } from '../../../src-shared/errors';
import type { SideSetup } from '../../../src-shared/battle/setup';
import { radProtectedModels } from '../../../src-shared/roster/equipment';
import { rosterPoints } from '../../../src-shared/roster/points';
import type { Roster } from '../../../src-shared/roster/schema';
import { type RulesetPack } from '../../../src-shared/ruleset/schema';
import { isProvisional } from '../../../src-shared/ruleset/pack-facts';
import { tableFormations } from '../../../src-shared/battle/roster-formations';

/**
 * The army as it takes the table, from a saved roster: one formation per
 * Core/Elite/Skirmisher/Heavy, plus the command group (the Captain and every
 * Officer, DIGEST 2.1). Officers keep their posting, which decides whose
 * token they ride (DIGEST 3.4–3.5).
 */
export function sideFromRoster(roster: Roster, pack: RulesetPack, playerName: string): SideSetup {
  if (!roster.captain) throw new AppError('RULE_VIOLATION', `${roster.name} has no Captain yet.`, { path: ['rosterIds'] });
  const faction = pack.factions.find((f) => f.id === roster.factionId);
  const unitName = (id: string) => pack.units.find((u) => u.id === id)?.name ?? id;
  const captainName = roster.captain.name || unitName(roster.captain.unitId);
  // the storm's end-of-round protection roll is for models with suitable equipment (DIGEST AMB-19f)
  const protectedModels = radProtectedModels(roster, pack);
  return {
    playerId: roster.playerId,
    playerName,
    rosterId: roster.id,
    factionId: roster.factionId,
    captainAbilityId: faction?.captainAbility ?? null,
    formations: tableFormations(roster, captainName).map((f) => {
      const squad = roster.formations.find((x) => x.id === f.id);
      const unitId = squad?.unitId ?? roster.captain!.unitId;
      return {
        ...f,
        reserveEligible: f.slot === 'skirmisher' && squad?.fighters.length === pack.recruitment.skirmisher.size.max,
        radProtectedModels: protectedModels.get(f.id) ?? 0,
        endOfRoundD20: squad ? endOfRoundBands(pack, squad.unitId) : [],
        resolve: resolveOf(pack, unitId),
        // ranks live in the campaign ledger: the battle start fills these in (battles.ts)
        veteranSixes: null,
        abilities: trackedAbilities(pack, unitId),
        ...moveAndSave(pack, unitId),
        provisionalStats: provisionalStats(pack, unitId),
      };
    }),
    officers: roster.officers.map((o, i) => ({ id: o.id, name: o.name || `Officer ${i + 1}`, attachedTo: o.postedTo })),
    veteranSixesMatched: null,
    // what the army cost as it took the table: a campaign roster is upgraded after the battle, so it is kept here
    points: rosterPoints(roster, pack).total,
  };
}

/** A unit's end-of-round D20 rule (Chaotic Instability), if its special rules carry one. */
function endOfRoundBands(pack: RulesetPack, unitId: string) {
  const unit = pack.units.find((u) => u.id === unitId);
  for (const ruleId of unit?.specialRules ?? []) {
    const rule = pack.specialRules.find((r) => r.id === ruleId);
    for (const e of rule?.effects ?? []) if (e.kind === 'end-of-round-d20') return e.bands;
  }
  return [];
}

/** The unit's special rules whose uses Play Mode counts (Clockwork Overdrive, Rift Shock, Field Repairs). */
function trackedAbilities(pack: RulesetPack, unitId: string): string[] {
  return (pack.units.find((u) => u.id === unitId)?.specialRules ?? []).filter((r) => r in TRACKED_ABILITIES);
}

/** Movement and Save of the unit's profile, for the activation card (effective-profile.ts). */
function moveAndSave(pack: RulesetPack, unitId: string): { move: number | null; save: number | null } {
  const p = pack.units.find((u) => u.id === unitId)?.profile;
  const ok = (n: number | undefined, lo: number, hi: number) => (n !== undefined && Number.isInteger(n) && n >= lo && n <= hi ? n : null);
  return { move: ok(p?.M, 0, 30), save: ok(p?.Save, 1, 7) };
}

/** Which of the card's stats rest on a value the pack marks provisional (its own markers, never a list here). */
function provisionalStats(pack: RulesetPack, unitId: string): ('move' | 'save' | 'resolve')[] {
  const unit = pack.units.find((u) => u.id === unitId);
  if (!unit) return [];
  const stats = [
    ['move', 'profile.M'],
    ['save', 'profile.Save'],
    ['resolve', 'profile.Resolve'],
  ] as const;
  return stats.filter(([, field]) => isProvisional(unit, field)).map(([stat]) => stat);
}

/** The unit's Resolve target, which the optional morale module's Will check rolls against (DIGEST §23). */
function resolveOf(pack: RulesetPack, unitId: string): number | null {
  const r = pack.units.find((u) => u.id === unitId)?.profile.Resolve;
  return r !== undefined && r >= 2 && r <= 6 ? r : null;
}
