import { chmodSync, copyFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startBackend } from '../../src-main/backend/backend';
import { isAutomaticBackup, listBackups, MANUAL_BACKUPS_MAX } from '../../src-main/backend/db/backup';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();
const mode = (p: string) => statSync(p).mode & 0o777;

describe.runIf(process.platform !== 'win32')('a club’s files are private to the organiser (issue 14)', () => {
  it('the data folder and backups folder are 0700; the ledger, its WAL and every backup 0600', async () => {
    const dataDir = join(tmp(), 'club');
    const backend = await startBackend({ dataDir, mode: 'test' });
    try {
      await backend.dispatch('settings.update', { clubName: 'Ashford' });
      expect(await backend.dispatch('backups.create', {})).toMatchObject({ ok: true, value: { reason: 'manual' } });
      expect(mode(dataDir)).toBe(0o700);
      expect(mode(join(dataDir, 'backups'))).toBe(0o700);
      expect(mode(join(dataDir, 'ledger.sqlite'))).toBe(0o600);
      expect(mode(join(dataDir, 'ledger.sqlite-wal'))).toBe(0o600);
      for (const b of readdirSync(join(dataDir, 'backups'))) expect(mode(join(dataDir, 'backups', b)), b).toBe(0o600);
    } finally {
      await backend.close();
    }
  });

  it('a ledger and data folder left readable by an older version are made private when opened', async () => {
    const dataDir = join(tmp(), 'club');
    const first = await startBackend({ dataDir, mode: 'test' });
    await first.close();
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, 'ledger.sqlite'), 0o644);
    const again = await startBackend({ dataDir, mode: 'test' });
    try {
      expect(mode(dataDir)).toBe(0o700);
      expect(mode(join(dataDir, 'ledger.sqlite'))).toBe(0o600);
    } finally {
      await again.close();
    }
  });
});

describe('the app sets a backup’s reason, and caps the backups taken by hand', () => {
  it('a caller cannot make its backup pass for an automatic one (which the rolling retention would prune)', async () => {
    const backend = await startBackend({ dataDir: tmp(), mode: 'test' });
    try {
      const r = await backend.dispatch('backups.create', { label: 'auto-start' });
      expect(r).toMatchObject({ ok: true, value: { reason: 'manual-auto-start' } });
      // the reason field of old callers is not the app's to take: ignored
      expect(await backend.dispatch('backups.create', { reason: 'auto-daily' })).toMatchObject({ ok: true, value: { reason: 'manual' } });
      expect(
        listBackups(backend.ctx.paths.backups)
          .filter((b) => b.reason.startsWith('manual'))
          .every((b) => !isAutomaticBackup(b)),
      ).toBe(true);
    } finally {
      await backend.close();
    }
  });

  it(`refuses a ${MANUAL_BACKUPS_MAX + 1}th backup taken by hand with a clear message, writing nothing`, async () => {
    const backend = await startBackend({ dataDir: tmp(), mode: 'test' });
    try {
      const first = await backend.dispatch('backups.create', {});
      if (!first.ok) throw new Error(first.error.message);
      // the others as copies of the first, under names of their own
      const dir = backend.ctx.paths.backups;
      for (let i = 1; i < MANUAL_BACKUPS_MAX; i++)
        copyFileSync((first.value as { file: string }).file, join(dir, `ledger-20260101T000000${String(i).padStart(3, '0')}Z-manual.sqlite`));
      const before = readdirSync(dir).sort();
      const r = await backend.dispatch('backups.create', {});
      expect(r).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
      if (!r.ok) expect(r.error.message).toMatch(new RegExp(`already keeps ${MANUAL_BACKUPS_MAX} backups you took yourself`));
      expect(readdirSync(dir).sort()).toEqual(before);
    } finally {
      await backend.close();
    }
  });
});
