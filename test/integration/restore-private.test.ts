import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startBackend } from '../../src-main/backend/backend';
import { captureIo, cliOn } from '../helpers/cli-io';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();
const mode = (p: string) => statSync(p).mode & 0o777;

/** The data folder 0700, the ledger, its WAL and every backup 0600: what issue 14 promised, after a restore too. */
function expectPrivate(dataDir: string): void {
  expect(mode(dataDir), 'data folder').toBe(0o700);
  expect(mode(join(dataDir, 'backups')), 'backups folder').toBe(0o700);
  for (const f of ['ledger.sqlite', 'ledger.sqlite-wal', 'ledger.sqlite-shm']) if (existsSync(join(dataDir, f))) expect(mode(join(dataDir, f)), f).toBe(0o600);
  for (const b of readdirSync(join(dataDir, 'backups'))) expect(mode(join(dataDir, 'backups', b)), b).toBe(0o600);
}

describe.runIf(process.platform !== 'win32')('a restore leaves the club’s files private (issue 33)', () => {
  it('restore from the command line: ledger 0600 at once, not only after the next start', async () => {
    // the umask every desktop session has: files made without a mode are 0644
    const before = process.umask(0o022);
    try {
      const dataDir = join(tmp(), 'club');
      const cli = cliOn(dataDir);
      const copy = join(tmp(), 'copy.sqlite');
      expect(await cli(['backup', '--out', copy], captureIo().io)).toBe(0);
      const r = captureIo();
      expect(await cli(['restore', copy], r.io), r.err.join('\n')).toBe(0);
      expect(r.out.join('\n')).toMatch(/previous ledger was kept/);
      expect(existsSync(join(dataDir, 'ledger.sqlite'))).toBe(true);
      expectPrivate(dataDir);
    } finally {
      process.umask(before);
    }
  });

  it('restore from the app: the swapped-in ledger, its WAL and the backups stay private', async () => {
    const before = process.umask(0o022);
    const dataDir = join(tmp(), 'club');
    const backend = await startBackend({ dataDir, mode: 'test' });
    try {
      const made = await backend.dispatch('backups.create', {});
      expect(made).toMatchObject({ ok: true });
      const file = (made as { value: { file: string } }).value.file.split('/').pop()!;
      const restored = await backend.dispatch('backups.restore', { file });
      expect(restored, JSON.stringify(restored)).toMatchObject({ ok: true });
      await backend.dispatch('settings.update', { clubName: 'Ashford' });
      expectPrivate(dataDir);
    } finally {
      await backend.close();
      process.umask(before);
    }
  });
});
