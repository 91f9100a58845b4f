import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { startBackend } from '../../src-main/backend/backend';
import { startFailure } from '../../src-main/backend/maintenance/start-errors';
import { AppError } from '../../src-shared/errors';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

/** A small real file system (tmpfs), where the machine lets this run mount one; null where it does not. */
function smallDisk(bytes: number): { dir: string; remove: () => void; grow: (bytes: number) => void } | null {
  const dir = mkdtempSync(join(tmpdir(), 'aoa-small-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${bytes}`, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  return {
    dir,
    grow: (size) => execFileSync('mount', ['-o', `remount,size=${size}`, dir], { stdio: 'ignore' }),
    remove: () => {
      execFileSync('umount', [dir], { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('a start on a full disk says so, and that nothing was lost (issue 14)', () => {
  it('the disk-full and read-only errors a start can meet become STORAGE in plain words; others pass through', () => {
    const full = startFailure(new BetterSqlite3.SqliteError('database or disk is full', 'SQLITE_FULL'), '/data');
    expect(full).toMatchObject({ code: 'STORAGE' });
    expect((full as AppError).message).toMatch(/disk holding the data folder \(\/data\) is full.*Nothing recorded before was lost/);
    const enospc = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    expect(startFailure(enospc, '/data')).toMatchObject({ code: 'STORAGE' });
    expect(startFailure(Object.assign(new Error('read-only file system'), { code: 'EROFS' }), '/data')).toMatchObject({ code: 'STORAGE' });
    const locked = new AppError('LOCKED', 'in use');
    expect(startFailure(locked, '/data')).toBe(locked);
    const bug = new TypeError('x is undefined');
    expect(startFailure(bug, '/data')).toBe(bug);
  });

  it('on a real full disk the app refuses to start with that message, and the ledger is byte for byte as it was', async (ctx) => {
    const small = smallDisk(1024 * 1024);
    if (!small) return ctx.skip(); // no mount here: the mapping above is what this machine can check
    const disk = small.dir;
    try {
      const source = tmp();
      const first = await startBackend({ dataDir: source, mode: 'test' });
      await first.dispatch('settings.update', { clubName: 'Ashford' });
      await first.close();
      const dataDir = join(disk, 'club');
      mkdirSync(dataDir);
      copyFileSync(join(source, 'ledger.sqlite'), join(dataDir, 'ledger.sqlite'));
      const before = readFileSync(join(dataDir, 'ledger.sqlite'));
      // fill what is left of the disk
      try {
        for (let i = 0; ; i++) writeFileSync(join(disk, `fill-${i}`), Buffer.alloc(64 * 1024));
      } catch {
        // full
      }
      const err = await startBackend({ dataDir, mode: 'test' }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toMatchObject({ code: 'STORAGE' });
      expect((err as AppError).message).toMatch(/is full, so the app could not start\. Nothing recorded before was lost/);
      expect(readFileSync(join(dataDir, 'ledger.sqlite')).equals(before)).toBe(true);
      // no half-written lock left, and no handle open: the disk unmounts below
      expect(existsSync(join(dataDir, 'ledger.lock'))).toBe(false);
    } finally {
      small.remove();
    }
  });
});

/**
 * The app's own writer on a disk that fills up: it commits players until SQLite says the disk is full (the last,
 * refused write leaves part of a page at the end of the WAL), and is then killed before it can close. Returns how
 * many writes were acknowledged.
 */
async function writerKilledOnFullDisk(file: string): Promise<number> {
  const script = `
    const Db = require('better-sqlite3');
    const db = new Db(${JSON.stringify(file)});
    db.pragma('journal_mode = WAL'); db.pragma('synchronous = FULL'); db.pragma('wal_autocheckpoint = 0');
    const ins = db.prepare("insert into players (id, name, name_key, contact, notes, created_at) values (?, ?, lower(?), '', ?, ?)");
    let n = 0;
    try { for (;;) { ins.run('p' + n, 'Player ' + n, 'Player ' + n, 'n'.repeat(2000), new Date().toISOString()); n++; } } catch (e) {
      process.stdout.write('acknowledged ' + n + ' ' + e.code + '\\n');
    }
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['-e', script], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] });
  const said = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => d.toString().includes('acknowledged') && resolve(d.toString()));
    child.once('exit', (code) => reject(new Error(`the writer exited early (${code})`)));
  });
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await gone;
  expect(said).toMatch(/SQLITE_FULL/);
  return Number(/acknowledged (\d+)/.exec(said)![1]);
}

describe('a crash on a full disk (issue 33)', () => {
  it('the start refuses naming the space it needs and leaves no folder behind; with space again it starts, every acknowledged write kept, and reports no damaged journal', async (ctx) => {
    const small = smallDisk(4 * 1024 * 1024);
    if (!small) return ctx.skip();
    try {
      const dataDir = join(small.dir, 'club');
      const first = await startBackend({ dataDir, mode: 'test' });
      await first.close();
      const backups = join(dataDir, 'backups');
      const before = existsSync(backups) ? readdirSync(backups) : [];
      const file = join(dataDir, 'ledger.sqlite');
      const acknowledged = await writerKilledOnFullDisk(file);
      expect(acknowledged).toBeGreaterThan(0);
      expect(statSync(`${file}-wal`).size).toBeGreaterThan(0);

      // a little space, enough for the start's lock file, not for its copy of the ledger
      small.grow(4 * 1024 * 1024 + 64 * 1024);
      const err = await startBackend({ dataDir, mode: 'test' }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toMatchObject({ code: 'STORAGE' });
      expect((err as AppError).message).toMatch(/is full, so the app could not start/);
      const needs = /free at least ([\d.]+) MB/.exec((err as AppError).message);
      expect(needs, (err as AppError).message).not.toBeNull();
      const needed = Number(needs![1]) * 1024 * 1024;
      expect(needed).toBeGreaterThanOrEqual(statSync(file).size + statSync(`${file}-wal`).size);
      expect(existsSync(backups) ? readdirSync(backups) : []).toEqual(before); // no empty unclean-* folder, no half copy
      expect(existsSync(join(dataDir, 'ledger.lock'))).toBe(false);

      small.grow(4 * 1024 * 1024 + needed);
      const again = await startBackend({ dataDir, mode: 'test' });
      try {
        const info = await again.dispatch('system.info', {});
        expect(info).toMatchObject({ ok: true, value: { notices: [] } });
        expect(await again.dispatch('players.list', {})).toMatchObject({ ok: true, value: { length: acknowledged } });
      } finally {
        await again.close();
      }
      expect(readdirSync(backups).filter((n) => n.startsWith('unclean-'))).toEqual([expect.stringMatching(/^unclean-\d{8}T\d{9}Z$/)]);
    } finally {
      small.remove();
    }
  });
});
