// Issue 40: migration 0018 gives every player its name key and every ruleset version its content digest, under
// unique indexes; a ledger an older version wrote with twins of either kind keeps its data and is told (frozen step,
// tested on a ledger file made by today's code and taken back before the step, and on a league at the step before).
import { join } from 'node:path';
import { Kysely, SqliteDialect } from 'kysely';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../migrations';
import { PG_MIGRATIONS } from '../../migrations/postgres';
import { openLedger } from '../../src-main/backend/db/database';
import { openLeague } from '../../src-main/backend/db/league';
import { packDigest } from '../../src-main/backend/db/tables/rulesets.table';
import { getBundledPack } from '../../src-shared/ruleset/bundled';
import { nameKey } from '../../src-shared/text-policy';
import { withBackend } from '../helpers/backend';
import { ledgerBeforeStep } from '../helpers/ledger-before-step';
import { createTestDatabase, pgServer } from '../helpers/pg';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();
const STEP = '0018_name_keys_and_pack_digests';

/** A pack of the club's own, and the same content written with its keys in another order. */
function clubPack(cost = 47) {
  const p = structuredClone(getBundledPack());
  p.meta.id = 'club-pack';
  p.units.find((u) => u.id === 'iron-lancer')!.cost = cost;
  return p;
}
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

const at = (n: number) => `2024-0${n}-01T10:00:00.000Z`;

/**
 * What an older version could leave behind, written straight into a database at the step before 0018: "Zoë" and,
 * later, "ZOË" and a decomposed "Zoë", and a "Zoë (2)" who is someone else; one pack stored twice (the Armoury and a
 * campaign file), with a campaign, its roster, a battle and an edit pinned to the second copy.
 */
async function olderRows(db: Kysely<any>): Promise<{ first: number; twin: number; edit: number }> {
  const version = async (v: number, pack_json: string, parent_id: number | null) =>
    Number(
      (
        await db
          .insertInto('ruleset_versions')
          .values({
            pack_id: 'club-pack',
            version: v,
            name: `Club pack v${v}`,
            rules_version: '2.4',
            data_version: JSON.parse(pack_json).meta.dataVersion,
            pack_json,
            parent_id,
            note: `stored as ${v}`,
            origin: 'import',
            created_at: at(v),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const first = await version(1, JSON.stringify(clubPack()), null);
  const twin = await version(2, JSON.stringify(reversedKeys(clubPack())), null);
  const edit = await version(3, JSON.stringify(clubPack(50)), twin);
  const player = (id: string, name: string, n: number, notes = '') =>
    db
      .insertInto('players')
      .values({ id, name, contact: '', notes, created_at: at(n) })
      .execute();
  await player('p1', 'Zoë', 1);
  await player('p2', 'ZOË', 2, 'plays Thursdays');
  await player('p3', 'Zoe\u0308', 3);
  await player('p4', 'Zoë (2)', 4);
  await db
    .insertInto('campaigns')
    .values({
      id: 'c1',
      name: 'Zoë against Zoë',
      ruleset_version_id: twin,
      options_json: '{}',
      current_mission: 1,
      status: 'active',
      notes: '',
      created_at: at(5),
      updated_at: at(5),
    })
    .execute();
  await db
    .insertInto('campaign_players')
    .values([
      { campaign_id: 'c1', seat: 'A', player_id: 'p1', faction_id: 'penitent-concord' },
      { campaign_id: 'c1', seat: 'B', player_id: 'p2', faction_id: 'ashen-host' },
    ])
    .execute();
  await db
    .insertInto('rosters')
    .values({
      id: 'r1',
      player_id: 'p2',
      campaign_id: 'c1',
      name: 'Ash Wolves',
      faction_id: 'ashen-host',
      ruleset_version_id: twin,
      mode: 'campaign',
      roster_json: JSON.stringify({ id: 'r1', rulesetVersionId: twin, name: 'Ash Wolves' }),
      valid: 0,
      points: 0,
      created_at: at(5),
      updated_at: at(5),
    })
    .execute();
  await db
    .insertInto('battles')
    .values({
      id: 'b1',
      mode: 'campaign',
      campaign_id: 'c1',
      mission: 1,
      roster_a_id: null,
      roster_b_id: 'r1',
      player_a_id: 'p1',
      player_b_id: 'p2',
      ruleset_version_id: twin,
      options_json: '{}',
      setup_json: '{}',
      activation: 'bag',
      status: 'in_progress',
      started_at: at(6),
      updated_at: at(6),
    })
    .execute();
  return { first, twin, edit };
}

/** What the step must have made of olderRows. */
async function expectMended(db: Kysely<any>, ids: { first: number; twin: number; edit: number }): Promise<void> {
  const players = (await db
    .selectFrom('players')
    .select(['id', 'name', 'name_key', 'notes'])
    .where('id', 'in', ['p1', 'p2', 'p3', 'p4'])
    .orderBy('id')
    .execute()) as {
    id: string;
    name: string;
    name_key: string;
    notes: string;
  }[];
  // every row kept; the first Zoë keeps her name, the later twins take the next free number, never "Zoë (2)"'s
  expect(players.map((p) => [p.id, p.name])).toEqual([
    ['p1', 'Zoë'],
    ['p2', 'ZOË (3)'],
    ['p3', 'Zoe\u0308 (4)'],
    ['p4', 'Zoë (2)'],
  ]);
  for (const p of players) expect(p.name_key, p.id).toBe(nameKey(p.name));
  expect(players[0]!.notes).toBe('');
  expect(players[3]!.notes).toBe('');
  // the renamed are told, where their name is shown, what they were called and how to mend it; their notes kept
  expect(players[1]!.notes).toMatch(/^plays Thursdays\n\nRenamed from "ZOË" when the app was upgraded: another player is called "Zoë"/);
  expect(players[2]!.notes).toMatch(/^Renamed from "Zoe\u0308" when the app was upgraded/);
  expect(players[2]!.notes).toMatch(/Rename this player in Players/);

  // one pack, one row: the campaign, roster (its document too), battle and the edit's parent moved onto the first
  const versions = (await db
    .selectFrom('ruleset_versions')
    .select(['id', 'pack_json', 'content_digest', 'parent_id'])
    .where('pack_id', '=', 'club-pack')
    .orderBy('id')
    .execute()) as {
    id: number;
    pack_json: string;
    content_digest: string;
    parent_id: number | null;
  }[];
  expect(versions.map((v) => [v.id, v.parent_id])).toEqual([
    [ids.first, null],
    [ids.edit, ids.first],
  ]);
  for (const v of versions) expect(v.content_digest).toBe(packDigest(v.pack_json));
  expect(await db.selectFrom('campaigns').select('ruleset_version_id').execute()).toEqual([{ ruleset_version_id: ids.first }]);
  expect(await db.selectFrom('battles').select('ruleset_version_id').execute()).toEqual([{ ruleset_version_id: ids.first }]);
  const roster = (await db.selectFrom('rosters').select(['ruleset_version_id', 'roster_json']).executeTakeFirstOrThrow()) as {
    ruleset_version_id: number;
    roster_json: string;
  };
  expect(roster.ruleset_version_id).toBe(ids.first);
  expect(JSON.parse(roster.roster_json)).toEqual({ id: 'r1', rulesetVersionId: ids.first, name: 'Ash Wolves' });
}

describe('migration 0018: name keys and pack digests', () => {
  it('a SQLite ledger from the release before: twins kept and renamed with a note, one pack’s two rows made one', async () => {
    const dir = tmp();
    const file = join(dir, 'ledger.sqlite');
    // a ledger made by today's code, its bundled pack and players included, then taken back before the step
    await withBackend(dir, async ({ api }) => {
      await api.call('players.create', { name: 'Ilse' });
    });
    await ledgerBeforeStep(file, STEP);
    const old = new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(file) }) });
    const ids = await olderRows(old);
    await old.destroy();

    const ledger = await openLedger({ file });
    try {
      await expectMended(ledger.db, ids);
      const ilse = await ledger.db.selectFrom('players').select(['name', 'name_key']).where('id', 'not in', ['p1', 'p2', 'p3', 'p4']).execute();
      expect(ilse).toEqual([{ name: 'Ilse', name_key: 'ilse' }]);
      const bundled = await ledger.db.selectFrom('ruleset_versions').select(['pack_json', 'content_digest']).where('origin', '=', 'bundled').execute();
      expect(bundled.map((b) => b.content_digest)).toEqual(bundled.map((b) => packDigest(b.pack_json)));
    } finally {
      await ledger.close();
    }
    // the mended ledger opens in the app, which keeps the rule from here on
    await withBackend(dir, async ({ api }) => {
      await expect(api.call('players.create', { name: 'zoë' })).rejects.toMatchObject({ code: 'CONFLICT' });
      await expect(api.call('players.update', { id: 'p4', name: 'ZOË' })).rejects.toMatchObject({ code: 'CONFLICT' });
      expect((await api.call('players.update', { id: 'p2', name: 'Zoë Two' })).name).toBe('Zoë Two');
    });
  });

  it('the step is in both lists under one name', () => {
    expect(MIGRATIONS[STEP]).toBeDefined();
    expect(PG_MIGRATIONS[STEP]).toBe(MIGRATIONS[STEP]);
  });

  it.skipIf(!pgServer)('a league at the step before: the same rows mended the same way', async () => {
    const url = await createTestDatabase();
    const before = Object.fromEntries(Object.entries(PG_MIGRATIONS).filter(([name]) => name < STEP));
    const old = await openLeague({ url, migrations: before });
    let ids: { first: number; twin: number; edit: number };
    try {
      ids = await olderRows(old.db);
    } finally {
      await old.close();
    }
    const league = await openLeague({ url });
    try {
      await expectMended(league.db, ids);
    } finally {
      await league.close();
    }
  });
});
