import { modelsLeft } from './bag';
import type { BattleResult } from './outcome';
import { SIDES, type Side } from './setup';
import type { BattleState } from './state';

/**
 * The alternating-activation module's end (seed 003 L24; DIGEST §23 T9): "The
 * battle ends immediately when only one retinue has fighters remaining on the
 * battlefield … The remaining retinue wins." A company's models are off the
 * battlefield once killed or retreated (fled); a patrol still held in reserve
 * has not fled, so it keeps its company in the battle. Standard Age of Ash
 * plays its five rounds (the module is never applied implicitly, AMB-S1).
 */
export function lastSideStanding(s: Pick<BattleState, 'setup' | 'sides'>): Side | null {
  if (s.setup.activation !== 'alternating') return null;
  const standing = SIDES.filter((side) => s.sides[side].formations.some((f) => modelsLeft(f) > 0));
  return standing.length === 1 ? standing[0]! : null;
}

/** The only result the players may finish with when the module ended the battle early, as side A's result. */
export function resultOfEarlyEnd(s: Pick<BattleState, 'endedEarly'>): BattleResult | null {
  if (!s.endedEarly) return null;
  return s.endedEarly.winner === 'A' ? 'win' : 'loss';
}
