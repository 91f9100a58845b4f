import fc from 'fast-check';
import type { z } from 'zod';
import { defOf, WRAPPER_TYPES, type Def } from './zod-def';

/**
 * Generators of hostile input for property-based tests of every IPC channel,
 * file import and the CLI. Two layers:
 *  - `hostileValue`: values no schema should accept quietly or choke on
 *    (wrong types, NaN/±Infinity, huge strings and arrays, deep nesting,
 *    __proto__/constructor keys, out-of-range dates, path traversal, markup);
 *  - `nearValid(schema)`: values shaped like what a channel expects, read
 *    from its zod schema, with hostile values and extra keys mixed in at any
 *    depth, so generated requests get past the first check and probe the
 *    handlers behind it.
 */

export const PATH_TRAVERSAL = [
  '../../../../etc/passwd',
  '..\\..\\..\\Windows\\win.ini',
  '/etc/shadow',
  'C:\\Windows\\System32\\config\\SAM',
  'file:///etc/passwd',
  '\\\\server\\share\\x',
  'ledger.sqlite\0.png',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '....//....//etc/passwd',
  'CON',
  'aux.txt',
];

const MARKUP = ['<img src=x onerror=window.__pwned=1>', '<script>window.__pwned=1</script>', '"><svg onload=alert(1)>', "javascript:alert('x')"];

export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\uD800',
  '\u202Eevil',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🔥',
  "'; drop table players; --",
  '" OR 1=1 --',
  '{{constructor.constructor("return process")()}}',
  '${process.exit()}',
  '__proto__',
  'constructor',
  'prototype',
  'NaN',
  '-0',
  '1e309',
  '0000-00-00',
  '275760-09-14T00:00:00.000Z',
  '-271821-04-19T00:00:00.000Z',
  '2026-02-30T25:61:61Z',
  ...PATH_TRAVERSAL,
  ...MARKUP,
];

/** Objects carrying prototype-pollution keys as own properties (as JSON.parse makes them). */
const pollutingObject = fc
  .constantFrom(
    () => JSON.parse('{"__proto__": {"polluted": true, "isAdmin": true}}'),
    () => JSON.parse('{"constructor": {"prototype": {"polluted": true}}}'),
    () => JSON.parse('{"__proto__": null, "toString": "x", "valueOf": 1, "hasOwnProperty": false}'),
    () => Object.create(null),
  )
  .map((make) => make() as unknown);

function deep(depth: number, arrays: boolean): unknown {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = arrays ? [v] : { a: v };
  return v;
}

const hugeString = fc.constantFrom(100_000, 1_000_000).map((n) => 'A'.repeat(n));
const hugeArray = fc
  .constantFrom(10_000, 100_000)
  .chain((n) => fc.constantFrom<unknown>(0, 'x', {}, null).map((item) => Array.from({ length: n }, () => item)));

const hostileNumber = fc.constantFrom(
  NaN,
  Infinity,
  -Infinity,
  -0,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  -1,
  0.5,
  1e21,
  2 ** 31,
  -(2 ** 31) - 1,
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(null, undefined, true, false, [], {}, [[]], [{}]) },
  { weight: 2, arbitrary: pollutingObject },
  { weight: 1, arbitrary: hugeString },
  { weight: 1, arbitrary: hugeArray },
  { weight: 1, arbitrary: fc.constantFrom(500, 3_000).chain((d) => fc.boolean().map((a) => deep(d, a))) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(new Date(8.64e15 + 1), new Date(NaN), new Date(-8.64e15), new Date(0)) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(new Map([['a', 1]]), new Set([1]), new Uint8Array([1, 2, 3])) },
  { weight: 2, arbitrary: fc.anything({ maxDepth: 3, withNullPrototype: true, withBigInt: false }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }) },
);

/** Checks on a string/number/array schema, for plausible sizes (max length, min…). */
function checks(def: Def): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of (def.checks as { _zod: { def: Record<string, unknown> } }[] | undefined) ?? []) {
    const d = c._zod.def;
    if (typeof d.maximum === 'number') out.max = d.maximum;
    if (typeof d.minimum === 'number') out.min = d.minimum;
    if (typeof d.value === 'number') out[String(d.check)] = d.value;
  }
  return out;
}

/** Plausible values of a schema: what a well-meaning but careless caller might send. */
function plausible(schema: unknown, depth: number): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > 6) return hostileValue;
  const inner = (s: unknown) => nearValid(s, depth + 1);
  if (WRAPPER_TYPES.has(def.type))
    return fc.oneof({ weight: 4, arbitrary: inner(def.innerType) }, { weight: 1, arbitrary: fc.constantFrom<unknown>(undefined, null) });
  switch (def.type) {
    case 'string': {
      const c = checks(def);
      const max = Math.min(c.max ?? 60, 200);
      return fc.oneof(
        fc.string({ minLength: Math.min(c.min ?? 0, max), maxLength: max }),
        fc.constantFrom(...NASTY_STRINGS),
        fc.string({ minLength: max + 1, maxLength: max + 3 }),
        fc.uuid(),
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      );
    }
    case 'number':
    case 'int': {
      const c = checks(def);
      const min = Math.max(c.min ?? -1000, -1e6);
      const max = Math.min(c.max ?? 1000, 1e6);
      return fc.oneof(fc.integer({ min: Math.ceil(min) - 1, max: Math.floor(max) + 1 }), fc.double(), hostileNumber);
    }
    case 'boolean':
      return fc.oneof(fc.boolean(), fc.constantFrom<unknown>('true', 0, 1));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...Object.values(def.entries as object)) },
        { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
      );
    case 'pipe':
      return inner(def.in);
    case 'lazy':
      return inner((def.getter as () => unknown)());
    case 'array': {
      const c = checks(def);
      return fc.array(inner(def.element), { maxLength: Math.min(c.max ?? 6, 6) });
    }
    case 'tuple':
      return fc.tuple(...(def.items as unknown[]).map(inner));
    case 'record':
      return fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('__proto__', 'constructor')), inner(def.valueType), { maxKeys: 4 });
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map(inner));
    case 'intersection':
      return fc.tuple(inner(def.left), inner(def.right)).map(([a, b]) => (isPlainObject(a) && isPlainObject(b) ? { ...a, ...b } : a));
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const keys = Object.keys(shape);
      const fields = Object.fromEntries(keys.map((k) => [k, inner(shape[k])]));
      return (
        fc
          .tuple(
            fc.record(fields, { requiredKeys: [] }),
            fc.dictionary(fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('__proto__', 'constructor', 'prototype')), hostileValue, { maxKeys: 2 }),
            fc.nat(9),
          )
          // mostly exact keys; sometimes an extra key or two (strict schemas must refuse them)
          .map(([rec, extra, roll]) => (roll === 0 ? { ...rec, ...extra } : rec))
      );
    }
    case 'date':
      return fc.oneof(fc.date(), fc.constantFrom<unknown>(new Date(NaN), new Date(8.64e15)));
    default:
      // unknown, any, custom, transform…: anything goes
      return hostileValue;
  }
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Mostly plausible values for `schema`, with hostile ones at any depth. */
export function nearValid(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 6, arbitrary: plausible(schema, depth) }, { weight: 1, arbitrary: hostileValue });
}

/** The input generator for one channel: near-valid requests and plain hostile values. */
export function channelInput(schema: z.ZodType): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 4, arbitrary: plausible(schema, 0) }, { weight: 1, arbitrary: hostileValue });
}

/** Run sizes: moderate in `npm test`, large in `npm run test:soak`. */
export const FUZZ_RUNS = process.env.AOA_SOAK ? Number(process.env.AOA_FUZZ_RUNS ?? 1500) : Number(process.env.AOA_FUZZ_RUNS ?? 40);
