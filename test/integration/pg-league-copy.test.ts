import { join } from 'node:path';
import { hashToken } from '../../src-main/backend/club-night/links';
import { insertClubLink, putFinishVote, putSideClaim } from '../../src-main/backend/db/tables/club-links.table';
import { bundleBytes, bundleOf, generatedRecords } from '../helpers/playtest-bundles';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { actOnBattle } from '../../src-main/backend/battles/battles';
import { openLedgerReadOnly } from '../../src-main/backend/db/database';
import { openLeague } from '../../src-main/backend/db/league';
import type { Database } from '../../src-main/backend/db/schema';
import { schemaTables } from '../../src-main/backend/db/ledger-copy';
import { pullFromLeague, pushToLeague } from '../../src-main/backend/league/sync';
import { generateBattles } from '../../src-shared/reports';
import { nameKey } from '../../src-shared/text-policy';
import { withBackend } from '../helpers/backend';
import { seedCampaign } from '../helpers/battle-seed';
import { outcome, seedCampaignViaApi, seedLedgerPack } from '../helpers/ledger-seed';
import { createTestDatabase, pgServer } from '../helpers/pg';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

/**
 * Issue 18: `league push` and `league pull` move the WHOLE ledger. The table
 * list comes from the schema itself (never a hand list): every table is
 * filled on one side, and after the move every table holds the same rows on
 * the other, so a table the copy skips fails here, as does a new table this
 * test does not fill.
 */
type Dump = Record<string, string[]>;

/** Every table of a database (of its current schema on PostgreSQL), each row as canonical JSON (sorted keys), rows sorted; ruleset version ids named by pack and number. */
async function dumpTables(db: Kysely<Database>, schema?: string): Promise<Dump> {
  const tables = (await db.introspection.getTables())
    .filter((t) => !t.isView && (schema === undefined || t.schema === schema))
    .map((t) => t.name)
    .sort();
  const versions = await db.selectFrom('ruleset_versions').select(['id', 'pack_id', 'version']).execute();
  const name = new Map(versions.map((v) => [Number(v.id), `${v.pack_id}@${v.version}`]));
  const out: Dump = {};
  for (const t of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(t)}`.execute(db);
    out[t] = rows
      .map((r) => {
        const row: Record<string, unknown> = { ...r };
        for (const k of ['ruleset_version_id', ...(t === 'ruleset_versions' ? ['id', 'parent_id'] : [])])
          if (k in row && row[k] !== null) row[k] = name.get(Number(row[k]));
        return JSON.stringify(
          Object.fromEntries(
            Object.keys(row)
              .sort()
              .map((k) => [k, row[k]]),
          ),
        );
      })
      .sort();
  }
  return out;
}

const counts = (d: Dump) => Object.fromEntries(Object.entries(d).map(([t, rows]) => [t, rows.length]));

/** A club ledger with rows in every table: campaigns played, standalone rosters and battles, playtest records, settings. */
async function fillEveryTable(dataDir: string, seed = 18): Promise<void> {
  await withBackend(dataDir, async ({ backend, api }) => {
    await api.call('settings.update', { clubName: 'The Ashen Club', paperSize: 'LETTER' });
    const v = await seedLedgerPack(backend.ctx.db);
    const { a, b, campaign } = await seedCampaignViaApi(api, v);
    // the players rate the battle at Finish (battle_ratings)
    await api.call('campaigns.finishMission', {
      battleId: `paper-${seed}`,
      outcome: outcome(campaign.id, 1, a.id, b.id, { aKills: 2 }),
      ratings: { A: { fun: 4, clarity: 3, confusingRule: 'Steady Fire' }, B: { fun: 5 } },
    });
    await api.call('ledger.correct', { campaignId: campaign.id, playerId: b.id, amount: -3, reason: 'late fee' });
    // a player in no campaign
    await api.call('players.create', { name: 'Cato, who only watches' });
    // a campaign with its rosters (Play Mode's seed), a standalone roster, and a standalone battle with events
    const { pack, rosters } = await seedCampaign(api);
    const cato = (await api.call('players.list', {})).find((p) => p.name.startsWith('Cato'))!;
    await api.call('rosters.create', { name: 'Loose ends', playerId: cato.id, factionId: pack.factions[0]!.id, mode: 'standalone', campaignId: null });
    const battle = await api.call('battles.start', { mode: 'standalone', rosterIds: [rosters[0]!.id, rosters[1]!.id], altActivationModule: false });
    await actOnBattle(backend.ctx.db, battle.id, `ev-${seed}-1`, {
      kind: 'record',
      body: { kind: 'setup.scenario', provinceId: pack.provinces[0]!.id, campaignGame: 1, secondary: null },
    });
    await actOnBattle(backend.ctx.db, battle.id, `ev-${seed}-2`, { kind: 'record', body: { kind: 'setup.terrain', objectives: pack.missions[0]!.objectives } });
    // playtest records from another club: their report facts, orders and disputed rulings included
    // ids of their own per club (the generator numbers its battles from b-00001)
    const battles = generateBattles({ count: 6, seed, campaigns: 2 }).map((b) => ({ ...b, id: `${b.id}-${seed}` }));
    battles[0]!.disputes = [{ ruleRef: 'AMB-12', note: 'Steady Fire on one die or the pool', round: 2 }];
    await api.call('reports.importBattles', { battles });
    // the designer's desk: a bundle from a club of its own, its battles keyed by that club
    const bundle = bundleOf(generatedRecords(4, seed), { clubId: `00000000-0000-4000-8000-0000000000${seed}`, clubName: 'Far club' });
    await api.call('desk.import', { files: [{ name: 'far.json', base64: bundleBytes(bundle).toString('base64') }] });
    // a club night's link to that battle's table (its hash only), as the organiser's server makes it
    await insertClubLink(backend.ctx.db, {
      id: `link-${seed}`,
      token_hash: hashToken(`token-${seed}`),
      scope: 'table',
      battle_id: battle.id,
      created_at: '2026-05-01T18:00:00.000Z',
      expires_at: '2026-05-02T00:00:00.000Z',
      revoked_at: null,
    });
    // an event a phone recorded through that link, and a side's Finish vote from it (migration 0017)
    await actOnBattle(
      backend.ctx.db,
      battle.id,
      `ev-${seed}-3`,
      { kind: 'record', body: { kind: 'record.note', text: 'from a phone' } },
      { linkId: `link-${seed}` },
    );
    await putFinishVote(backend.ctx.db, { battle_id: battle.id, side: 'A', result: 'win', link_id: `link-${seed}`, voted_at: '2026-05-01T21:00:00.000Z' });
    // the phone that claimed that side (migration 0019)
    await putSideClaim(backend.ctx.db, {
      battle_id: battle.id,
      side: 'A',
      link_id: `link-${seed}`,
      device_id: `device-${seed}`,
      claimed_at: '2026-05-01T20:30:00.000Z',
    });
  });
}

async function leagueDump(url: string): Promise<Dump> {
  const league = await openLeague({ url, readOnly: true });
  try {
    const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(league.db);
    return await dumpTables(league.db, rows[0]!.s);
  } finally {
    await league.close();
  }
}

async function fileDump(file: string): Promise<Dump> {
  const l = await openLedgerReadOnly({ file });
  try {
    return await dumpTables(l.db);
  } finally {
    await l.close();
  }
}

describe.skipIf(!pgServer)('league push / pull copy every table of the schema (real PostgreSQL, real SQLite files)', () => {
  it('push fills an empty league with every row of every table, twice adds nothing; pull writes all of it to a new file', async () => {
    const clubDir = tmp();
    await fillEveryTable(clubDir);
    const file = join(clubDir, 'ledger.sqlite');
    const club = await fileDump(file);
    // the fill reaches every table of the schema: a new table must be filled here too
    const empty = Object.entries(counts(club))
      .filter(([, n]) => n === 0)
      .map(([t]) => t);
    expect(empty).toEqual([]);

    const url = await createTestDatabase();
    const pushed = await pushToLeague({ from: file, url });
    const league = await leagueDump(url);
    expect(Object.keys(league)).toEqual(Object.keys(club));
    expect(counts(league)).toEqual(counts(club));
    for (const t of Object.keys(club)) expect(league[t], `table ${t} in the league`).toEqual(club[t]);
    // what the command prints: every table counted, on both sides
    expect(pushed.digest.counts).toEqual(counts(club));

    // a second push adds nothing and hashes the same
    const again = await pushToLeague({ from: file, url });
    expect(again.imported).toMatchObject({ campaignsAdded: 0, eventsAdded: 0, entriesAdded: 0, rostersAdded: 0 });
    expect(Object.values(again.copied).every((n) => n === 0)).toBe(true);
    expect(again.digest.hash).toBe(pushed.digest.hash);
    expect(await leagueDump(url)).toEqual(league);

    const copy = join(tmp(), 'copy.sqlite');
    const pulled = await pullFromLeague({ to: copy, url });
    const offline = await fileDump(copy);
    expect(counts(offline)).toEqual(counts(league));
    for (const t of Object.keys(league)) expect(offline[t], `table ${t} in the pulled file`).toEqual(league[t]);
    expect(pulled.digest.hash).toBe(pushed.digest.hash);
    // pulling again into the same file changes nothing
    await pullFromLeague({ to: copy, url });
    expect(await fileDump(copy)).toEqual(offline);
  });

  it("a second club's push merges beside the first's, verified on its own rows; a pull brings both clubs' rows", async () => {
    const [one, two] = [tmp(), tmp()];
    await fillEveryTable(one, 18);
    await fillEveryTable(two, 19);
    // another club's players are other people: one name, one player in the league (issue 40), so club two's have their own
    await withBackend(two, async ({ api }) => {
      for (const p of await api.call('players.list', {})) await api.call('players.update', { id: p.id, name: `${p.name} of the second club` });
    });
    const url = await createTestDatabase();
    await pushToLeague({ from: join(one, 'ledger.sqlite'), url });
    const second = await pushToLeague({ from: join(two, 'ledger.sqlite'), url });
    const clubTwo = await fileDump(join(two, 'ledger.sqlite'));
    // what the second push verified is the second club's rows, all of them, each table counted
    expect(second.digest.counts).toEqual(counts(clubTwo));
    const league = await leagueDump(url);
    const clubOne = await fileDump(join(one, 'ledger.sqlite'));
    for (const club of [clubOne, clubTwo])
      for (const t of Object.keys(club)) {
        // a ledger keeps its own settings values and its own record of when it stored the bundled pack
        if (t === 'settings' || t === 'ruleset_versions') continue;
        for (const row of club[t]!) expect(league[t], `a row of ${t} in the league`).toContain(row);
      }
    const copy = join(tmp(), 'both.sqlite');
    await pullFromLeague({ to: copy, url });
    expect(counts(await fileDump(copy))).toEqual(counts(league));
  });

  it('a copy the final check refuses changes nothing on either side: the push leaves the league, the pull the file, as they were', async () => {
    const clubDir = tmp();
    await fillEveryTable(clubDir);
    const file = join(clubDir, 'ledger.sqlite');
    const club = await fileDump(file);
    // the league already holds one of the club's players under its id, renamed by another organiser:
    // the copy keeps the league's row (it never overwrites), so the digest of what was copied differs
    const url = await createTestDatabase();
    const source = await openLedgerReadOnly({ file });
    const player = await source.db.selectFrom('players').selectAll().orderBy('id').executeTakeFirstOrThrow();
    await source.close();
    const league = await openLeague({ url });
    try {
      await league.db
        .insertInto('players')
        .values({ ...player, name: `${player.name} (renamed in the league)`, name_key: nameKey(`${player.name} (renamed in the league)`) })
        .execute();
    } finally {
      await league.close();
    }
    const leagueBefore = await leagueDump(url);
    await expect(pushToLeague({ from: file, url })).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/players.*nothing was copied/s) });
    // not a row of any other table was left behind by the refused push
    expect(await leagueDump(url)).toEqual(leagueBefore);
    expect(await fileDump(file)).toEqual(club);

    // the other way: a pull into the club's own file, which holds that player under its old name
    await expect(pullFromLeague({ to: file, url })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await fileDump(file)).toEqual(club);
  });

  it('a table the copy does not know is refused, naming it, before anything is written', async () => {
    const clubDir = tmp();
    await withBackend(clubDir, async ({ api }) => void (await api.call('players.create', { name: 'Ada' })));
    const url = await createTestDatabase();
    const league = await openLeague({ url });
    try {
      // another schema in the same database (an administrator's own) is no part of the ledger
      await sql`create schema dba_tools`.execute(league.db);
      await sql`create table dba_tools.notes (id text primary key)`.execute(league.db);
      expect(await schemaTables(league.db)).not.toContain('notes');
      await sql`create table club_trophies (id text primary key)`.execute(league.db);
    } finally {
      await league.close();
    }
    await expect(pushToLeague({ from: join(clubDir, 'ledger.sqlite'), url })).rejects.toThrow(/club_trophies/);
    expect((await leagueDump(url)).players).toEqual([]);
  });
});
