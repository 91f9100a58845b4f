import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
function smallDisk(bytes: number): { dir: string; remove: () => void } | null {
  const dir = mkdtempSync(join(tmpdir(), 'aoa-small-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${bytes}`, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  return {
    dir,
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
