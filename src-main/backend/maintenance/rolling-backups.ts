import { backupDatabase, isAutomaticBackup, listBackups, pruneBackups, type AutomaticReason, type BackupFile } from '../db/backup';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often the daily job looks whether a backup is due (cheap: one directory listing). */
const DAILY_CHECK_EVERY_MS = 60 * 60 * 1000;

/** Is a daily backup due? Yes when no automatic backup is younger than a day. Pure, for tests. */
export function isDailyBackupDue(backups: Pick<BackupFile, 'reason' | 'createdAt'>[], now: Date): boolean {
  const newest = backups.filter(isAutomaticBackup).reduce<number>((m, b) => Math.max(m, Date.parse(b.createdAt)), -Infinity);
  return !(now.getTime() - newest < DAY_MS);
}

export interface RollingBackupTarget {
  database: string;
  backups: string;
  nativeBinding?: string;
  /** Read at backup time, so a changed Settings.backupKeep applies to the next run. */
  keep: () => Promise<number> | number;
}

/** Takes one automatic backup and applies the retention; returns the new file. */
export async function takeRollingBackup(t: RollingBackupTarget, reason: AutomaticReason): Promise<{ file: string; pruned: string[] }> {
  const file = backupDatabase(t.database, t.backups, reason, t.nativeBinding);
  const pruned = pruneBackups(t.backups, await t.keep(), t.nativeBinding);
  return { file, pruned };
}

/**
 * The daily backup job: every hour it checks whether a day has passed since
 * the last automatic backup and takes one. The timer never keeps the process
 * alive, and a failure is reported, not thrown (a full disk must not crash
 * the app mid-session).
 */
export function scheduleDailyBackups(
  t: RollingBackupTarget,
  opts: { everyMs?: number; now?: () => Date; onError?: (e: unknown) => void; run?: (fn: () => Promise<void>) => Promise<void> } = {},
): { stop(): void; tick(): Promise<boolean> } {
  const now = opts.now ?? (() => new Date());
  const run = opts.run ?? ((fn) => fn());
  const tick = async (): Promise<boolean> => {
    if (!isDailyBackupDue(listBackups(t.backups), now())) return false;
    let took = false;
    await run(async () => {
      await takeRollingBackup(t, 'auto-daily');
      took = true;
    });
    return took;
  };
  const timer = setInterval(() => {
    tick().catch((e) => opts.onError?.(e));
  }, opts.everyMs ?? DAILY_CHECK_EVERY_MS);
  timer.unref?.();
  return { stop: () => clearInterval(timer), tick };
}
