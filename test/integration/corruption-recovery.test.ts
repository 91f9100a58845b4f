import { createHash, randomBytes } from 'node:crypto';
import BetterSqlite3 from 'better-sqlite3';
import { closeSync, openSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startBackend } from '../../src-main/backend/backend';
import { runCli } from '../../src-main/cli/program';
import { restoreBeforeStart, startFailurePrompt } from '../../src-main/backend/maintenance/start-recovery';
import { AppError } from '../../src-shared/errors';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();
const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const PAGE = 4096;

/** A ledger with enough rows to span many pages, a backup of it, then closed cleanly. */
async function ledgerWithBackup(dir: string, withBackup = true): Promise<string> {
  const backend = await startBackend({ dataDir: dir, mode: 'test' });
  await backend.dispatch('settings.update', { clubName: 'Ashford' });
  const insert = backend.ctx.sqlite.prepare('insert into players (id, name, name_key, contact, notes, created_at) values (?, ?, lower(?), ?, ?, ?)');
  backend.ctx.sqlite.transaction(() => {
    for (let i = 0; i < 400; i++) insert.run(`p${i}`, `Player ${i}`, `Player ${i}`, '', 'n'.repeat(200), new Date().toISOString());
  })();
  if (withBackup) expect(await backend.dispatch('backups.create', { reason: 'manual' })).toMatchObject({ ok: true });
  await backend.close();
  return join(dir, 'ledger.sqlite');
}

const DAMAGE: [string, (file: string) => void][] = [
  ['truncated to half', (f) => truncateSync(f, Math.floor(statSync(f).size / 2 / PAGE) * PAGE + 100)],
  [
    'garbage pages in the middle',
    (f) => {
      const fd = openSync(f, 'r+');
      writeSync(fd, randomBytes(PAGE * 3), 0, PAGE * 3, PAGE * 2);
      closeSync(fd);
    },
  ],
  [
    'a garbage header',
    (f) => {
      const fd = openSync(f, 'r+');
      writeSync(fd, randomBytes(100), 0, 100, 0);
      closeSync(fd);
    },
  ],
  ['another file type (a PDF)', (f) => writeFileSync(f, '%PDF-1.7\n' + 'x'.repeat(9000))],
  // issue 14: a failed sync leaves a zero-length file, which SQLite would open as a new, empty database
  ['zero length', (f) => truncateSync(f, 0)],
  [
    "another program's SQLite database",
    (f) => {
      for (const x of [f, `${f}-wal`, `${f}-shm`]) rmSync(x, { force: true });
      const other = new BetterSqlite3(f);
      other.exec("create table notes (id integer primary key, body text); insert into notes (body) values ('shopping list');");
      other.close();
    },
  ],
];

describe('a damaged ledger at start', () => {
  it.each(DAMAGE)('%s: the message is plain sentences on one line; SQLite’s own words go to the error’s details', async (_name, damage) => {
    const dir = tmp();
    const file = await ledgerWithBackup(dir);
    damage(file);
    const err = (await startBackend({ dataDir: dir, mode: 'browser' }).then(
      () => undefined,
      (e: unknown) => e,
    )) as AppError;
    expect(err.code).toBe('DB_CORRUPT');
    expect(err.message).not.toMatch(/\n/);
    expect(err.message).not.toMatch(/\*\*\* in database|SqliteError|SQLITE_|malformed/i);
    expect(err.message).toMatch(/^(The ledger file|The file) .+\. The app has not changed the file\./);
  });

  it.each(DAMAGE)('%s: refused with DB_CORRUPT naming the newest backup and the restore command; the file is untouched', async (_name, damage) => {
    const dir = tmp();
    const file = await ledgerWithBackup(dir);
    damage(file);
    const before = sha(file);
    const err = await startBackend({ dataDir: dir, mode: 'browser' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('DB_CORRUPT');
    const message = (err as AppError).message;
    expect(message).toMatch(/ledger-\d{8}T\d{9}Z-manual\.sqlite/);
    expect(message).toContain('restore --latest');
    expect(message).toContain(dir);
    expect(sha(file)).toBe(before);
    // the lock was released: the CLI can take the folder straight away
    expect(readdirSync(dir)).not.toContain('ledger.lock');

    // …and the command it names brings the ledger back, keeping the damaged file aside byte for byte
    const out: string[] = [];
    const code = await runCli(['--data-dir', dir, 'restore', '--latest'], { out: (t) => out.push(t), err: (t) => out.push(t) });
    expect(code).toBe(0);
    const aside = readdirSync(dir).find((n) => n.startsWith('ledger.damaged-') && n.endsWith('.sqlite'));
    expect(aside).toBeDefined();
    expect(sha(join(dir, aside!))).toBe(before);
    expect(out.join('\n')).toContain(aside!);
    const reopened = await startBackend({ dataDir: dir, mode: 'test' });
    try {
      expect(await reopened.dispatch('settings.get', {})).toMatchObject({ ok: true, value: { clubName: 'Ashford' } });
      expect(reopened.ctx.sqlite.prepare('select count(*) as n from players').get()).toEqual({ n: 400 });
      expect(await reopened.dispatch('db.check', {})).toMatchObject({ ok: true, value: { ok: true } });
    } finally {
      await reopened.close();
    }
  });

  it('without any backup, says so instead of offering one', async () => {
    const dir = tmp();
    const file = await ledgerWithBackup(dir, false);
    writeFileSync(file, 'not a database at all, just words'.repeat(200));
    await expect(startBackend({ dataDir: dir, mode: 'test' })).rejects.toThrow(/no backup/);
    const r: string[] = [];
    expect(await runCli(['--data-dir', dir, 'restore', '--latest'], { out: (t) => r.push(t), err: (t) => r.push(t) })).toBe(1);
    expect(r.join('')).toMatch(/no backups/);
  });

  it('restore needs either a file or --latest (exit 2)', async () => {
    const dir = tmp();
    const sink = { out: () => undefined, err: () => undefined };
    expect(await runCli(['--data-dir', dir, 'restore'], sink)).toBe(2);
    expect(await runCli(['--data-dir', dir, 'restore', 'x.sqlite', '--latest'], sink)).toBe(2);
  });
});

describe('the Electron start-up offer, as data', () => {
  it('offers the newest backup for a damaged ledger, and restoring it lets the app start', async () => {
    const dir = tmp();
    const file = await ledgerWithBackup(dir);
    writeFileSync(file, 'garbage'.repeat(2000));
    const err = await startBackend({ dataDir: dir, mode: 'electron', autoBackup: false }).catch((e: unknown) => e);
    const prompt = startFailurePrompt(err, dir);
    expect(prompt.buttons).toEqual(['Restore newest backup', 'Quit']);
    expect(prompt.restoreFile).toMatch(/-manual\.sqlite$/);
    const r = restoreBeforeStart(dir, prompt.restoreFile!);
    expect(r.damagedKeptAs).toMatch(/ledger\.damaged-.*\.sqlite$/);
    const b = await startBackend({ dataDir: dir, mode: 'electron', autoBackup: false });
    expect(await b.dispatch('settings.get', {})).toMatchObject({ ok: true, value: { clubName: 'Ashford' } });
    await b.close();
  });

  it('offers only Quit for other failures (a ledger from a newer app, another instance)', () => {
    expect(startFailurePrompt(new AppError('LOCKED', 'in use'), tmp())).toEqual({ title: 'The data folder is in use', message: 'in use', buttons: ['Quit'] });
  });
});
