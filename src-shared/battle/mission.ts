import type { Mission, MissionVariant } from '../ruleset/schema';
import type { BattleRules } from './setup';
import type { BattleState } from './state';

/**
 * The mission a battle plays: one of the pack's five as written, or a
 * province's variant of it (chosen at set-up with the province). Every rule
 * that reads the mission (victory points, the event roll, objectives,
 * mutant patrols, the briefing) reads it here, so a variant changes all of
 * them at once.
 */
type MissionRules = Pick<BattleRules, 'missions' | 'provinces'>;

/** The variants of mission `number` a province offers (none when the province has none, or the battle plays no mission). */
export function missionVariantsOf(rules: MissionRules, provinceId: string | null, number: number | null): MissionVariant[] {
  if (number === null || provinceId === null) return [];
  return (rules.provinces.find((p) => p.id === provinceId)?.missionVariants ?? []).filter((v) => v.mission === number);
}

const VARIED = ['kind', 'objectives', 'mutantsPerObjective', 'guaranteedCryptid', 'cryptidEntry', 'relicVp', 'secondaryVp'] as const;

/** A mission with a variant's changes in place (its number, name and rewards stay the mission's; the briefing adds the variant's). */
export function withVariant(mission: Mission, variant: MissionVariant | undefined): Mission & { variant: MissionVariant | null } {
  if (!variant) return { ...mission, variant: null };
  // the variant's provisional marks stand on the fields it changes ('*': all of them, and its briefing)
  const changed = VARIED.filter((k) => variant[k] !== undefined);
  const marked = variant.provisional.includes('*') ? [...changed, 'briefing'] : variant.provisional;
  const provisional = [...new Set([...mission.provisional, ...marked])];
  return {
    ...mission,
    kind: variant.kind ?? mission.kind,
    objectives: variant.objectives ?? mission.objectives,
    mutantsPerObjective: variant.mutantsPerObjective ?? mission.mutantsPerObjective,
    guaranteedCryptid: variant.guaranteedCryptid ?? mission.guaranteedCryptid,
    cryptidEntry: variant.cryptidEntry === undefined ? mission.cryptidEntry : variant.cryptidEntry,
    relicVp: variant.relicVp ?? mission.relicVp,
    secondaryVp: variant.secondaryVp ?? mission.secondaryVp,
    briefing: `${mission.briefing} ${variant.name}: ${variant.briefing}`,
    provisional,
    variant,
  };
}

/** The mission the battle plays (its number, with the province's variant the players chose), or undefined for a game without one. */
export function battleMission(
  s: Pick<BattleState, 'setup' | 'provinceId' | 'missionVariantId'>,
  rules: MissionRules,
): (Mission & { variant: MissionVariant | null }) | undefined {
  const number = s.setup.mission;
  const mission = number === null ? undefined : rules.missions.find((m) => m.number === number);
  if (!mission) return undefined;
  const variant = s.missionVariantId ? missionVariantsOf(rules, s.provinceId, number).find((v) => v.id === s.missionVariantId) : undefined;
  return withVariant(mission, variant);
}
