import { readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import type { Database } from '../../src-main/backend/db/schema';
import { describe, expect, it } from 'vitest';
import { getBundledPack } from '../../src-shared/ruleset/bundled';
import { parsePackText } from '../../src-shared/ruleset/parse';
import { rulesetPackSchema } from '../../src-shared/ruleset/schema';
import { ensureBundledPacks, packDigest, packForCampaign } from '../../src-main/backend/db/tables/rulesets.table';
import { dumpDatabase, testBackend, withBackend } from '../helpers/backend';
import { refusal } from '../helpers/expect-error';
import { useTempDirs } from '../helpers/tmp';
import { DIALECTS, ledgerPlace } from '../helpers/dialects';

const tempDir = useTempDirs();

/** A copy of the default pack with one provisional cost changed. */
function editedPack(cost: number) {
  const p = structuredClone(getBundledPack()) as ReturnType<typeof getBundledPack>;
  p.units.find((u) => u.id === 'iron-lancer')!.cost = cost;
  return p;
}

describe.each(DIALECTS)('ruleset versions in the ledger (%s)', (dialect) => {
  it('seeds the bundled pack as version 1, once', async () => {
    const dir = await ledgerPlace(dialect, tempDir());
    let t = await testBackend(dir);
    let list = await t.api.call('rulesets.list', {});
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ version: 1, packId: 'age-of-ash', name: 'Age of Ash 2.4', origin: 'bundled', parentId: null });
    await t.close();
    t = await testBackend(dir);
    list = await t.api.call('rulesets.list', {});
    expect(list).toHaveLength(1);
    const got = await t.api.call('rulesets.get', {});
    expect(got.pack).toEqual(getBundledPack());
    await t.close();
  });

  it('stores a newer bundled data version as the next version, leaving the old one for the campaigns pinned to it', async () => {
    await withBackend(await ledgerPlace(dialect, tempDir()), async (t) => {
      const db = t.backend.ctx.db;
      // stand-in for a ledger written by an older app release, whose bundled pack had another data version (and so,
      // since a pack names its data version, other content)
      const older = structuredClone(getBundledPack());
      older.meta.dataVersion = '2.4-provisional.0';
      const pack_json = JSON.stringify(older);
      await db
        .updateTable('ruleset_versions')
        .set({ data_version: older.meta.dataVersion, pack_json, content_digest: packDigest(pack_json) })
        .where('id', '=', 1)
        .execute();
      await ensureBundledPacks(db);
      await ensureBundledPacks(db);
      const list = await t.api.call('rulesets.list', {});
      expect(list.map((v) => [v.version, v.origin, v.parentId])).toEqual([
        [2, 'bundled', 1],
        [1, 'bundled', null],
      ]);
      expect(list[0]!.dataVersion).toBe(getBundledPack().meta.dataVersion);
    });
  });

  it('saves an edit as a new version with its parent, never changing the old one, and diffs them', async () => {
    await withBackend(await ledgerPlace(dialect, tempDir()), async (t) => {
      const v1 = (await t.api.call('rulesets.list', {}))[0]!;
      const v2 = await t.api.call('rulesets.createVersion', { baseVersionId: v1.id, pack: editedPack(47), note: 'Lancer up 5' });
      expect(v2).toMatchObject({ version: 2, parentId: v1.id, origin: 'edit', note: 'Lancer up 5' });
      expect((await t.api.call('rulesets.get', { versionId: v1.id })).pack.units.find((u) => u.id === 'iron-lancer')!.cost).toBe(42);
      expect((await t.api.call('rulesets.get', {})).version.id).toBe(v2.id);

      const diff = await t.api.call('rulesets.diff', { a: v1.id, b: v2.id });
      expect(diff.changes).toEqual([
        expect.objectContaining({
          category: 'costs',
          kind: 'changed',
          path: ['units', 'iron-lancer', 'cost'],
          label: 'units › Iron Lancer › cost',
          before: 42,
          after: 47,
        }),
      ]);

      const same = await refusal(t.api.call('rulesets.createVersion', { baseVersionId: v2.id, pack: editedPack(47), note: '' }));
      expect(same.code).toBe('CONFLICT');
    });
  });

  it('reports every problem of an invalid edit with its path and stores nothing', async () => {
    await withBackend(await ledgerPlace(dialect, tempDir()), async (t) => {
      const pack = editedPack(-3) as unknown as Record<string, any>;
      pack.provinces[0].cryptids[0] = 'yeti';
      const e = await refusal(t.api.call('rulesets.createVersion', { baseVersionId: 1, pack, note: '' }));
      expect(e.code).toBe('VALIDATION');
      const paths = e.issues!.map((i) => i.path.join('.'));
      expect(paths).toEqual(expect.arrayContaining(['provinces.0.cryptids.0']));
      expect(paths.some((p) => /^units\.\d+\.cost$/.test(p))).toBe(true);
      expect(await t.api.call('rulesets.list', {})).toHaveLength(1);
    });
  });

  it('exports a version as JSON that validates against the schema; imported back it is that version, and a changed pack the next', async () => {
    await withBackend(await ledgerPlace(dialect, tempDir()), async (t) => {
      const out = await t.api.call('rulesets.export', {});
      expect(out.fileName).toBe('age-of-ash-v1.json');
      expect(rulesetPackSchema.safeParse(JSON.parse(out.text)).success).toBe(true);
      expect(parsePackText(out.text).ok).toBe(true);
      // issue 40: one pack, one version, whichever door brought it
      const same = await t.api.call('rulesets.import', { text: out.text, note: 'round trip' });
      expect(same).toMatchObject({ id: 1, version: 1, origin: 'bundled' });
      expect(await t.api.call('rulesets.list', {})).toHaveLength(1);
      const imported = await t.api.call('rulesets.import', { text: JSON.stringify(editedPack(47)), note: 'Lancer up 5' });
      expect(imported).toMatchObject({ version: 2, origin: 'import', parentId: 1 });
      expect((await t.api.call('rulesets.diff', { a: 1, b: imported.id })).changes).toHaveLength(1);
    });
  });

  it('says which version is missing', async () => {
    await withBackend(await ledgerPlace(dialect, tempDir()), async (t) => {
      const e = await refusal(t.api.call('rulesets.get', { versionId: 99 }));
      expect(e.code).toBe('NOT_FOUND');
      expect(e.message).toContain('99');
    });
  });
});

describe('importing a malformed pack (acceptance 3)', () => {
  const good = () => JSON.parse(JSON.stringify(getBundledPack()));
  const cases: [string, () => string, (issues: string[], message: string) => void][] = [
    [
      'wrong types, an unknown cryptid and faction in a province, a negative cost',
      () => {
        const p = good();
        p.units[0].profile.W = 'four';
        p.units[3].cost = -10;
        p.provinces[1].cryptids[2] = 'chupacabra';
        p.provinces[1].homeFactions = ['the-free-city'];
        p.missions[0].objectives = 4;
        return JSON.stringify(p);
      },
      (issues) =>
        expect(issues).toEqual(
          expect.arrayContaining(['units.0.profile.W', 'units.3.cost', 'provinces.1.cryptids.2', 'provinces.1.homeFactions.0', 'missions.0.objectives']),
        ),
    ],
    ['10 MB of junk', () => 'junk '.repeat(2 * 1024 * 1024), (_i, message) => expect(message).toMatch(/10\.0 MB.*at most 5 MB/)],
    [
      'a __proto__ key',
      () => JSON.stringify(good()).replace('"meta":{', '"meta":{"__proto__":{"isAdmin":true},'),
      (issues) => expect(issues).toEqual(['meta.__proto__']),
    ],
    [
      'broken JSON',
      () => JSON.stringify(good(), null, 2).replace('"format": "age-of-ash-ruleset",', '"format": "age-of-ash-ruleset"'),
      (_i, message) => expect(message).toMatch(/line 3, column 3/),
    ],
  ];

  it.each(cases)('%s: every problem reported, the database byte-for-byte unchanged', async (_name, make, check) => {
    const dir = tempDir();
    // first open creates and seeds the ledger; the second is the baseline a refused import must leave alone
    await (await testBackend(dir)).close();
    let t = await testBackend(dir);
    const dumpBefore = dumpDatabase(t.backend.ctx.sqlite);
    await t.close();
    const bytesBefore = readFileSync(t.backend.ctx.paths.database);

    t = await testBackend(dir);
    const e = await refusal(t.api.call('rulesets.import', { text: make(), note: '' }));
    expect(e.code).toBe('VALIDATION');
    check(
      (e.issues ?? []).map((i) => i.path.join('.')),
      e.message,
    );
    expect(dumpDatabase(t.backend.ctx.sqlite)).toEqual(dumpBefore);
    await t.close();
    expect(readFileSync(t.backend.ctx.paths.database).equals(bytesBefore)).toBe(true);
  });
});

/** A campaign row pinned to ruleset version 1 with these rule options, written straight to the ledger. */
async function pinCampaign(db: Kysely<Database>, id: string, name: string, options: object = {}) {
  const now = new Date().toISOString();
  await db
    .insertInto('campaigns')
    .values({
      id,
      name,
      ruleset_version_id: 1,
      options_json: JSON.stringify(options),
      current_mission: 1,
      status: 'active',
      notes: '',
      created_at: now,
      updated_at: now,
    })
    .execute();
}

describe('a campaign pinned to version 1 (acceptance 4)', () => {
  it('still reads version 1’s costs after version 2 is created', async () => {
    await withBackend(tempDir(), async (t) => {
      const db = t.backend.ctx.db;
      await pinCampaign(db, 'camp-1', 'Autumn league');
      const v2 = await t.api.call('rulesets.createVersion', { baseVersionId: 1, pack: editedPack(60), note: 'designer update' });
      expect((await t.api.call('rulesets.get', {})).pack.units.find((u) => u.id === 'iron-lancer')!.cost).toBe(60);

      const pinned = await packForCampaign(db, 'camp-1');
      expect(pinned.versionId).toBe(1);
      expect(pinned.pack.units.find((u) => u.id === 'iron-lancer')!.cost).toBe(42);
      expect(pinned.pack.units.map((u) => u.cost)).toEqual(getBundledPack().units.map((u) => u.cost));

      const list = await t.api.call('rulesets.list', {});
      expect(list.find((v) => v.id === 1)!.campaigns).toBe(1);
      expect(list.find((v) => v.id === v2.id)!.campaigns).toBe(0);
    });
  });

  it('applies the rule options the campaign pinned', async () => {
    await withBackend(tempDir(), async (t) => {
      await pinCampaign(t.backend.ctx.db, 'camp-2', 'House rules', { enragedThreshold: 'half-rounded-up' });
      const { pack } = await packForCampaign(t.backend.ctx.db, 'camp-2');
      expect(pack.options.enragedThreshold).toBe('half-rounded-up');
      expect(pack.options.mutantCapUnit).toBe('mutants');
      await expect(packForCampaign(t.backend.ctx.db, 'nope')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    });
  });
});
