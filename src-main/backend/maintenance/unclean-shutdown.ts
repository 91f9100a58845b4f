import { copyFileSync, existsSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { privateDir, privateFile } from '../private-files';
import { inspectWal, type WalInspection } from './wal-frames';

export interface UncleanShutdownCopy {
  /** The folder holding the ledger and its WAL exactly as the crash left them. */
  folder: string;
  wal: WalInspection;
}

const COPY = /^unclean-(\d{8}T\d{9}Z)(-loss)?$/;
/** Copies kept of crashes whose WAL was whole; a copy whose WAL lost frames is never removed by the app. */
export const UNCLEAN_COPIES_KEPT = 5;

function stamp(d = new Date()): string {
  return d.toISOString().replace(/[-:.]/g, '');
}

/**
 * A WAL beside the ledger when nobody holds it means the last process did not
 * close it (a clean close checkpoints and removes it). Before SQLite's recovery
 * replays it, and silently drops any frame that is damaged or cut short, the
 * ledger and its WAL are copied aside as they are, and the WAL is read the way
 * recovery will read it, so a loss can be named instead of passing unseen.
 * Returns undefined when the last shutdown was clean.
 */
export function keepUncleanShutdownCopy(database: string, backupDir: string, now = new Date()): UncleanShutdownCopy | undefined {
  const walFile = `${database}-wal`;
  if (!existsSync(database) || !existsSync(walFile) || statSync(walFile).size === 0) return undefined;
  const shmFile = `${database}-shm`;
  const wal = inspectWal(readFileSync(walFile), existsSync(shmFile) ? readFileSync(shmFile) : undefined);
  privateDir(backupDir);
  const folder = join(backupDir, `unclean-${stamp(now)}${wal.lossSuspected ? '-loss' : ''}`);
  privateDir(folder);
  try {
    for (const [from, name] of [
      [database, 'ledger.sqlite'],
      [walFile, 'ledger.sqlite-wal'],
    ] as const) {
      copyFileSync(from, join(folder, name));
      privateFile(join(folder, name));
    }
  } catch (e) {
    // a copy that could not be made whole (a full disk) is no copy: nothing half-made is left to be taken for one
    rmSync(folder, { recursive: true, force: true });
    throw e;
  }
  pruneUncleanCopies(backupDir);
  return { folder, wal };
}

/** Of the copies whose WAL was whole, all but the newest few go; a copy that holds a loss stays. */
export function pruneUncleanCopies(backupDir: string, keep = UNCLEAN_COPIES_KEPT): string[] {
  const whole = readdirSync(backupDir)
    .map((name) => ({ name, m: COPY.exec(name) }))
    .filter((x) => x.m && !x.m[2])
    .sort((a, b) => (a.m![1]! < b.m![1]! ? 1 : -1));
  const doomed = whole.slice(keep).map((x) => join(backupDir, x.name));
  for (const dir of doomed) rmSync(dir, { recursive: true, force: true });
  return doomed;
}

/** The one sentence a start shows when recovery will drop frames, naming the copy and the way back. */
export function walLossNotice(copy: UncleanShutdownCopy): string | undefined {
  if (!copy.wal.lossSuspected) return undefined;
  const what = copy.wal.valid
    ? copy.wal.droppedAfterDamage > 0
      ? `${copy.wal.droppedAfterDamage} of its ${copy.wal.frames} pages came after a damaged one`
      : copy.wal.committedFrames !== undefined
        ? `it ends ${copy.wal.committedFrames - copy.wal.applied} pages short of what was saved`
        : 'it was cut short in the middle of a page'
    : 'it is unreadable';
  return (
    `The app was not closed properly last time and its journal of recent changes was damaged (${what}), ` +
    `so the most recent changes may be missing. The ledger and that journal were kept exactly as they were in ${copy.folder}; ` +
    'check the latest entries, and if something is missing restore a backup from Settings → Backups (or `aoa restore --latest`).'
  );
}
