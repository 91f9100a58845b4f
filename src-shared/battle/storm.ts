import { counted } from '../naming';
import { formationRefusal, modelsLeft, type LifeReadable } from './formation-life';
import type { BattleState } from './state';

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

/** One formation's models inside the storm at the end of a round, as the players give them (before the app rolls protection). */
export interface StormEntry {
  side: 'A' | 'B';
  formationId: string;
  modelsInside: number;
  protectedInside: number;
}

/**
 * Why the storm exposure the players give cannot be right, with the entry and
 * field it is about, or null (DIGEST 14.2, AMB-19f): each formation once,
 * one on the table (not in reserve, destroyed or gone: formation-life.ts), no
 * more models inside than it has left, and no more protected models than
 * carry storm protection ("suitable equipment" is the pack's radProtection
 * flag, counted in the army snapshot the battle started with).
 */
export function stormEntryRefusal(
  s: LifeReadable & Pick<BattleState, 'storm'>,
  entries: readonly StormEntry[],
): { index: number; field: 'formationId' | 'modelsInside' | 'protectedInside'; message: string } | null {
  if (entries.length && !s.storm) return { index: 0, field: 'formationId', message: 'There is no storm on the table.' };
  const seen = new Set<string>();
  for (const [index, e] of entries.entries()) {
    const f = s.sides[e.side].formations.find((x) => x.id === e.formationId);
    const snap = s.setup.sides[e.side === 'A' ? 0 : 1].formations.find((x) => x.id === e.formationId);
    if (!f || !snap) return { index, field: 'formationId', message: `Side ${e.side} has no formation ${e.formationId}.` };
    if (seen.has(`${e.side}:${e.formationId}`)) return { index, field: 'formationId', message: `${f.name} is listed twice: give its models inside once.` };
    seen.add(`${e.side}:${e.formationId}`);
    const why = formationRefusal(s, e.side, e.formationId, 'storm-exposure');
    if (why) return { index, field: 'formationId', message: why };
    const left = modelsLeft(f);
    if (e.modelsInside > left) return { index, field: 'modelsInside', message: `${f.name} has only ${counted(left, 'model')} left.` };
    if (e.protectedInside > e.modelsInside) return { index, field: 'protectedInside', message: 'More protected models than models inside the storm.' };
    const carriers = Math.min(snap.radProtectedModels, left);
    if (e.protectedInside > carriers)
      return {
        index,
        field: 'protectedInside',
        message: `Only ${carriers} of ${f.name}’s models carry storm protection: at most ${carriers} protected inside (DIGEST AMB-19f).`,
      };
  }
  return null;
}
