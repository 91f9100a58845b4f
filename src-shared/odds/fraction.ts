/**
 * Exact probabilities as reduced BigInt fractions. Dice odds have denominators
 * that are powers of 2 and 3 and grow fast with the pool size, so plain
 * numbers would lose the exactness the reference table asks for.
 */
export interface Fraction {
  readonly num: bigint;
  readonly den: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  if (a < 0n) a = -a;
  if (b < 0n) b = -b;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

export function frac(num: bigint | number, den: bigint | number = 1n): Fraction {
  let n = BigInt(num);
  let d = BigInt(den);
  if (d === 0n) throw new RangeError('zero denominator');
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d);
  return g > 1n ? { num: n / g, den: d / g } : { num: n, den: d };
}

export const ZERO: Fraction = { num: 0n, den: 1n };
export const ONE: Fraction = { num: 1n, den: 1n };

export function add(a: Fraction, b: Fraction): Fraction {
  return frac(a.num * b.den + b.num * a.den, a.den * b.den);
}
export function sub(a: Fraction, b: Fraction): Fraction {
  return frac(a.num * b.den - b.num * a.den, a.den * b.den);
}

/** "5/24", or "0" / "1". */
export function fracToString(f: Fraction): string {
  return f.den === 1n ? f.num.toString() : `${f.num}/${f.den}`;
}

function bitLength(n: bigint): number {
  return n === 0n ? 0 : n.toString(2).length;
}

/** Nearest double, also for numerators and denominators far beyond 2^53. */
export function fracToNumber(f: Fraction): number {
  let { num, den } = f;
  const excess = Math.max(bitLength(num < 0n ? -num : num), bitLength(den)) - 60;
  if (excess > 0) {
    num >>= BigInt(excess);
    den >>= BigInt(excess);
    if (den === 0n) return num === 0n ? 0 : Infinity;
  }
  return Number(num) / Number(den);
}
