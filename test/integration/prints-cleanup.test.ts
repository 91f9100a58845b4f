import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startBackend } from '../../src-main/backend/backend';
import { cleanOldPrints } from '../../src-main/backend/maintenance/prints-cleanup';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();
const DAY = 24 * 60 * 60 * 1000;

function aged(path: string, ageMs: number) {
  const t = new Date(Date.now() - ageMs);
  utimesSync(path, t, t);
}

describe('the prints folder is cleaned of files older than a day at start', () => {
  it('a start removes old batch files and left-over staging folders, and keeps what is recent', async () => {
    const dataDir = tmp();
    const prints = join(dataDir, 'prints');
    mkdirSync(join(prints, '.aoa-batch-old.partial'), { recursive: true });
    writeFileSync(join(prints, 'last-week.pdf'), 'x');
    writeFileSync(join(prints, 'this-morning.pdf'), 'x');
    aged(join(prints, 'last-week.pdf'), 7 * DAY);
    aged(join(prints, '.aoa-batch-old.partial'), 2 * DAY);
    aged(join(prints, 'this-morning.pdf'), 3 * 60 * 60 * 1000);
    const backend = await startBackend({ dataDir, mode: 'test' });
    try {
      expect(readdirSync(prints)).toEqual(['this-morning.pdf']);
    } finally {
      await backend.close();
    }
  });

  it('keeps a file just under a day old, and a missing folder is nothing to clean', () => {
    const dir = tmp();
    writeFileSync(join(dir, 'a.pdf'), 'x');
    const now = Date.now();
    utimesSync(join(dir, 'a.pdf'), new Date(now - DAY + 5000), new Date(now - DAY + 5000));
    expect(cleanOldPrints(dir, now)).toEqual([]);
    expect(cleanOldPrints(dir, now + 10_000)).toEqual(['a.pdf']);
    expect(cleanOldPrints(join(dir, 'nope'))).toEqual([]);
  });
});

describe('left-over files of a killed process are cleaned at start (issue 14)', () => {
  it('half-written backup and restore copies and orphaned WAL files go; the ledger, its WAL and every backup stay', async () => {
    const dataDir = tmp();
    const first = await startBackend({ dataDir, mode: 'test' });
    await first.dispatch('settings.update', { clubName: 'Ashford' });
    const made = await first.dispatch('backups.create', {});
    await first.close();
    if (!made.ok) throw new Error(made.error.message);
    const backups = join(dataDir, 'backups');
    writeFileSync(join(backups, 'ledger-20260101T000000000Z-manual.sqlite.partial'), 'half');
    writeFileSync(join(dataDir, 'ledger.sqlite.restoring'), 'half');
    writeFileSync(join(backups, 'ledger-19990101T000000000Z-gone.sqlite-wal'), 'orphan');
    writeFileSync(join(backups, 'ledger-19990101T000000000Z-gone.sqlite-shm'), 'orphan');
    const again = await startBackend({ dataDir, mode: 'test' });
    try {
      expect(readdirSync(backups).filter((n) => /partial|-wal|-shm/.test(n))).toEqual([]);
      expect(readdirSync(dataDir)).not.toContain('ledger.sqlite.restoring');
      expect(readdirSync(dataDir)).toContain('ledger.sqlite');
      expect(readdirSync(dataDir)).toContain('ledger.sqlite-wal');
      expect(readdirSync(backups)).toContain(basename((made.value as { file: string }).file));
      expect(await again.dispatch('settings.get', {})).toMatchObject({ ok: true, value: { clubName: 'Ashford' } });
    } finally {
      await again.close();
    }
  });
});
