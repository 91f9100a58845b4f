import { describe, expect, it } from 'vitest';
import { cryptoDice, scriptedDice, seededDice } from '../../src-shared/dice/source';

describe('dice sources', () => {
  it('a seeded source repeats its rolls for the same seed and differs for another', () => {
    const roll = (seed: number) =>
      Array.from(
        { length: 50 },
        (
          (d) => () =>
            d.roll(6)
        )(seededDice(seed)),
      );
    expect(roll(42)).toEqual(roll(42));
    expect(roll(42)).not.toEqual(roll(43));
    expect(roll(7).every((f) => f >= 1 && f <= 6)).toBe(true);
  });

  it.each([
    ['seeded', () => seededDice(1)],
    ['crypto', () => cryptoDice()],
  ])('%s dice are uniform: every D6 face within 5 standard deviations of 1/6 over 60 000 rolls', (_, make) => {
    const d = make();
    const n = 60_000;
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < n; i++) counts[d.roll(6) - 1]!++;
    const sd = Math.sqrt(n * (1 / 6) * (5 / 6));
    for (const c of counts) expect(Math.abs(c - n / 6)).toBeLessThan(5 * sd);
  });

  it('crypto dice reject the top of the 32-bit range instead of folding it with a modulo (no bias)', () => {
    // 2^32 = 6·715 827 882 + 4: the last four values would make faces 1–4 more likely
    const values = [0xffff_ffff, 0xffff_fffc, 0xffff_fffb, 7];
    const d = cryptoDice((buf) => {
      buf.fill(0);
      values.forEach((v, i) => (buf[i] = v));
      return buf;
    });
    // 0xffffffff and 0xfffffffc are rejected; 0xfffffffb % 6 = 5 → face 6; then 7 % 6 = 1 → face 2
    expect(d.roll(6)).toBe(6);
    expect(d.roll(6)).toBe(2);
  });

  it('scripted dice play back their faces and refuse faces not on the die', () => {
    const d = scriptedDice([3, 6]);
    expect(d.roll(6)).toBe(3);
    expect(() => d.roll(3)).toThrow(/not on a D3/);
    expect(() => scriptedDice([]).roll(6)).toThrow(/ran out/);
  });
});
