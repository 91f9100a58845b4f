import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAppError } from '../../src-shared/errors';
import { playtestBundleSchema } from '../../src-shared/playtest/bundle';
import { FUZZ_RUNS, hostileValue, nearValid } from '../helpers/fuzz';
import { canonicalJson } from '../../src-shared/canonical-json';
import { readBundle, prototypeKeyIn } from '../../src-shared/playtest/bundle';
import { bundleOf, generatedRecords, sha256Hex } from '../helpers/playtest-bundles';

const valid = () => bundleOf(generatedRecords(30, 4));
const read = (raw: unknown) => readBundle(JSON.parse(JSON.stringify(raw)), sha256Hex, 'club.json');
const refusal = (raw: unknown) => {
  try {
    read(raw);
  } catch (e) {
    return (e as Error).message;
  }
  return 'accepted';
};

describe('playtest bundles: what a club sends, checked in one place [issue 36]', () => {
  it('reads a bundle it wrote, records and players as they were', () => {
    const b = valid();
    expect(read(b)).toEqual(b);
  });

  it('canonical JSON sorts keys at every depth, so the hash does not depend on key order', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 'x' }] })).toBe('{"a":[{"c":"x","d":2}],"b":1}');
  });

  it.each([
    ['not a bundle', { format: 'something-else' }, /not a playtest bundle/],
    ['a newer format version', { ...valid(), version: 3 }, /format version 3, newer than this app reads \(version 2\)/],
    ['an unknown key', { ...valid(), extra: 1 }, /Unrecognized key/],
    [
      'a changed record',
      (() => {
        const b = valid();
        b.records[3]!.sides[0].vp.objectives += 1;
        return b;
      })(),
      /do not match its content hash/,
    ],
    [
      'a negative count',
      (() => {
        const b = valid();
        b.records[0]!.sides[0].vp.objectives = -1;
        return bundleOf(b.records);
      })(),
      /records\[0\]\.sides\[0\]\.vp\.objectives/,
    ],
    [
      'a 1 MB note',
      (() => {
        const b = valid();
        b.records[0]!.disputes = [{ ruleRef: 'AMB-1', note: 'x'.repeat(1_000_000), round: null }];
        return bundleOf(b.records);
      })(),
      /records\[0\]\.disputes\[0\]\.note/,
    ],
    [
      '100,000 players',
      (() => {
        const b = valid();
        b.players = Array.from({ length: 100_000 }, (_, i) => ({ pseudonym: `p-${i.toString(16).padStart(16, '0')}`, name: null }));
        return b;
      })(),
      /players/,
    ],
    [
      'a player it does not list',
      (() => {
        const b = valid();
        b.players = b.players.slice(1);
        return b;
      })(),
      /does not list/,
    ],
    [
      'a name where names are off',
      (() => {
        const b = valid();
        b.players[0]!.name = 'Zoë';
        return b;
      })(),
      /Names are not included/,
    ],
  ])('refuses %s, naming the problem', (_what, raw, message) => {
    expect(refusal(raw)).toMatch(message);
  });

  it('refuses a prototype key anywhere, naming where it is', () => {
    const b = valid();
    const text = JSON.stringify(b).replace('"orders":{', '"orders":{"__proto__":{"polluted":1},');
    expect(prototypeKeyIn(JSON.parse(text))?.key).toBe('__proto__');
    expect(() => readBundle(JSON.parse(text), sha256Hex, 'club.json')).toThrow(/"__proto__" at records\[0\]\.sides\[0\]\.orders/);
    expect(({} as { polluted?: number }).polluted).toBeUndefined();
  });

  it('hostile files: every one is a named VALIDATION refusal or a bundle, never a crash', () => {
    const valid = JSON.parse(JSON.stringify(bundleOf(generatedRecords(3, 8)))) as Record<string, unknown>;
    const paths = (v: unknown, at: (string | number)[] = []): (string | number)[][] =>
      typeof v !== 'object' || v === null ? [at] : [at, ...Object.entries(v).flatMap(([k, x]) => paths(x, [...at, Array.isArray(v) ? Number(k) : k]))];
    const places = paths(valid);
    const mutated = fc.tuple(fc.constantFrom(...places), hostileValue).map(([path, value]) => {
      const copy = structuredClone(valid);
      if (!path.length) return value;
      let o = copy as Record<string | number, unknown>;
      for (const k of path.slice(0, -1)) o = o[k] as Record<string | number, unknown>;
      o[path[path.length - 1]!] = value;
      return copy;
    });
    fc.assert(
      fc.property(fc.oneof(mutated, nearValid(playtestBundleSchema)), (raw) => {
        try {
          readBundle(raw, sha256Hex, 'fuzz.json');
        } catch (e) {
          expect(isAppError(e) && e.code === 'VALIDATION', String(e)).toBe(true);
          expect((e as Error).message.startsWith('fuzz.json: ')).toBe(true);
        }
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { numRuns: FUZZ_RUNS * 5 },
    );
  });
});
