// Issue 36: the designer's desk imports playtest bundles from many clubs, each battle once by (club, battle id); a
// hostile bundle is refused naming its first problem and changes nothing; a large bundle imports in the print worker.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { unzipsToAtLeast } from '../../src-main/backend/desk/import-job';
import { WORKER_BYTES } from '../../src-main/backend/jobs/worker-rule';
import { dumpLedger, withBackend } from '../helpers/backend';
import { DIALECTS, ledgerPlace } from '../helpers/dialects';
import { bundleBytes, bundleOf, generatedRecords } from '../helpers/playtest-bundles';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();
const file = (name: string, bundle: unknown, gzip = false) => ({ name, base64: bundleBytes(bundle, gzip).toString('base64') });

describe.each(DIALECTS)('the designer’s desk imports bundles (%s)', (dialect) => {
  it('keeps each battle once however often it arrives; two clubs’ same battle ids are two battles', async () => {
    await withBackend(await ledgerPlace(dialect, tmp()), async ({ api }) => {
      const [one, two, three] = [randomUUID(), randomUUID(), randomUUID()];
      // both clubs number their battles b-0, b-1, …: the key is (club, battle), so these are not collisions
      const a = bundleOf(generatedRecords(40, 1), { clubId: one, clubName: 'Ostrava' });
      const b = bundleOf(generatedRecords(25, 2), { clubId: two });
      const first = await api.call('desk.import', { files: [file('a.json', a), file('b.json.gz', b, true)] });
      expect(first).toEqual({ files: 2, newBundles: 2, added: 65, replaced: 0, duplicates: 0, alreadyHeld: 0 });
      // the same file again, and a later export of the same club overlapping the first: only new battles are added
      const later = bundleOf(generatedRecords(50, 1), { clubId: one, clubName: 'Ostrava Wargamers' });
      later.exportedAt = '2026-12-02T10:00:00.000Z';
      const again = await api.call('desk.import', { files: [file('a.json', a), file('later.json', later)] });
      // the repeated file's 40 battles are already held; the later export replaces its 40 and adds 10
      expect(again).toMatchObject({ newBundles: 1, added: 10, alreadyHeld: 40, replaced: 40, duplicates: 0 });
      const clubs = await api.call('desk.clubs', {});
      expect(clubs.map((c) => [c.name, c.battles, c.bundles]).sort((x, y) => Number(y[1]) - Number(x[1]))).toEqual([
        ['Ostrava Wargamers', 50, 2],
        [null, 25, 1],
      ]);
      // the second club sends the same records again, now with its name: the name is kept, nothing is added
      const named = { ...b, club: { id: two, name: 'Brno Ash Club' }, exportedAt: '2026-12-03T10:00:00.000Z' };
      expect(await api.call('desk.import', { files: [file('b-named.json', named)] })).toMatchObject({ newBundles: 0, added: 0, alreadyHeld: 25 });
      // and an older sending of it without a name does not take the name away
      expect(await api.call('desk.import', { files: [file('b.json', b)] })).toMatchObject({ added: 0 });
      expect((await api.call('desk.clubs', {})).find((c) => c.clubId === two)).toMatchObject({ name: 'Brno Ash Club', battles: 25, bundles: 1 });
      // issue 41: two files of one import bringing the same battles, into a desk that had none of them: duplicates within
      // the import, not replacements
      const fresh = await api.call('desk.import', {
        files: [
          file('c1.json', bundleOf(generatedRecords(5, 9, 'c'), { clubId: three })),
          file('c2.json', { ...bundleOf(generatedRecords(5, 9, 'c'), { clubId: three }), exportedAt: '2026-12-04T10:00:00.000Z' }),
        ],
      });
      expect(fresh).toMatchObject({ added: 5, replaced: 0, duplicates: 5, alreadyHeld: 0 });
    });
  });

  it('refuses hostile bundles naming the first problem, and the ledger is unchanged', async () => {
    await withBackend(await ledgerPlace(dialect, tmp()), async ({ api, backend }) => {
      await api.call('desk.import', { files: [file('held.json', bundleOf(generatedRecords(5, 9)))] });
      const before = await dumpLedger(backend);
      const good = () => bundleOf(generatedRecords(8, 3));
      const changed = good();
      changed.records[2]!.sides[1].vp!.objectives += 1;
      const negative = generatedRecords(8, 3);
      negative[4]!.sides[0].orders = { 'forced-march': -2 };
      const long = generatedRecords(3, 3);
      long[1]!.disputes = [{ ruleRef: 'AMB-1', note: 'x'.repeat(1_048_576), round: 1 }];
      const crowd = good();
      crowd.players = Array.from({ length: 100_000 }, (_, i) => ({ pseudonym: `p-${i.toString(16).padStart(16, '0')}`, name: null }));
      const proto = JSON.stringify(good()).replace('"vp":{', '"vp":{"__proto__":{"isAdmin":true},');
      const cases: [string, { name: string; base64: string }, RegExp][] = [
        ['hash mismatch', file('changed.json', changed), /changed\.json: its records do not match its content hash/],
        ['newer version', file('v4.json', { ...good(), version: 4 }), /v4\.json: .*format version 4, newer than this app reads/],
        ['negative count', file('neg.json', bundleOf(negative)), /neg\.json: .*records\[4\]\.sides\[0\]\.orders/],
        ['1 MB string', file('long.json', bundleOf(long)), /long\.json: .*records\[1\]\.disputes\[0\]\.note/],
        ['100,000 players', file('crowd.json', crowd), /crowd\.json: .*players/],
        [
          'prototype key',
          { name: 'proto.json', base64: Buffer.from(proto).toString('base64') },
          /proto\.json: holds the key "__proto__" at records\[0\]\.sides\[0\]\.vp/,
        ],
        ['not JSON', { name: 'notes.txt', base64: Buffer.from('hello').toString('base64') }, /notes\.txt: is not a playtest bundle/],
        [
          'damaged gzip',
          { name: 'cut.json.gz', base64: bundleBytes(good(), true).subarray(0, 40).toString('base64') },
          /cut\.json\.gz: is a damaged gzip file/,
        ],
      ];
      for (const [what, bad, message] of cases) {
        // a good file first: the whole import is refused, so it is not stored either
        const r = await backend.dispatch('desk.import', { files: [file('fine.json', good()), bad] });
        expect(r, what).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
        expect((r as { error: { message: string } }).error.message, what).toMatch(message);
        expect(await dumpLedger(backend), what).toEqual(before);
      }
      expect(({} as { isAdmin?: boolean }).isAdmin).toBeUndefined();
    });
  });
});

describe('a large desk import', () => {
  it('runs in the print worker: other requests are answered meanwhile, and it lands whole', async () => {
    await withBackend(tmp(), async ({ api }) => {
      const big = file('season.json', bundleOf(generatedRecords(3_000, 11)));
      expect(unzipsToAtLeast([big])).toBe(true);
      const order: string[] = [];
      const importing = api.call('desk.import', { files: [big] }).then((r) => (order.push('import'), r));
      let seen = false;
      for (let i = 0; i < 2000 && !seen && order.length === 0; i++) {
        seen = (await api.call('desk.importProgress', {})).length > 0;
        await new Promise((r) => setTimeout(r, 2));
      }
      const read = api.call('desk.clubs', {}).then(() => order.push('read'));
      expect((await importing).added).toBe(3_000);
      await read;
      expect(seen).toBe(true);
      expect(order[0]).toBe('read');
      expect((await api.call('desk.clubs', {}))[0]!.battles).toBe(3_000);
      expect(await api.call('desk.importProgress', {})).toEqual([]);
    });
  });
});

describe('the worker rule is decided on the unzipped size (issue 40)', () => {
  it('a gzipped bundle smaller than the budget but unzipping past it goes to the worker; a small one stays', () => {
    const big = file('season.json.gz', bundleOf(generatedRecords(3_000, 12)), true);
    expect((big.base64.length * 3) / 4).toBeLessThan(WORKER_BYTES);
    expect(unzipsToAtLeast([big])).toBe(true);
    expect(unzipsToAtLeast([file('few.json.gz', bundleOf(generatedRecords(3, 13)), true)])).toBe(false);
    expect(unzipsToAtLeast([file('few.json', bundleOf(generatedRecords(3, 13)))])).toBe(false);
    // several small files count together
    const some = file('some.json.gz', bundleOf(generatedRecords(300, 14)), true);
    expect(unzipsToAtLeast([some])).toBe(false);
    expect(unzipsToAtLeast(Array.from({ length: 40 }, () => some))).toBe(true);
  });

  it('a large gzipped import runs in the worker, other requests are answered, and its progress moves battle by battle', async () => {
    await withBackend(tmp(), async ({ api }) => {
      const big = file('season.json.gz', bundleOf(generatedRecords(3_000, 15)), true);
      const seen: { phase: string; done: number; total: number }[] = [];
      let finished = false;
      const importing = api.call('desk.import', { files: [big] }).finally(() => (finished = true));
      let longest = 0;
      while (!finished) {
        const t0 = performance.now();
        const p = await api.call('desk.importProgress', {});
        longest = Math.max(longest, performance.now() - t0);
        if (p[0]) seen.push(p[0]);
        await new Promise((r) => setTimeout(r, 2));
      }
      expect((await importing).added).toBe(3_000);
      const writing = seen.filter((p) => p.phase === 'writing');
      expect(writing.length).toBeGreaterThan(1);
      expect(writing.every((p) => p.total === 3_000)).toBe(true);
      expect(new Set(writing.map((p) => p.done)).size).toBeGreaterThan(1);
      expect(longest).toBeLessThan(1_000);
    });
  });
});
