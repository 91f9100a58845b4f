import { existsSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startBackend } from '../../src-main/backend/backend';
import { listBackups, rollingBackupsToPrune, type BackupFile } from '../../src-main/backend/db/backup';
import { isDailyBackupDue, scheduleDailyBackups } from '../../src-main/backend/maintenance/rolling-backups';
import { createApiClient } from '../../src-shared/contract/client';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

const b = (createdAt: string, reason: string): BackupFile => ({ file: `/b/${createdAt}-${reason}`, reason, createdAt, bytes: 1 });

describe('rolling backup retention', () => {
  const auto = [
    b('2026-11-30T09:00:00.000Z', 'auto-start'),
    b('2026-11-29T09:00:00.000Z', 'auto-daily'),
    b('2026-11-28T09:00:00.000Z', 'auto-start-1'),
    b('2026-11-27T09:00:00.000Z', 'auto-daily'),
  ];
  const kept = [b('2026-11-01T09:00:00.000Z', 'manual'), b('2026-10-01T09:00:00.000Z', 'pre-migrate-v2'), b('2026-09-01T09:00:00.000Z', 'pre-restore')];

  it.each([
    [10, []],
    [4, []],
    [3, ['2026-11-27T09:00:00.000Z']],
    [1, ['2026-11-29T09:00:00.000Z', '2026-11-28T09:00:00.000Z', '2026-11-27T09:00:00.000Z']],
    // a keep below one still keeps the newest: retention never leaves no automatic backup
    [0, ['2026-11-29T09:00:00.000Z', '2026-11-28T09:00:00.000Z', '2026-11-27T09:00:00.000Z']],
  ])('keep %i prunes the oldest automatic backups only', (keep, prunedDates) => {
    const pruned = rollingBackupsToPrune([...kept, ...auto].reverse(), keep);
    expect(pruned.map((p) => p.createdAt)).toEqual(prunedDates);
    expect(pruned.some((p) => !p.reason.startsWith('auto-'))).toBe(false);
  });

  it.each([
    [[], '2026-11-30T12:00:00Z', true],
    [[b('2026-11-30T09:00:00.000Z', 'auto-start')], '2026-11-30T12:00:00Z', false],
    [[b('2026-11-29T11:59:59.000Z', 'auto-daily')], '2026-11-30T12:00:00Z', true],
    // a manual backup does not count as the daily one
    [[b('2026-11-30T11:00:00.000Z', 'manual')], '2026-11-30T12:00:00Z', true],
  ])('daily backup due for %j at %s → %s', (backups, now, due) => {
    expect(isDailyBackupDue(backups, new Date(now))).toBe(due);
  });
});

describe('automatic backups in a running backend', () => {
  it('takes one on every start of an existing ledger, none for a new one, and keeps Settings.backupKeep of them', async () => {
    const dir = tmp();
    const first = await startBackend({ dataDir: dir, mode: 'test', autoBackup: true });
    expect(listBackups(join(dir, 'backups'))).toEqual([]);
    await first.dispatch('settings.update', { backupKeep: 2 });
    await first.dispatch('backups.create', { reason: 'manual' });
    await first.close();
    for (let i = 0; i < 4; i++) {
      const again = await startBackend({ dataDir: dir, mode: 'test', autoBackup: true });
      await again.close();
    }
    const reasons = listBackups(join(dir, 'backups')).map((x) => x.reason.replace(/-\d+$/, ''));
    expect(reasons.filter((r) => r === 'auto-start')).toHaveLength(2);
    expect(reasons).toContain('manual');
  });

  it('the daily job takes a backup only when a day has passed since the last automatic one', async () => {
    const dir = tmp();
    const backend = await startBackend({ dataDir: dir, mode: 'test' });
    let now = new Date();
    const job = scheduleDailyBackups(
      { database: backend.ctx.paths.database, backups: backend.ctx.paths.backups, keep: () => 5 },
      { now: () => now, everyMs: 1e9 },
    );
    try {
      expect(await job.tick()).toBe(true);
      expect(await job.tick()).toBe(false);
      now = new Date(now.getTime() + 25 * 3600 * 1000);
      expect(await job.tick()).toBe(true);
      expect(listBackups(backend.ctx.paths.backups).map((x) => x.reason.replace(/-\d+$/, ''))).toEqual(['auto-daily', 'auto-daily']);
    } finally {
      job.stop();
      await backend.close();
    }
  });
});

describe('restore from the app', () => {
  it('swaps the ledger under a running backend; later calls see the restored data and the old ledger is kept', async () => {
    const dir = tmp();
    const backend = await startBackend({ dataDir: dir, mode: 'test' });
    const api = createApiClient((c, i) => backend.dispatch(c, i));
    try {
      await api.call('settings.update', { clubName: 'Before' });
      const snap = await api.call('backups.create', {});
      await api.call('settings.update', { clubName: 'After' });
      // a read racing the restore must see one ledger or the other, never a closed connection
      const [racing, restored] = await Promise.all([api.call('settings.get', {}), api.call('backups.restore', { file: basename(snap.file) })]);
      expect(['Before', 'After']).toContain(racing.clubName);
      expect(restored.previousBackup).toMatch(/pre-restore/);
      expect((await api.call('settings.get', {})).clubName).toBe('Before');
      expect((await api.call('db.check', {})).ok).toBe(true);
      // the replaced ledger is itself a backup that can be restored
      await api.call('backups.restore', { file: restored.previousBackup! });
      expect((await api.call('settings.get', {})).clubName).toBe('After');
    } finally {
      await backend.close();
    }
  });

  it.each(['../ledger.sqlite', '/etc/passwd', 'ledger-20261130T000000000Z-manual.sqlite/../../x', '..\\..\\x.sqlite', 'ledger.sqlite'])(
    'refuses a file name that is not one of its backups: %s',
    async (file) => {
      const dir = tmp();
      const backend = await startBackend({ dataDir: dir, mode: 'test' });
      try {
        const r = await backend.dispatch('backups.restore', { file });
        expect(r).toMatchObject({ ok: false, error: { code: 'VALIDATION', path: ['file'] } });
      } finally {
        await backend.close();
      }
    },
  );

  it('says NOT_FOUND for a well-formed name that is not there, and changes nothing', async () => {
    const dir = tmp();
    const backend = await startBackend({ dataDir: dir, mode: 'test' });
    try {
      const r = await backend.dispatch('backups.restore', { file: 'ledger-20261130T000000000Z-manual.sqlite' });
      expect(r).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
      expect(readdirSync(dir).sort()).toEqual(
        ['ledger.lock', 'ledger.sqlite', 'ledger.sqlite-shm', 'ledger.sqlite-wal'].filter((f) => existsSync(join(dir, f))),
      );
    } finally {
      await backend.close();
    }
  });
});
