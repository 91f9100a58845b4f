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
export function withVariant(mission: Mission, variant: MissionVariant | undefined): PlayedMission {
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

type PlayedMission = Mission & { variant: MissionVariant | null };

/**
 * The missions as played, kept per pack mission and variant: the reducer asks
 * for the battle's mission at every event, and the pack's objects do not
 * change while a battle is folded, so the merge is made once.
 */
const played = new WeakMap<Mission, Map<MissionVariant | null, PlayedMission>>();

/** The mission the battle plays (its number, with the province's variant the players chose), or undefined for a game without one. */
export function battleMission(s: Pick<BattleState, 'setup' | 'provinceId' | 'missionVariantId'>, rules: MissionRules): PlayedMission | undefined {
  const number = s.setup.mission;
  const mission = number === null ? undefined : rules.missions.find((m) => m.number === number);
  if (!mission) return undefined;
  const variant = (s.missionVariantId && missionVariantsOf(rules, s.provinceId, number).find((v) => v.id === s.missionVariantId)) || null;
  let byVariant = played.get(mission);
  if (!byVariant) played.set(mission, (byVariant = new Map()));
  let out = byVariant.get(variant);
  if (!out) byVariant.set(variant, (out = withVariant(mission, variant ?? undefined)));
  return out;
}
