/**
 * Radiation storm at the end of a round (DIGEST 14.2): every model inside
 * takes 1 Wound; a model with suitable equipment rolls a D6 and ignores it on
 * 5+. The players say how many models are inside; the app rolls protection.
 */
export interface StormExposure {
  modelsInside: number;
  protectedInside: number;
  protectionRolls: readonly number[];
}

export function stormWounds(e: StormExposure, rule: { endOfRoundWounds: number; protectionRoll: number }): number {
  if (e.protectedInside > e.modelsInside) throw new RangeError('More protected models than models inside the storm.');
  if (e.protectionRolls.length !== e.protectedInside) throw new RangeError('One protection roll per protected model inside.');
  const saved = e.protectionRolls.filter((r) => r >= rule.protectionRoll).length;
  return (e.modelsInside - saved) * rule.endOfRoundWounds;
}

/** Chaotic Instability style D20 bands: wounds for the roll (DIGEST 15 P15). */
export function bandWounds(bands: readonly { min: number; max: number; wounds: number }[], roll: number): number {
  const b = bands.find((x) => roll >= x.min && roll <= x.max);
  return b ? b.wounds : 0;
}

/** Scatter-die direction names for the eight arrows, clockwise from the top edge as side A sees it. */
export const SCATTER_DIRECTIONS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;

/**
 * A recorded scatter direction (1–8, as side A sees the table) named as the
 * winner of the deployment roll-off sees it (DIGEST AMB-21): from side B's
 * edge the table is turned half round.
 */
export function scatterAsSeenBy(direction: number, viewer: 'A' | 'B'): (typeof SCATTER_DIRECTIONS)[number] {
  return SCATTER_DIRECTIONS[(direction - 1 + (viewer === 'B' ? 4 : 0)) % 8]!;
}
