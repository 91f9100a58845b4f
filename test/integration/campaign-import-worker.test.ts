// Issue 14: "a 100k-player import blocks every other request for 11 s". A large campaign file is parsed, checked and
// merged in the print worker with progress; the backend answers meanwhile, its own writes wait for the worker's
// transaction, and a refused file changes nothing.
import { describe, expect, it } from 'vitest';
import { WORKER_BYTES } from '../../src-main/backend/jobs/worker-rule';
import { dumpDatabase, testBackend } from '../helpers/backend';
import { bigPlayersFile } from '../helpers/big-campaign-file';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();
const PLAYERS = 30_000;

describe('importing a large campaign file', () => {
  it('runs beside the backend: progress is reported, reads and writes are answered, every row lands once', async () => {
    const { api, backend, close } = await testBackend(tmp());
    try {
      const json = bigPlayersFile(PLAYERS);
      expect(json.length).toBeGreaterThan(WORKER_BYTES);
      const order: string[] = [];
      const importing = api.call('campaigns.import', { json }).then((r) => {
        order.push('import');
        return r;
      });
      const seen: { phase: string; done: number; total: number }[] = [];
      // wait until the worker is merging rows, then ask the backend for other things
      for (let i = 0; i < 1000 && order.length === 0 && !seen.some((p) => p.phase === 'writing' && p.done > 0); i++) {
        seen.push(...(await api.call('campaigns.importProgress', {})));
        await new Promise((r) => setTimeout(r, 5));
      }
      expect(order).toEqual([]);
      // asked while the import was under way: answered, not queued behind it
      const read = api.call('settings.get', {}).then(() => order.push('read'));
      const write = api.call('settings.update', { clubName: 'Ashford' }).then(() => order.push('write'));
      const counts = await importing;
      await Promise.all([read, write]);
      expect(counts.playersAdded).toBe(PLAYERS);
      expect(seen.some((p) => p.phase === 'checking')).toBe(true);
      expect(seen.some((p) => p.phase === 'writing' && p.total === PLAYERS)).toBe(true);
      // the read was answered while the worker wrote; the write waited for the worker's transaction, then landed
      expect(order).toEqual(['read', 'import', 'write']);
      expect((await api.call('settings.get', {})).clubName).toBe('Ashford');
      const n = backend.ctx.sqlite.prepare("select count(*) as n from players where id like 'big-%'").get() as { n: number };
      expect(n.n).toBe(PLAYERS);
      expect(await api.call('campaigns.importProgress', {})).toEqual([]);
      // importing it again adds nothing
      expect((await api.call('campaigns.import', { json })).playersAdded).toBe(0);
    } finally {
      await close();
    }
  });

  it('a large file with one bad row is refused naming the row, and the ledger is unchanged', async () => {
    const { backend, close } = await testBackend(tmp());
    try {
      await backend.dispatch('players.create', { name: 'Already here' });
      const before = dumpDatabase(backend.ctx.sqlite);
      const r = await backend.dispatch('campaigns.import', { json: bigPlayersFile(PLAYERS, { badAt: 12_345 }) });
      expect(r).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
      expect(JSON.stringify(r)).toContain('12345');
      expect(dumpDatabase(backend.ctx.sqlite)).toEqual(before);
    } finally {
      await close();
    }
  });
});
