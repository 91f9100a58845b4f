import { describe, expect, it } from 'vitest';
import { scatterAsSeenBy } from '../../src-shared/battle/storm';

/**
 * DIGEST AMB-21: "Left edge" and "right edge" are read from the perspective of the player who won the
 * deployment roll-off.
 */
describe('scatter directions as the deployment roll-off winner sees the table (AMB-21)', () => {
  it.each([
    [1, 'A', 'N'],
    [1, 'B', 'S'],
    [3, 'B', 'W'],
    [8, 'B', 'SE'],
  ] as const)('arrow %i seen by %s: %s', (direction, viewer, name) => {
    expect(scatterAsSeenBy(direction, viewer)).toBe(name);
  });
});
