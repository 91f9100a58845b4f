import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

/**
 * Where dice come from. At the table the app rolls with the platform's
 * cryptographic generator; tests and replays use a seeded generator so the
 * same seed gives the same rolls; `scriptedDice` plays back given faces.
 */
export interface DiceSource {
  readonly kind: 'crypto' | 'seeded' | 'scripted';
  /** A uniform integer from 1 to `sides`. */
  roll(sides: number): number;
}

function checkSides(sides: number): void {
  if (!Number.isInteger(sides) || sides < 2 || sides > 1000) throw new RangeError(`a die needs 2 to 1000 sides, not ${sides}`);
}

/** Reproducible dice (xoroshiro128+ from pure-rand). */
export function seededDice(seed: number): DiceSource {
  const rng = xoroshiro128plus(seed | 0);
  return {
    kind: 'seeded',
    roll(sides) {
      checkSides(sides);
      return uniformInt(rng, 1, sides);
    },
  };
}

type FillRandom = (buf: Uint32Array) => Uint32Array;

/**
 * Unbiased dice from a cryptographically secure generator. A 32-bit value is
 * kept only below the largest multiple of `sides` (rejection sampling), so
 * every face is exactly equally likely: a plain `% sides` would favour the
 * low faces.
 */
export function cryptoDice(fill: FillRandom = (b) => globalThis.crypto.getRandomValues(b)): DiceSource {
  const buf = new Uint32Array(64);
  let at = buf.length;
  const next = () => {
    if (at === buf.length) {
      fill(buf);
      at = 0;
    }
    return buf[at++]!;
  };
  return {
    kind: 'crypto',
    roll(sides) {
      checkSides(sides);
      const limit = Math.floor(0x1_0000_0000 / sides) * sides;
      for (;;) {
        const u = next();
        if (u < limit) return (u % sides) + 1;
      }
    },
  };
}

/** Plays back the given faces in order (tests, replaying a logged roll); throws when they run out. */
export function scriptedDice(faces: number[]): DiceSource {
  let i = 0;
  return {
    kind: 'scripted',
    roll(sides) {
      checkSides(sides);
      if (i >= faces.length) throw new RangeError('the scripted dice ran out');
      const f = faces[i++]!;
      if (!Number.isInteger(f) || f < 1 || f > sides) throw new RangeError(`scripted face ${f} is not on a D${sides}`);
      return f;
    },
  };
}
