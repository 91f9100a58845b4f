import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { uptime } from 'node:os';
import { AppError } from '../../src-shared/errors';

/** When this computer last started, in ms since the epoch. */
const bootedAt = () => Date.now() - uptime() * 1000;

/**
 * Which boot of this computer we are in: Linux says it itself; elsewhere the
 * boot time to the minute stands in. A lock written in another boot is
 * stale whatever its pid (after a restart, pid 1 or any other may be alive
 * again as someone else).
 */
export function currentBootId(): string {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return `boot-${Math.round(bootedAt() / 60_000)}`;
  }
}

export interface DataDirLock {
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One process at a time owns a data folder, so two app instances (or the
 * app and browser mode) never race writes. A lock left by a dead process is
 * taken over.
 */
export function acquireDataDirLock(lockFile: string, owner: string): DataDirLock {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      try {
        writeSync(fd, JSON.stringify({ pid: process.pid, owner, since: new Date().toISOString(), boot: currentBootId() }));
      } catch (e) {
        // a full disk: no half lock is left behind, and no handle keeps the file busy
        closeSync(fd);
        unlinkSync(lockFile);
        throw e;
      }
      closeSync(fd);
      return {
        release() {
          try {
            const held = JSON.parse(readFileSync(lockFile, 'utf8')) as { pid?: number };
            if (held.pid === process.pid) unlinkSync(lockFile);
          } catch {
            // already gone
          }
        },
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      let held: { pid?: number; owner?: string; since?: string; boot?: string } = {};
      try {
        held = JSON.parse(readFileSync(lockFile, 'utf8'));
      } catch {
        // unreadable lock: treat as stale
      }
      // Our own pid: a live lock of another backend in this process (e.g. a worker thread), unless it was written
      // before this process started (a pid reused after a restart).
      const heldSince = Date.parse(held.since ?? '');
      const ourStart = Date.now() - process.uptime() * 1000;
      const heldByUs = held.pid === process.pid && Number.isFinite(heldSince) && heldSince >= ourStart - 1000;
      // written before this computer last started (a lock of an older version has no boot id, only its time)
      const earlierBoot = held.boot !== undefined ? held.boot !== currentBootId() : Number.isFinite(heldSince) && heldSince < bootedAt() - 60_000;
      if (!earlierBoot && (heldByUs || (held.pid && held.pid !== process.pid && isAlive(held.pid)))) {
        throw new AppError(
          'LOCKED',
          `This data folder is already open in another window of the app (${held.owner ?? 'unknown'}, process ${held.pid}). Close it first, or choose another data folder.`,
        );
      }
      try {
        unlinkSync(lockFile);
      } catch {
        // raced with another process removing it
      }
    }
  }
  throw new AppError('LOCKED', 'Could not take the data folder lock.');
}
