import type BetterSqlite3 from 'better-sqlite3';
import { validateLedgerFile } from '../../src-main/backend/db/restore';
import { listBackups } from '../../src-main/backend/db/backup';
import type { CrashWorkload, WorkItem } from './crash-harness';

const THEMES = ['auto', 'light', 'dark'] as const;

/**
 * Settings: each request changes four keys at once, all derived from the
 * request number, so a half-applied update (some keys from one request, some
 * from another) shows; and the stored number may never be older than the last
 * acknowledged one.
 */
export const settingsWorkload: CrashWorkload = {
  name: 'settings.update (four keys in one transaction)',
  channels: ['settings.update'],
  next: (n) => ({
    channel: 'settings.update',
    input: { clubName: `run ${n}`, backupKeep: (n % 100) + 1, paperSize: n % 2 ? 'A4' : 'LETTER', theme: THEMES[n % 3] },
    tag: n,
  }),
  verify(db: BetterSqlite3.Database, acked: WorkItem[], sent: WorkItem[]) {
    const rows = db.prepare('select key, value_json from settings').all() as { key: string; value_json: string }[];
    const s = Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value_json) as unknown]));
    const problems: string[] = [];
    const lastAcked = acked.at(-1)?.tag as number | undefined;
    if (s.clubName === undefined) {
      if (lastAcked !== undefined) problems.push(`acknowledged update ${lastAcked} is missing`);
      return problems;
    }
    const k = Number(String(s.clubName).replace('run ', ''));
    const expected = { backupKeep: (k % 100) + 1, paperSize: k % 2 ? 'A4' : 'LETTER', theme: THEMES[k % 3] };
    for (const [key, v] of Object.entries(expected)) if (s[key] !== v) problems.push(`half-applied update ${k}: ${key} is ${String(s[key])}, not ${v}`);
    if (lastAcked !== undefined && k < lastAcked) problems.push(`stored update ${k} is older than acknowledged ${lastAcked}`);
    const maxSent = Math.max(...sent.map((x) => x.tag as number), -1);
    if (k > maxSent) problems.push(`stored update ${k} was never sent`);
    return problems;
  },
};

/** Backups: every acknowledged backup exists and is a whole ledger; nothing half-written carries a backup's name. */
export const backupsWorkload: CrashWorkload = {
  name: 'backups.create (VACUUM INTO, then retention)',
  channels: ['backups.create'],
  weight: 1,
  next: (n) => ({ channel: 'backups.create', input: { reason: 'crash-run' }, tag: n }),
  verify(db: BetterSqlite3.Database, acked: WorkItem[]) {
    const problems: string[] = [];
    const dir = (db.name as string).replace(/ledger\.sqlite$/, 'backups');
    const listed = new Set(listBackups(dir).map((b) => b.file));
    for (const a of acked) {
      const file = (a.result as { file: string }).file;
      if (!listed.has(file)) problems.push(`acknowledged backup ${file} is missing`);
    }
    for (const file of listed) {
      try {
        validateLedgerFile(file);
      } catch (e) {
        problems.push(`backup ${file} is not a whole ledger: ${(e as Error).message}`);
      }
    }
    return problems;
  },
};

/** Players: every acknowledged player is there, whole (name and notes together), and none was created twice. */
export const playersWorkload: CrashWorkload = {
  name: 'players.create',
  channels: ['players.create'],
  next: (n) => ({ channel: 'players.create', input: { name: `Crash player ${n}`, notes: `notes of ${n}` }, tag: n }),
  verify(db: BetterSqlite3.Database, acked: WorkItem[]) {
    const rows = db.prepare("select name, notes from players where name like 'Crash player %'").all() as { name: string; notes: string }[];
    const byName = new Map<string, number>();
    const problems: string[] = [];
    for (const r of rows) {
      byName.set(r.name, (byName.get(r.name) ?? 0) + 1);
      if (r.notes !== `notes of ${r.name.replace('Crash player ', '')}`) problems.push(`player ${r.name} has the notes of another request`);
    }
    for (const a of acked) if (!byName.has(`Crash player ${a.tag as number}`)) problems.push(`acknowledged player ${a.tag as number} is missing`);
    for (const [name, count] of byName) if (count > 1) problems.push(`${name} was created ${count} times`);
    return problems;
  },
};

/** Every workload the app's current channels support; the harness skips those whose channels are not there yet. */
export const CRASH_WORKLOADS: CrashWorkload[] = [{ ...settingsWorkload, weight: 4 }, backupsWorkload, { ...playersWorkload, weight: 2 }];
