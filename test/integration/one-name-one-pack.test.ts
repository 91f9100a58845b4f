// Issue 40, points 3 and 4: one name rule and one pack identity, kept by the store itself (migration 0018's unique
// indexes on players.name_key and ruleset_versions.content_digest), on the SQLite ledger and a PostgreSQL league.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src-main/cli/program';
import { packDigest } from '../../src-main/backend/db/tables/rulesets.table';
import { getBundledPack } from '../../src-shared/ruleset/bundled';
import { nameKey } from '../../src-shared/text-policy';
import { withBackend, type LedgerPlace } from '../helpers/backend';
import { captureIo } from '../helpers/cli-io';
import { DIALECTS, ledgerPlace } from '../helpers/dialects';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();
const where = (p: LedgerPlace) => (typeof p === 'string' ? ['--data-dir', p] : ['--data-dir', p.dataDir, '--database', p.database!]);

/** The bundled pack with one cost changed: a pack of its own, not the bundled one. */
function clubPack() {
  const p = structuredClone(getBundledPack());
  p.units.find((u) => u.id === 'iron-lancer')!.cost = 47;
  return p;
}

/** The same value with every object's keys in reverse order: other text, the same content. */
function reversedKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(reversedKeys);
  if (v !== null && typeof v === 'object')
    return Object.fromEntries(
      Object.keys(v)
        .reverse()
        .map((k) => [k, reversedKeys((v as Record<string, unknown>)[k])]),
    );
  return v;
}

describe.each(DIALECTS)('one pack, one version; one name, one player (%s)', (dialect) => {
  it('the same pack imported three times, through the Armoury’s channel, the CLI and a campaign file, is one version', async () => {
    const pack = clubPack();
    // a campaign file from another club's ledger, whose copy of the pack is its version 2 under another note
    const otherDir = tmp();
    const file = await withBackend(otherDir, async ({ api }) => {
      const v = await api.call('rulesets.import', { text: JSON.stringify(pack), note: 'from the other club' });
      const a = await api.call('players.create', { name: 'Ilse' });
      const b = await api.call('players.create', { name: 'Jun' });
      const factions = pack.factions.map((f) => f.id);
      const c = await api.call('campaigns.create', {
        rulesetVersionId: v.id,
        seats: [
          { playerId: a.id, factionId: factions[0]! },
          { playerId: b.id, factionId: factions[1]! },
        ],
      });
      return (await api.call('campaigns.export', { ids: [c.id] })).json;
    });

    const place = await ledgerPlace(dialect, tmp());
    // 1. the Armoury
    const first = await withBackend(place, ({ api }) => api.call('rulesets.import', { text: JSON.stringify(pack), note: 'Armoury' }));
    expect(first).toMatchObject({ version: 2, origin: 'import', alreadyStored: false });

    // 2. the CLI, the same pack written with its keys in another order
    const packFile = join(tmp(), 'pack.json');
    writeFileSync(packFile, JSON.stringify(reversedKeys(pack), null, 2));
    const cli = captureIo();
    expect(await runCli([...where(place), 'ruleset', 'import', packFile, '--note', 'CLI'], cli.io), cli.err.join('\n')).toBe(0);
    expect(cli.out.join('')).toMatch(new RegExp(`is already stored as .* version 2 \\(id ${first.id}\\): nothing new was stored`));

    // 3. a campaign file pinned to it
    await withBackend(place, async ({ backend, api }) => {
      const imported = await api.call('campaigns.import', { json: file });
      expect(imported).toMatchObject({ campaignsAdded: 1, rulesetVersionsAdded: 0 });
      const versions = await api.call('rulesets.list', {});
      expect(versions.map((v) => [v.version, v.origin])).toEqual([
        [2, 'import'],
        [1, 'bundled'],
      ]);
      expect(await api.call('campaigns.list', {})).toHaveLength(1);
      const rows = await backend.ctx.db.selectFrom('campaigns').select('ruleset_version_id').execute();
      expect(rows.map((r) => r.ruleset_version_id)).toEqual([first.id]);
      const digests = await backend.ctx.db.selectFrom('ruleset_versions').select(['id', 'content_digest']).orderBy('id').execute();
      expect(digests.find((d) => d.id === first.id)!.content_digest).toBe(packDigest(JSON.stringify(pack)));
      expect(new Set(digests.map((d) => d.content_digest)).size).toBe(digests.length);
    });
  });

  it('a direct INSERT of a twin player, or of a second row of one pack, is refused by the store’s unique index', async () => {
    await withBackend(await ledgerPlace(dialect, tmp()), async ({ backend, api }) => {
      const db = backend.ctx.db;
      await api.call('players.create', { name: 'Zoë' });
      for (const twin of ['ZOË', 'Zoe\u0308', ' zoë ']) {
        const row = { id: crypto.randomUUID(), name: twin, key: nameKey(twin), at: new Date().toISOString() };
        await expect(
          sql`insert into players (id, name, name_key, contact, notes, created_at) values (${row.id}, ${row.name}, ${row.key}, '', '', ${row.at})`.execute(db),
          twin,
        ).rejects.toThrow(/unique|duplicate key/i);
        // every door says the same, in words
        await expect(api.call('players.create', { name: twin })).rejects.toMatchObject({ code: 'CONFLICT', path: ['name'] });
      }
      expect(await db.selectFrom('players').select('name').execute()).toEqual([{ name: 'Zoë' }]);

      const bundled = await db.selectFrom('ruleset_versions').selectAll().executeTakeFirstOrThrow();
      const { id: _id, ...copy } = bundled;
      await expect(
        db
          .insertInto('ruleset_versions')
          .values({ ...copy, version: 7, name: 'the same pack again' })
          .execute(),
      ).rejects.toThrow(/unique|duplicate key/i);
      expect(await db.selectFrom('ruleset_versions').select('id').execute()).toHaveLength(1);
    });
  });
});
