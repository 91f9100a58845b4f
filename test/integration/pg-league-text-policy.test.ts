import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openLeague } from '../../src-main/backend/db/league';
import { pushToLeague } from '../../src-main/backend/league/sync';
import { AppError } from '../../src-shared/errors';
import { withBackend } from '../helpers/backend';
import { seedCampaignViaApi, seedLedgerPack } from '../helpers/ledger-seed';
import { createTestDatabase, pgServer } from '../helpers/pg';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

/**
 * Issue 33: `league push` copies a club's rows as they are. A ledger written
 * before the text policy may hold a name with a NUL, a control character, a
 * bidi override or a lone surrogate; the push names each such row and copies
 * nothing, and never lets PostgreSQL's driver answer "invalid byte sequence".
 */
describe.skipIf(!pgServer)('league push under the text policy (real SQLite file, real PostgreSQL)', () => {
  /** A club ledger file with two campaigns' players and a roster, closed. */
  async function clubFile(): Promise<{ file: string; ids: { a: string; b: string; c: string; roster: string } }> {
    const dir = tmp();
    const ids = await withBackend(dir, async ({ backend, api }) => {
      const v = await seedLedgerPack(backend.ctx.db);
      const { a, b } = await seedCampaignViaApi(api, v);
      const c = await api.call('players.create', { name: 'Cato' });
      const roster = await api.call('rosters.create', { name: 'Ash Wolves', playerId: c.id, factionId: 'penitent-concord', rulesetVersionId: v });
      return { a: a.id, b: b.id, c: c.id, roster: roster.roster.id };
    });
    return { file: join(dir, 'ledger.sqlite'), ids };
  }

  /** Writes straight into the file, as an app from before the policy could have. */
  function writeRaw(file: string, sql: string, ...params: unknown[]): void {
    const db = new Database(file);
    try {
      db.prepare(sql).run(...params);
    } finally {
      db.close();
    }
  }

  async function leaguePlayers(url: string): Promise<number> {
    const league = await openLeague({ url });
    try {
      return (
        await league.db
          .selectFrom('players')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    } finally {
      await league.close();
    }
  }

  it.each([
    {
      what: 'a NUL in a player in no campaign',
      table: 'players',
      column: 'name',
      sql: 'update players set name = ? where id = ?',
      text: 'Cato\u0000',
      row: 'c' as const,
      message: /U\+0000/,
    },
    {
      what: 'a NUL in a campaign player’s notes',
      table: 'players',
      column: 'notes',
      sql: 'update players set notes = ? where id = ?',
      text: 'late\u0000fee',
      row: 'a' as const,
      message: /U\+0000/,
    },
    {
      what: 'ESC in a roster’s name',
      table: 'rosters',
      column: 'name',
      sql: 'update rosters set name = ? where id = ?',
      text: '\u001b]0;owned\u0007Wolves',
      row: 'roster' as const,
      message: /U\+001B/,
    },
    {
      what: 'a bidi override in a player’s name',
      table: 'players',
      column: 'name',
      sql: 'update players set name = ? where id = ?',
      text: 'Bram\u202Egnp.exe',
      row: 'b' as const,
      message: /U\+202E/,
    },
  ])('$what: refused naming the row, nothing copied', async ({ table, column, sql, text, row, message }) => {
    const { file, ids } = await clubFile();
    writeRaw(file, sql, text, ids[row]);
    const url = await createTestDatabase();
    const e = await pushToLeague({ from: file, url }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(AppError);
    const err = e as AppError;
    expect(err.code, err.message).toBe('VALIDATION');
    expect(err.message).not.toMatch(/invalid byte sequence/i);
    expect(err.message).toMatch(message);
    expect(err.message).toContain(ids[row]);
    expect(err.path).toEqual([table, ids[row], column]);
    expect(await leaguePlayers(url)).toBe(0);

    // renamed in the app, the same file then moves whole
    await withBackend(join(file, '..'), async ({ api }) => {
      if (table === 'players') await api.call('players.update', { id: ids[row], [column]: column === 'notes' ? 'late fee' : 'Renamed' });
      else await api.call('rosters.rename', { id: ids[row], name: 'Renamed' });
    });
    await pushToLeague({ from: file, url });
    expect(await leaguePlayers(url)).toBe(3);
  });

  async function leagueDumpOf(url: string): Promise<unknown> {
    const league = await openLeague({ url });
    try {
      const out: Record<string, unknown[]> = {};
      for (const t of ['players', 'campaigns', 'rosters', 'ruleset_versions'] as const)
        out[t] = await league.db.selectFrom(t).selectAll().orderBy('id').execute();
      return out;
    } finally {
      await league.close();
    }
  }

  it('a lone surrogate an older app stored (read back by the driver as U+FFFD) is refused naming the row, never copied as U+FFFD', async () => {
    const { file, ids } = await clubFile();
    writeRaw(file, 'update players set name = ? where id = ?', 'Cato\ud800', ids.c);
    const url = await createTestDatabase();
    const err = (await pushToLeague({ from: file, url }).then(
      () => null,
      (e: unknown) => e,
    )) as AppError;
    expect(err).toBeInstanceOf(AppError);
    expect(err.code, err.message).toBe('VALIDATION');
    expect(err.message).toMatch(/lone U\+D800/);
    expect(err.message).toContain(ids.c);
    expect(err.message).toMatch(/older version of the app.*rename or edit it in the app/s);
    expect(err.message).not.toMatch(/Verified/);
    expect(err.path).toEqual(['players', ids.c, 'name']);
    expect(await leaguePlayers(url)).toBe(0);
    // a real U+FFFD someone typed is text like any other and moves
    writeRaw(file, 'update players set name = ? where id = ?', 'Cato \uFFFD', ids.c);
    await pushToLeague({ from: file, url });
    expect(await leaguePlayers(url)).toBe(3);
  });

  /**
   * Issue 40: one name, one player, on every door. The league holds "Zoë"
   * (NFC); a club brings its own player of that name written otherwise.
   */
  it.each([
    { what: 'the same name decomposed (NFD)', twin: 'Zoe\u0308' },
    { what: 'the same name in capitals', twin: 'ZOË' },
  ])('a twin name through league push ($what) is refused naming table, row and field; the league is unchanged', async ({ twin }) => {
    const url = await createTestDatabase();
    // the league's own Zoë, pushed there from another club
    const otherDir = tmp();
    await withBackend(otherDir, async ({ api }) => {
      await api.call('players.create', { name: 'Zoë' });
    });
    await pushToLeague({ from: join(otherDir, 'ledger.sqlite'), url });
    const before = await leagueDumpOf(url);

    const { file, ids } = await clubFile();
    // an older version's ledger: its player written as typed, its key as that version (had it one) would not fold
    writeRaw(file, 'update players set name = ?, name_key = ? where id = ?', twin, `older ${twin}`, ids.c);
    const err = (await pushToLeague({ from: file, url }).then(
      () => null,
      (e: unknown) => e,
    )) as AppError;
    expect(err).toBeInstanceOf(AppError);
    // CONFLICT, as the Players page and a campaign file refuse a second player of one name
    expect(err.code, err.message).toBe('CONFLICT');
    expect(err.path).toEqual(['players', ids.c, 'name']);
    expect(err.message).toContain(`players ${ids.c}`);
    expect(err.message).toContain('"Zoë"');
    expect(err.message).toMatch(/rename one of them/);
    expect(await leagueDumpOf(url)).toEqual(before);
  });
});
