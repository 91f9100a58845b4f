import type { BattleEventBody } from './events';
import { victoryPoints } from './reducer';
import type { BattleRules, Side } from './setup';
import type { BattleState } from './state';
import { battleMission, withVariant } from './mission';

/**
 * Victory points by where they came from (Field Manual §3; DIGEST 4.6–4.9):
 * objectives held from round 2, the relic (3 VP; 5 in Relic Recovery), the
 * secondary objective agreed at set-up (2 VP), Cryptid Hunt (1 VP per full 5
 * Wounds) and anything else the players recorded.
 */
export interface VpBySource {
  objectives: number;
  relic: number;
  secondary: number;
  cryptidHunt: number;
  other: number;
}

type MissionRules = Pick<BattleRules, 'missions' | 'provinces'>;
type VpBody = Extract<BattleEventBody, { kind: 'record.vp' }>;

/** The mission the battle plays (with its province's variant), or the standard mission's values for a game that chose none. */
function missionOf(s: Pick<BattleState, 'setup' | 'provinceId' | 'missionVariantId'>, rules: MissionRules) {
  if (s.setup.mission) return battleMission(s, rules);
  const standard = rules.missions.find((m) => m.kind === 'standard');
  return standard && withVariant(standard, undefined);
}

export function vpBySource(s: BattleState, rules: Pick<BattleRules, 'cryptidRules' | 'missions' | 'provinces'>): Record<Side, VpBySource> {
  const total = victoryPoints(s, rules);
  const one = (k: Side): VpBySource => {
    const held = s.rounds.reduce((n, r) => n + r.vp[k], 0);
    const rec = s.sides[k].vpRecorded;
    // a round's VP column holds what was recorded in it too: objectives are what remains
    return {
      objectives: held - rec.relic - rec.secondary - rec.other,
      relic: rec.relic,
      secondary: rec.secondary,
      cryptidHunt: total[k] - held,
      other: rec.other,
    };
  };
  return { A: one('A'), B: one('B') };
}

/**
 * Why recording these VP would break the mission's values, or null: the relic
 * is worth what the mission says (none where it has no relic); the secondary
 * objective scores only when one was agreed at set-up, its mission value, once
 * per side. Checked when the VP are recorded, not on replay, so records made
 * before the check still fold.
 */
export function vpRecordRefusal(s: BattleState, rules: MissionRules, b: VpBody): { message: string; path: string[] } | null {
  const mission = missionOf(s, rules);
  if (b.source === 'relic') {
    const worth = mission?.relicVp ?? 0;
    if (worth === 0) return { message: `${mission ? `Mission ${mission.number}` : 'This game'} has no relic to extract.`, path: ['source'] };
    if (b.amount !== worth)
      return {
        message: `Extracting the relic is worth ${worth} VP in ${mission!.name}${mission!.variant ? ` (${mission!.variant.name})` : ''} (3 VP, or 5 VP in Relic Recovery; Field Manual §3).`,
        path: ['amount'],
      };
  }
  if (b.source === 'secondary') {
    if (!s.secondaryObjective)
      return { message: 'No secondary objective was agreed at set-up: the players agree one when they choose the scenario (DIGEST 4.7).', path: ['source'] };
    const worth = mission?.secondaryVp ?? 0;
    if (b.amount !== worth) return { message: `The secondary objective is worth ${worth} VP.`, path: ['amount'] };
    if (s.sides[b.side].vpRecorded.secondary > 0) return { message: 'This side has already scored the secondary objective.', path: ['side'] };
  }
  return null;
}

/** What the relic and the secondary objective are worth in this battle, for the buttons that record them. */
export function missionVp(s: Pick<BattleState, 'setup' | 'provinceId' | 'missionVariantId'>, rules: MissionRules): { relic: number; secondary: number } {
  const mission = missionOf(s, rules);
  return { relic: mission?.relicVp ?? 0, secondary: mission?.secondaryVp ?? 0 };
}
