import { battleOutcomeSchema, type BattleOutcome, type BattleResult } from './outcome';
import { modelsLeft } from './bag';
import { victoryPoints } from './reducer';
import { SIDES, type BattleRules } from './setup';
import type { BattleState } from './state';
import { battleMission } from './mission';

/**
 * The record Finish Mission reads (outcome.ts), built from the recorded
 * battle. The players choose the result (DIGEST M-15: the rules do not say
 * how VP decide it); the VP totals are shown to them as advice.
 */
export function buildOutcome(s: BattleState, rules: BattleRules, resultA: BattleResult): BattleOutcome {
  const resultB: BattleResult = resultA === 'win' ? 'loss' : resultA === 'loss' ? 'win' : 'draw';
  const vp = victoryPoints(s, rules);
  const mission = battleMission(s, rules);
  const perPatrol = mission?.mutantsPerObjective ?? 3;
  const sides = SIDES.map((sd, i) => {
    const setup = s.setup.sides[i]!;
    const st = s.sides[sd];
    return {
      playerId: setup.playerId,
      rosterId: setup.rosterId,
      result: sd === 'A' ? resultA : resultB,
      mutantKills: st.mutantKills,
      victoryPoints: vp[sd],
      formations: st.formations.map((f) => ({
        formationId: f.id,
        name: f.name,
        slot: f.slot,
        startingModels: f.startingModels,
        // Survivors count fighters who retreated (DIGEST 16.3).
        survivors: modelsLeft(f) + f.retreated,
        retreated: f.retreated,
        cryptidWounds: f.cryptidWounds,
      })),
      trophies: st.trophies,
      veteranSixesSpent: st.formations.reduce((n, f) => n + f.veteranSixesSpent, 0),
      cryptidDiceSpent: st.cryptidDiceSpent,
      bankedTrophiesUsed: st.bankedTrophiesUsed.map((t) => t.trophyId),
    };
  });
  return battleOutcomeSchema.parse({
    mode: s.setup.mode,
    campaignId: s.setup.campaignId,
    mission: s.setup.mission,
    mutantsInScenario: (s.objectives ?? 0) * perPatrol,
    cryptid: s.cryptid
      ? {
          cryptidId: s.cryptid.cryptidId,
          startingWounds: s.cryptid.startingWounds,
          defeated: s.cryptid.defeated,
          // only when the tie ruling's roll-off was recorded: an outcome without one reads as before
          ...(s.cryptid.tieRolloff ? { tieRolloffWinner: s.cryptid.tieRolloff.winner === 'A' ? (0 as const) : (1 as const) } : {}),
        }
      : null,
    sides,
  });
}
