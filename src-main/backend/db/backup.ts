import BetterSqlite3 from 'better-sqlite3';
import { privateDir, privateFile } from '../private-files';
import { closeSync, fsyncSync, openSync, readdirSync, renameSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { basename, join } from 'node:path';

export interface BackupFile {
  file: string;
  reason: string;
  createdAt: string;
  bytes: number;
}

const NAME = /^ledger-(\d{8}T\d{6}\d{3}Z)-([a-z0-9-]+)\.sqlite$/;

function stamp(d = new Date()): string {
  return d.toISOString().replace(/[-:.]/g, '');
}

/**
 * A consistent copy of a live database through `VACUUM INTO` (safe under
 * WAL, unlike copying the file). Returns the new file's path.
 */
export function backupDatabase(sourceFile: string, backupDir: string, reason: string, nativeBinding?: string): string {
  privateDir(backupDir);
  const safeReason =
    reason
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .slice(0, 40) || 'manual';
  let target = join(backupDir, `ledger-${stamp()}-${safeReason}.sqlite`);
  for (let i = 1; existsSyncSafe(target); i++) target = join(backupDir, `ledger-${stamp()}-${safeReason}-${i}.sqlite`);
  writeSnapshot(sourceFile, target, nativeBinding);
  return target;
}

/**
 * Writes a consistent, compacted copy of a database to `target` (which must
 * not exist). The copy is written under a temporary name and renamed when
 * complete, so a crash mid-copy never leaves a half file under a backup's
 * name (which `restore --latest` would otherwise pick).
 */
export function writeSnapshot(sourceFile: string, target: string, nativeBinding?: string): void {
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  const src = new BetterSqlite3(sourceFile, { readonly: true, fileMustExist: true, nativeBinding });
  try {
    src.prepare('VACUUM INTO ?').run(partial);
  } catch (e) {
    rmSync(partial, { force: true });
    throw e;
  } finally {
    src.close();
  }
  privateFile(partial);
  // flush the copy before it takes a backup's name (power loss, not just a crash)
  const fd = openSync(partial, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(partial, target);
}

function existsSyncSafe(p: string): boolean {
  try {
    statSync(p);
    return true;
  } catch {
    return false;
  }
}

/** Backups in a folder, newest first. Files that do not follow our naming are ignored. */
export function listBackups(backupDir: string): BackupFile[] {
  let names: string[];
  try {
    names = readdirSync(backupDir);
  } catch {
    return [];
  }
  const out: BackupFile[] = [];
  for (const name of names) {
    const m = NAME.exec(name);
    if (!m) continue;
    const s = m[1]!;
    const iso = `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}.${s.slice(15, 18)}Z`;
    const file = join(backupDir, name);
    out.push({ file, reason: m[2]!, createdAt: iso, bytes: statSync(file).size });
  }
  return out.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : basename(b.file).localeCompare(basename(a.file))));
}

/** Which backups a retention of `keep` removes: all but the newest `keep`. Pure, for tests. */
function backupsToPrune(backups: BackupFile[], keep: number): BackupFile[] {
  return [...backups].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1)).slice(Math.max(0, keep));
}

/**
 * Reasons of the backups the app takes by itself (on start, daily). Only these
 * roll: a backup the organiser asked for, or one taken before a migration or a
 * restore, is a safety net the retention must never delete.
 */
const AUTOMATIC_REASONS = ['auto-start', 'auto-daily'] as const;
export type AutomaticReason = (typeof AUTOMATIC_REASONS)[number];

export function isAutomaticBackup(b: Pick<BackupFile, 'reason'>): boolean {
  return (AUTOMATIC_REASONS as readonly string[]).includes(b.reason) || /^auto-(start|daily)-\d+$/.test(b.reason);
}

/** Backups the organiser took: kept until moved away by hand, and capped so a script cannot fill the disk with them. */
export const MANUAL_BACKUPS_MAX = 50;

/** The reason of a backup asked for from the app or the CLI: always "manual", with the caller's label after it. */
export function manualBackupReason(label?: string): string {
  const tail = (label ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return !tail || tail === 'manual' ? 'manual' : `manual-${tail}`.slice(0, 40);
}

export function isManualBackup(b: Pick<BackupFile, 'reason'>): boolean {
  return b.reason === 'manual' || b.reason.startsWith('manual-');
}

/** What a ledger holds, counted: a backup that holds less of any of these than an older one has lost data. */
export interface LedgerHoldings {
  players: number;
  campaigns: number;
  entries: number;
  battles: number;
}

const HOLDING_TABLES = { players: 'players', campaigns: 'campaigns', entries: 'ledger_entries', battles: 'battles' } as const;
const holdingsCache = new Map<string, LedgerHoldings | null>();

/** Counts what a backup holds (cached by file, size and time); null when the file does not read as a ledger. */
export function ledgerHoldings(file: string, nativeBinding?: string): LedgerHoldings | null {
  let key: string;
  try {
    const s = statSync(file);
    key = `${file}|${s.size}|${s.mtimeMs}`;
  } catch {
    return null;
  }
  const cached = holdingsCache.get(key);
  if (cached !== undefined) return cached;
  let result: LedgerHoldings | null = null;
  try {
    const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true, nativeBinding });
    try {
      const count = (table: string) => (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
      result = Object.fromEntries(Object.entries(HOLDING_TABLES).map(([k, t]) => [k, count(t)])) as unknown as LedgerHoldings;
    } finally {
      db.close();
    }
  } catch {
    result = null;
  }
  holdingsCache.set(key, result);
  return result;
}

/** Does `newer` hold at least everything `older` held (as counts)? */
function holdsAtLeast(newer: LedgerHoldings, older: LedgerHoldings): boolean {
  return (Object.keys(HOLDING_TABLES) as (keyof LedgerHoldings)[]).every((k) => newer[k] >= older[k]);
}

/**
 * The rolling retention: of the automatic backups, all but the newest `keep` (at least one is always kept).
 * Given what each backup holds, an older backup goes only when a newer one holds at least as much of everything:
 * automatic backups of a ledger that lost data (emptied, cut short, restored from something older) are never the
 * reason the backups that still hold the data are pruned. A backup that does not read is never pruned.
 */
export function rollingBackupsToPrune(backups: BackupFile[], keep: number, holdings?: (b: BackupFile) => LedgerHoldings | null): BackupFile[] {
  const automatic = [...backups.filter(isAutomaticBackup)].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
  const beyond = backupsToPrune(automatic, Math.max(1, Math.floor(keep)));
  if (!holdings) return beyond;
  return beyond.filter((old) => {
    const held = holdings(old);
    if (!held) return false;
    return automatic.some((b) => {
      if (b.createdAt <= old.createdAt || b === old) return false;
      const h = holdings(b);
      return h !== null && holdsAtLeast(h, held);
    });
  });
}

/** Applies the rolling retention to a backup folder; returns the files removed. */
export function pruneBackups(backupDir: string, keep: number, nativeBinding?: string): string[] {
  const doomed = rollingBackupsToPrune(listBackups(backupDir), keep, (b) => ledgerHoldings(b.file, nativeBinding));
  for (const b of doomed) unlinkSync(b.file);
  return doomed.map((b) => b.file);
}

/** The newest backup in a folder that is a valid file name of ours, or undefined. */
export function newestBackup(backupDir: string): BackupFile | undefined {
  return listBackups(backupDir)[0];
}
