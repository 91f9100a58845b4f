// Issue 14: "after ten launches the automatic backups that held data have all been pruned". Automatic backups of a
// ledger that has lost data are never the reason an older backup that still holds it is pruned.
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startBackend } from '../../src-main/backend/backend';
import { ledgerHoldings, listBackups, rollingBackupsToPrune, type BackupFile, type LedgerHoldings } from '../../src-main/backend/db/backup';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

const b = (day: number): BackupFile => ({
  file: `/b/${day}`,
  reason: 'auto-start',
  createdAt: `2026-11-${String(day).padStart(2, '0')}T09:00:00.000Z`,
  bytes: 1,
});
const h = (players: number, campaigns = 0, entries = 0, battles = 0): LedgerHoldings => ({ players, campaigns, entries, battles });

describe('retention with what each backup holds', () => {
  it.each<[string, LedgerHoldings[], number, number[]]>([
    ['a growing ledger rolls as before', [h(1), h(2), h(3), h(4), h(5)], 2, [1, 2, 3]],
    ['an emptied ledger keeps the last backup that held the data', [h(5, 2, 9, 1), h(5, 2, 9, 1), h(0), h(0), h(0)], 2, [1, 3]],
    ['one lost campaign is a loss even when players grew', [h(5, 2), h(6, 1), h(7, 1), h(8, 1)], 1, [2, 3]],
    ['a ledger that lost data and then grew past it rolls again', [h(5), h(0), h(1), h(9), h(10)], 2, [1, 2, 3]],
  ])('%s', (_name, held, keep, prunedDays) => {
    const backups = held.map((_, i) => b(i + 1));
    const byFile = new Map(backups.map((x, i) => [x.file, held[i]!]));
    const pruned = rollingBackupsToPrune(backups, keep, (x) => byFile.get(x.file)!);
    expect(pruned.map((x) => Number(x.file.split('/').pop())).sort((p, q) => p - q)).toEqual(prunedDays);
  });

  it('a backup that does not read is never pruned', () => {
    const backups = [b(1), b(2), b(3)];
    expect(rollingBackupsToPrune(backups, 1, (x) => (x.file === '/b/1' ? null : h(1)))).toEqual([b(2)]);
  });
});

describe('ten launches after the ledger lost its data', () => {
  it('the automatic backups that held the data are still there, and say what they hold', async () => {
    const dir = tmp();
    const first = await startBackend({ dataDir: dir, mode: 'test', autoBackup: true });
    await first.dispatch('settings.update', { backupKeep: 2 });
    for (let i = 0; i < 3; i++) await first.dispatch('players.create', { name: `Player ${i}` });
    await first.close();
    for (let i = 0; i < 3; i++) await (await startBackend({ dataDir: dir, mode: 'test', autoBackup: true })).close();

    // the ledger loses its players (a bad restore, a tool gone wrong): every later automatic backup holds less
    const raw = new BetterSqlite3(join(dir, 'ledger.sqlite'));
    raw.exec('delete from players');
    raw.close();
    for (let i = 0; i < 10; i++) await (await startBackend({ dataDir: dir, mode: 'test', autoBackup: true })).close();

    const auto = listBackups(join(dir, 'backups')).filter((x) => x.reason.startsWith('auto-'));
    const holding = auto.filter((x) => (ledgerHoldings(x.file)?.players ?? 0) === 3);
    expect(holding.length).toBeGreaterThanOrEqual(1);
    // the empty ones still roll among themselves: two kept, plus the one that holds the players
    expect(auto.length).toBe(3);
  });
});
