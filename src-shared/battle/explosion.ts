import type { RuleOptions } from '../ruleset/options';
import type { Side } from './setup';

/**
 * Heavy explosions (Field Manual §5 "Destroyed Heavy models"; DIGEST 6.15,
 * AMB-04, AMB-16): every Heavy model explodes when destroyed, once; every
 * model within 3" takes D3 Wounds, one D3 per model, whatever its allegiance,
 * neutrals and cryptids included; a Heavy destroyed by an explosion explodes
 * in turn, in order of destruction. The Wounds are automatic unless the
 * battle's `explosionSaves` ruling allows a Save (one Save die per model,
 * which stops that model's D3).
 */

/** What destroyed the Heavy: recorded with the explosion for the playtest report. */
export const EXPLOSION_CAUSES = ['wounds', 'storm', 'instability', 'unreliable-powder', 'cryptid', 'explosion', 'other'] as const;
export type ExplosionCause = (typeof EXPLOSION_CAUSES)[number];

export type ExplosionTarget = { kind: 'formation'; side: Side; formationId: string } | { kind: 'patrol'; objective: number } | { kind: 'cryptid' };

export const targetKey = (t: ExplosionTarget): string =>
  t.kind === 'formation' ? `f:${t.side}:${t.formationId}` : t.kind === 'patrol' ? `p:${t.objective}` : 'c';

/** A Save roll holds on its target or better; a natural 1 always fails. */
export const saveHolds = (roll: number, save: number): boolean => roll !== 1 && roll >= save;

/**
 * Wounds one explosion deals to the models of one target: each model's D3,
 * unless its Save held (only when saves are allowed and the model has one).
 */
export function explosionWounds(rolls: readonly number[], save: number | null, saveRolls: readonly number[]): number {
  let n = 0;
  rolls.forEach((d3, i) => {
    const saved = save !== null && saveRolls[i] !== undefined && saveHolds(saveRolls[i]!, save);
    if (!saved) n += d3;
  });
  return n;
}

/** Whether a target rolls Saves against this explosion under the battle's ruling (AMB-16). */
export const explosionRollsSaves = (ruling: RuleOptions['explosionSaves'], save: number | null): boolean => ruling === 'saves-allowed' && save !== null;

export interface WoundsTakenOdds {
  /** P(the model takes exactly k Wounds), k = 0…max, as exact fractions over `outOf`. */
  ways: number[];
  outOf: number;
  probabilities: number[];
  expected: number;
}

/**
 * Exact odds of the Wounds a single model with `wounds` left and Save
 * `save` (null: none) takes from one explosion: its D3 (one die per model),
 * stopped by a Save that holds when the ruling allows saves, and never more
 * than the model has left.
 */
export function explosionWoundsOdds(model: { wounds: number; save: number | null }, ruling: RuleOptions['explosionSaves']): WoundsTakenOdds {
  const saves = explosionRollsSaves(ruling, model.save);
  const saveFaces = saves ? [1, 2, 3, 4, 5, 6] : [null];
  const ways = Array.from({ length: Math.min(3, model.wounds) + 1 }, () => 0);
  for (const d3 of [1, 2, 3])
    for (const s of saveFaces) {
      const taken = s !== null && saveHolds(s, model.save!) ? 0 : Math.min(d3, model.wounds);
      ways[taken]! += 1;
    }
  const outOf = 3 * saveFaces.length;
  const probabilities = ways.map((w) => w / outOf);
  return { ways, outOf, probabilities, expected: probabilities.reduce((e, p, k) => e + p * k, 0) };
}

/** Who a Heavy explosion's Wounds to a cryptid are credited to (AMB-04): the exploding Heavy's company, or no one. */
export const explosionCreditSide = (ruling: RuleOptions['explosionCredit'], heavySide: Side): Side | null => (ruling === 'credited' ? heavySide : null);
