/**
 * The Will check of the morale module, mapped onto Age of Ash's Resolve stat
 * (DIGEST §23 adapter, AMB-S5): a D6 against the formation's Resolve target
 * (2+ to 5+ on the profiles), the seed-003 modifiers added to the roll, a
 * natural 1 always failing and a natural 6 always passing [000 §4].
 */

export interface WillModifierInput {
  /** Other friendly formations within 6″ and in line of sight, not counting the Captain's. */
  otherFriends: number;
  /** The Captain is within 6″ and in sight (T14: +2 instead of that fighter's +1). */
  captainNearby: boolean;
  /** The formation has a Fearless rule (+1). */
  fearless: boolean;
}

export interface WillModifierPart {
  label: string;
  value: number;
}

/** T14, itemised so Play Mode can show where the bonus comes from. */
export function willModifierParts(input: WillModifierInput): WillModifierPart[] {
  if (!Number.isInteger(input.otherFriends) || input.otherFriends < 0) throw new RangeError('The number of nearby friends is a whole number, 0 or more.');
  const parts: WillModifierPart[] = [];
  if (input.otherFriends > 0)
    parts.push({
      label: `${input.otherFriends} other friendly formation${input.otherFriends === 1 ? '' : 's'} within 6″ and in sight`,
      value: input.otherFriends,
    });
  if (input.captainNearby) parts.push({ label: 'Captain within 6″ and in sight', value: 2 });
  if (input.fearless) parts.push({ label: 'Fearless', value: 1 });
  return parts;
}

export function willModifier(input: WillModifierInput): number {
  return willModifierParts(input).reduce((sum, p) => sum + p.value, 0);
}

function checkTarget(resolve: number): void {
  if (!Number.isInteger(resolve) || resolve < 2 || resolve > 6) throw new RangeError(`Resolve is a D6 target from 2+ to 6+, not ${resolve}+.`);
}

/** Whether one die passes: natural 1 fails, natural 6 passes, otherwise roll + modifier ≥ Resolve. */
export function willCheckPasses(roll: number, resolve: number, modifier: number): boolean {
  if (!Number.isInteger(roll) || roll < 1 || roll > 6) throw new RangeError(`A D6 shows 1 to 6, not ${roll}.`);
  checkTarget(resolve);
  if (roll === 1) return false;
  if (roll === 6) return true;
  return roll + modifier >= resolve;
}

/** Exact chance of passing, by enumerating the six faces. */
export function willPassChance(resolve: number, modifier: number): { passingFaces: number; outOf: 6; probability: number } {
  checkTarget(resolve);
  let passingFaces = 0;
  for (let face = 1; face <= 6; face++) if (willCheckPasses(face, resolve, modifier)) passingFaces++;
  return { passingFaces, outOf: 6, probability: passingFaces / 6 };
}

/** The lowest natural roll that passes (for the "needs N+" label). */
export function willNeededRoll(resolve: number, modifier: number): number {
  checkTarget(resolve);
  return Math.min(6, Math.max(2, resolve - modifier));
}
