import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAppError } from '../../src-shared/errors';
import { playtestBundleSchema } from '../../src-shared/playtest/bundle';
import { FUZZ_RUNS, hostileValue, nearValid } from '../helpers/fuzz';
import { canonicalJson } from '../../src-shared/canonical-json';
import { readBundle, prototypeKeyIn, type BundleRecord, type PlaytestBundle } from '../../src-shared/playtest/bundle';
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
    ['a newer format version', { ...valid(), version: 4 }, /format version 4, newer than this app reads \(version 3\)/],
    ['an unknown key', { ...valid(), extra: 1 }, /Unrecognized key/],
    [
      'a changed record',
      (() => {
        const b = valid();
        b.records[3]!.sides[0].vp!.objectives += 1;
        return b;
      })(),
      /do not match its content hash/,
    ],
    [
      'a negative count',
      (() => {
        const b = valid();
        b.records[0]!.sides[0].vp!.objectives = -1;
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

describe('paper records in a bundle: what the form knows, nothing read as zero [issue 41]', () => {
  /** A generated record as a paper battle's: its VP as a total, the cryptid without its round, nothing of Play Mode's. */
  const paperOf = (r: BundleRecord): BundleRecord => ({
    battleId: r.battleId,
    source: 'paper',
    playedAt: r.playedAt,
    campaign: r.campaign,
    mission: r.mission,
    variant: null,
    rulesVersion: r.rulesVersion,
    firstMover: null,
    sides: r.sides.map((s) => ({
      player: s.player,
      factionId: s.factionId,
      result: s.result,
      points: s.points,
      vpTotal: 7,
      trophies: [],
      veteranSixesSpent: 1,
      formations: s.formations,
      ratings: { fun: 4, clarity: 2, confusingRule: null },
    })) as unknown as BundleRecord['sides'],
    cryptid: { cryptidId: 'ash-wight', round: null, woundsDealt: null, woundsTaken: 6, defeated: true },
    rulings: r.rulings,
  });
  const withPaper = () => {
    const records = generatedRecords(6, 5);
    records[2] = paperOf(records[2]!);
    return records;
  };

  it('reads a version 3 bundle holding a paper record beside Play Mode records, its absent fields absent', () => {
    const b = bundleOf(withPaper());
    const read = readBundle(JSON.parse(JSON.stringify(b)), sha256Hex, 'club.json');
    const paper = read.records[2]!;
    expect(paper.source).toBe('paper');
    expect(paper.sides[0].vp).toBeUndefined();
    expect(paper.sides[0].vpTotal).toBe(7);
    expect(paper.roundSeconds).toBeUndefined();
    expect(paper.disputes).toBeUndefined();
    // a record without a source is Play Mode's, as in every bundle before version 3
    expect(read.records[0]!.source).toBeUndefined();
    expect(read.records[0]!.sides[0].vp).toBeDefined();
  });

  it.each([
    ['a paper record in a version 2 bundle', (b: PlaytestBundle) => ({ ...b, version: 2 }), /source comes with format version 3, not 2/],
    [
      'a paper record holding VP by source',
      (b: PlaytestBundle) => {
        b.records[2]!.sides[0].vp = { objectives: 0, relic: 0, secondary: 0, cryptidHunt: 0 };
        return bundleOf(b.records);
      },
      /A paper record does not know this; leave it out\. at records\[2\]\.sides\[0\]\.vp/,
    ],
    [
      'a paper record without its VP as entered',
      (b: PlaytestBundle) => {
        delete b.records[2]!.sides[1].vpTotal;
        return bundleOf(b.records);
      },
      /needs its VP as entered/,
    ],
    [
      'a Play Mode record without its round times',
      (b: PlaytestBundle) => {
        delete b.records[0]!.roundSeconds;
        return bundleOf(b.records);
      },
      /A Play Mode record needs this\. at records\[0\]\.roundSeconds/,
    ],
    [
      'a Play Mode record with a paper total',
      (b: PlaytestBundle) => {
        b.records[1]!.sides[0].vpTotal = 3;
        return bundleOf(b.records);
      },
      /Only a paper record carries this/,
    ],
  ])('refuses %s', (_what, change, message) => {
    const raw = change(bundleOf(withPaper()));
    expect(refusal(raw)).toMatch(message);
  });
});
