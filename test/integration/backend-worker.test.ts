import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startBackendWorker } from '../../src-main/backend/worker/backend-worker-client';
import { startBackend } from '../../src-main/backend/backend';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

describe('the backend in a worker thread (how the Electron shell runs it)', () => {
  it('answers through the same dispatcher, typed errors included, and keeps the data', async () => {
    const dir = tmp();
    const w = await startBackendWorker({ dataDir: dir, mode: 'test' });
    expect(await w.dispatch('settings.update', { clubName: 'Ashford' })).toMatchObject({ ok: true, value: { clubName: 'Ashford' } });
    expect(await w.dispatch('settings.update', { paperSize: 'A3' })).toMatchObject({ ok: false, error: { code: 'VALIDATION', path: ['paperSize'] } });
    expect(await w.dispatch('no.such.channel', {})).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    // many calls at once all come back to their own caller
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => w.dispatch('players.create', { name: `Player ${i}` })));
    expect(replies.map((r) => (r.ok ? (r.value as { name: string }).name : 'error'))).toEqual(Array.from({ length: 20 }, (_, i) => `Player ${i}`));
    await w.close();
    // the ledger the worker wrote is the one a later start reads
    const again = await startBackend({ dataDir: dir, mode: 'test' });
    expect(await again.dispatch('settings.get', {})).toMatchObject({ ok: true, value: { clubName: 'Ashford' } });
    await again.close();
  });

  it('reports a start-up failure as the typed error it was (a damaged ledger)', async () => {
    const dir = tmp();
    writeFileSync(join(dir, 'ledger.sqlite'), 'not a database '.repeat(400));
    await expect(startBackendWorker({ dataDir: dir, mode: 'electron', autoBackup: false })).rejects.toMatchObject({ code: 'DB_CORRUPT' });
  });
});
