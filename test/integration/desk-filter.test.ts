// Issue 36: the desk's figures over the battles a filter selects (version, mission, variant, club, faction, points,
// ruling, dates), each filter checked against the records it should select, on SQLite and PostgreSQL; and the
// desk's battles, kept between reports, are read again as soon as another import (by any connection) adds to them.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { DeskFilter } from '../../src-shared/desk/filter';
import type { BundleRecord } from '../../src-shared/playtest/bundle';
import { testBackend, withBackend } from '../helpers/backend';
import { DIALECTS, ledgerPlace } from '../helpers/dialects';
import { bundleBytes, bundleOf, generatedRecords } from '../helpers/playtest-bundles';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();
const file = (name: string, bundle: unknown) => ({ name, base64: bundleBytes(bundle).toString('base64') });

/** Two clubs' battles, varied beyond what generatedRecords varies: points, versions and a second ruling. */
function clubRecords(seed: number): BundleRecord[] {
  return generatedRecords(60, seed).map((r, i) => ({
    ...r,
    rulesVersion: i % 3 === 0 ? '2.3' : r.rulesVersion,
    rulings: i % 6 === 0 ? [...r.rulings, 'stormEdge=short'] : r.rulings,
    sides: [
      { ...r.sides[0], points: i % 5 === 0 ? null : 300 + 50 * (i % 6) },
      { ...r.sides[1], points: 350 + 50 * (i % 4) },
    ],
  }));
}

const one = randomUUID();
const two = randomUUID();
const clubs = [
  { id: one, records: clubRecords(5) },
  { id: two, records: clubRecords(6) },
];
const all = clubs.flatMap((c) => c.records.map((record) => ({ clubId: c.id, record })));
type Row = (typeof all)[number];
const points = (r: BundleRecord) => r.sides.map((s) => s.points);

// each filter, and which battles it must select, written out from the records
const cases: [string, DeskFilter, (b: Row) => boolean][] = [
  ['nothing', {}, () => true],
  ['a game data version', { versions: ['2.3'] }, (b) => b.record.rulesVersion === '2.3'],
  ['two missions', { missions: [2, 4] }, (b) => b.record.mission === 2 || b.record.mission === 4],
  ['a variant', { variants: ['ash-fields'] }, (b) => b.record.variant === 'ash-fields'],
  ['a club', { clubs: [two] }, (b) => b.clubId === two],
  ['a faction on either side', { factions: ['ashborn'] }, (b) => b.record.sides.some((s) => s.factionId === 'ashborn')],
  ['at least 400 points a side', { pointsMin: 400 }, (b) => points(b.record).every((p) => p !== null && p >= 400)],
  ['at most 400 points a side', { pointsMax: 400 }, (b) => points(b.record).every((p) => p !== null && p <= 400)],
  ['one ruling', { rulings: ['latchRout=true'] }, (b) => b.record.rulings.includes('latchRout=true')],
  [
    'two rulings at once',
    { rulings: ['latchRout=true', 'stormEdge=short'] },
    (b) => b.record.rulings.includes('latchRout=true') && b.record.rulings.includes('stormEdge=short'),
  ],
  ['dates, the last day whole', { from: '2026-01-02', to: '2026-01-02' }, (b) => b.record.playedAt.startsWith('2026-01-02')],
  [
    'several at once',
    { missions: [1, 2, 3], pointsMin: 350, versions: ['2.4-provisional.3'] },
    (b) => [1, 2, 3].includes(b.record.mission!) && points(b.record).every((p) => p !== null && p >= 350) && b.record.rulesVersion === '2.4-provisional.3',
  ],
];

describe.each(DIALECTS)('the desk’s filters (%s)', (dialect) => {
  it('select exactly the battles each names, and the trace lists those', async () => {
    await withBackend(await ledgerPlace(dialect, tmp()), async ({ api }) => {
      await api.call('desk.import', { files: clubs.map((c, i) => file(`club-${i}.json`, bundleOf(c.records, { clubId: c.id }))) });
      for (const [what, filter, selects] of cases) {
        const expected = all.filter(selects);
        expect(expected.length, `${what}: the case selects some battles, and not all but for "nothing"`).toBeGreaterThan(0);
        if (what !== 'nothing') expect(expected.length, what).toBeLessThan(all.length);
        const { figures } = await api.call('desk.report', { filter });
        expect(figures.battles, what).toBe(expected.length);
        // the first mover's trace lists the selected battles that say who moved first, in the order they were played
        const traced = await api.call('desk.trace', { filter, figureId: 'first-mover', offset: 0, limit: 500 });
        const keys = expected
          .filter((b) => b.record.firstMover !== null)
          .sort((x, y) => (x.record.playedAt < y.record.playedAt ? -1 : x.record.playedAt > y.record.playedAt ? 1 : x.clubId < y.clubId ? -1 : 1))
          .map((b) => `${b.clubId}/${b.record.battleId}`);
        expect(
          traced.battles.map((b) => b.key),
          what,
        ).toEqual(keys);
      }
      // what the filters offer: exactly the values the battles have
      const sides = all.flatMap((b) => b.record.sides);
      const known = sides.map((x) => x.points).filter((p): p is number => p !== null);
      expect(await api.call('desk.choices', {})).toEqual({
        versions: ['2.3', '2.4-provisional.3'],
        variants: ['ash-fields'],
        factions: [...new Set(sides.map((x) => x.factionId))].sort(),
        rulings: ['latchRout=true', 'stormEdge=short'],
        points: { min: Math.min(...known), max: Math.max(...known) },
      });
    });
  });
});

describe.each(DIALECTS)('the desk’s game data versions are packs, by digest [issue 40] (%s)', (dialect) => {
  it('shows each version as its label with a short digest; two labels of one digest are one version, one label of two digests two', async () => {
    const [d1, d2] = ['a'.repeat(64), 'b'.repeat(64)];
    const three = randomUUID();
    const tagged = (seed: number, label: string, digest: string | null) =>
      generatedRecords(8, seed).map((r) => ({ ...r, rulesVersion: label, packDigest: digest }));
    // club one and club two played one pack under two labels; club three another pack under club one's label
    const byClub = [
      { id: one, records: tagged(11, '2.4.1', d1) },
      { id: two, records: tagged(12, '2.4.1-club', d1) },
      { id: three, records: tagged(13, '2.4.1', d2) },
    ];
    await withBackend(await ledgerPlace(dialect, tmp()), async ({ api }) => {
      // and an older bundle's records, which carry no digest
      const older = { ...bundleOf(generatedRecords(5, 14), { clubId: randomUUID() }), version: 1 as const };
      await api.call('desk.import', {
        files: [...byClub.map((c, i) => file(`v-${i}.json`, bundleOf(c.records, { clubId: c.id }))), file('older.json', older)],
      });
      const { versions } = await api.call('desk.choices', {});
      expect(versions).toEqual(['2.4-provisional.3', '2.4.1 · aaaaaaaaaaaa', '2.4.1 · bbbbbbbbbbbb']);
      const of = async (v: string) => (await api.call('desk.report', { filter: { versions: [v] } })).figures.battles;
      expect(await of('2.4.1 · aaaaaaaaaaaa')).toBe(16);
      expect(await of('2.4.1 · bbbbbbbbbbbb')).toBe(8);
      expect(await of('2.4-provisional.3')).toBe(5);
    });
  });
});

describe('the desk’s battles kept between reports', () => {
  it('are read again when another connection imports into the same league', async () => {
    if (!DIALECTS.includes('postgres')) return;
    const place = await ledgerPlace('postgres', tmp());
    const first = await testBackend(place);
    const second = await testBackend(typeof place === 'string' ? place : { ...place, dataDir: tmp() });
    try {
      await first.api.call('desk.import', { files: [file('a.json', bundleOf(generatedRecords(30, 1), { clubId: one }))] });
      expect((await first.api.call('desk.report', {})).figures.battles).toBe(30);
      await second.api.call('desk.import', { files: [file('b.json', bundleOf(generatedRecords(12, 2), { clubId: two }))] });
      expect((await first.api.call('desk.report', {})).figures.battles).toBe(42);
      // a newer export of the first club's battles replaces them without changing the count: the records read are the new ones
      const later = bundleOf(
        generatedRecords(30, 1).map((r) => ({ ...r, mission: 5 })),
        { clubId: one },
      );
      later.exportedAt = '2026-12-03T10:00:00.000Z';
      await second.api.call('desk.import', { files: [file('later.json', later)] });
      expect((await first.api.call('desk.report', { filter: { missions: [5], clubs: [one] } })).figures.battles).toBe(30);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
