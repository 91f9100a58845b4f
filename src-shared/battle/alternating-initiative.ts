import type { FormationAtRoundStart, Side } from './activation-strategy';
import { otherSide } from './activation-strategy';

/**
 * The start-of-round figures of the alternating-activation module (DIGEST §23,
 * T1–T4). Pure functions, so each rule is tested on its own table.
 */

/**
 * T1 with the §23 adapter: a 003 "fighter" is an Age of Ash formation, so a
 * player's activation count is the number of their formations able to
 * activate at the start of the round: the same number of tokens they would put
 * in the bag. Neutral patrols belong to neither player.
 */
export function activationCounts(formations: readonly FormationAtRoundStart[]): [number, number] {
  const counts: [number, number] = [0, 0];
  for (const f of formations) if (f.canActivate && f.owner !== 'neutral') counts[f.owner] += 1;
  return counts;
}

/**
 * The set-up roll-off that decides round 1's initiative (AMB-S2: a D6 each,
 * higher wins). A tie means roll again.
 */
export function setupRollOff(side0Roll: number, side1Roll: number): Side | 'roll-again' {
  for (const r of [side0Roll, side1Roll]) {
    if (!Number.isInteger(r) || r < 1 || r > 6) throw new RangeError(`A D6 shows 1 to 6, not ${r}.`);
  }
  if (side0Roll === side1Roll) return 'roll-again';
  return side0Roll > side1Roll ? 0 : 1;
}

/**
 * T3: who has initiative. Round 1 takes the set-up winner; later rounds go to
 * the lower count, and on equal counts to whoever did not have it last round.
 */
export function initiativeFor(round: number, counts: readonly [number, number], setupWinner: Side | undefined, lastInitiative: Side | undefined): Side {
  if (round === 1) {
    if (setupWinner === undefined) throw new RangeError('Round 1 initiative comes from the set-up roll-off.');
    return setupWinner;
  }
  if (counts[0] !== counts[1]) return counts[0] < counts[1] ? 0 : 1;
  if (lastInitiative === undefined) throw new RangeError('Equal counts: initiative goes to the player who did not have it last round, which is unknown.');
  return otherSide(lastInitiative);
}

/**
 * T4 with AMB-S3: the player with the lower count gets Pass tokens equal to
 * the shortfall, in every round, even in round 1 when the set-up winner is
 * the player with more formations.
 */
export function passTokensFor(counts: readonly [number, number]): [number, number] {
  const shortfall = Math.abs(counts[0] - counts[1]);
  if (counts[0] < counts[1]) return [shortfall, 0];
  if (counts[1] < counts[0]) return [0, shortfall];
  return [0, 0];
}
