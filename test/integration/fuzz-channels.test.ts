import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend } from '../../src-main/backend/backend';
import { ledgerPaths } from '../../src-main/backend/paths';
import { CHANNELS } from '../../src-shared/contract';
import { withBackend } from '../helpers/backend';
import { fuzzChannel } from '../helpers/fuzz-channels';
import { FUZZ_RUNS } from '../helpers/fuzz';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

// A new ledger made once (migrated, the bundled pack in it, closed cleanly) and copied into each channel's own data
// folder: every channel still starts on a ledger of its own, without running every migration again for each one
let template: string;
beforeAll(async () => {
  template = mkdtempSync(join(tmpdir(), 'aoa-test-'));
  await (await startBackend({ dataDir: template, mode: 'test' })).close();
});
afterAll(() => rmSync(template, { recursive: true, force: true }));
const newLedgerDir = () => {
  const dir = tmp();
  copyFileSync(ledgerPaths(template).database, ledgerPaths(dir).database);
  return dir;
};

/**
 * Every channel in the contract, found at run time: a channel added by any
 * domain is fuzzed from the day it is listed, with no change here.
 */
describe('hostile input on every IPC channel', () => {
  it.each(CHANNELS)('%s answers typed errors or valid results, and refusals change nothing', { timeout: 120_000 }, (channel) =>
    withBackend(newLedgerDir(), async ({ backend }) => {
      await fuzzChannel(backend, channel, FUZZ_RUNS);
      expect(await backend.dispatch('db.check', {})).toMatchObject({ ok: true, value: { ok: true } });
    }),
  );

  it('an unknown channel name, hostile or not, is NOT_FOUND', () =>
    withBackend(tmp(), async ({ backend }) => {
      for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', '', 'settings.get ', 'SETTINGS.GET', 42, null, { channel: 'x' }]) {
        expect(await backend.dispatch(name, {})).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
      }
    }));

  it('a polluting key in a request does not reach Object.prototype', () =>
    withBackend(tmp(), async ({ backend }) => {
      await backend.dispatch('settings.update', JSON.parse('{"__proto__": {"polluted": 1}, "clubName": "x"}'));
      await backend.dispatch('settings.update', JSON.parse('{"constructor": {"prototype": {"polluted": 1}}}'));
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }));
});

describe('the fuzz property itself', () => {
  it('fails for a channel that writes and then refuses, for one that crashes, and for a declared read that writes', async () => {
    const backend = await startBackend({ dataDir: tmp(), mode: 'test' });
    const dispatch = backend.dispatch;
    try {
      backend.dispatch = async () => {
        backend.ctx.sqlite.prepare("insert into settings (key, value_json) values (?, '1') on conflict do nothing").run(String(Math.random()));
        return { ok: false, error: { code: 'VALIDATION', message: 'refused after writing' } };
      };
      await expect(fuzzChannel(backend, 'settings.update', 5, 1)).rejects.toThrow(/changed the ledger/);
      backend.dispatch = async () => ({ ok: false, error: { code: 'INTERNAL', message: 'boom' } });
      await expect(fuzzChannel(backend, 'settings.get', 5, 1)).rejects.toThrow(/crashed: boom/);
      // a request that writes while its contract entry declares only reads
      backend.dispatch = async () => {
        backend.ctx.sqlite.prepare("insert into settings (key, value_json) values (?, '1') on conflict do nothing").run(String(Math.random()));
        return { ok: true, value: {} };
      };
      await expect(fuzzChannel(backend, 'settings.get', 5, 1)).rejects.toThrow(/declares no written domain/);
    } finally {
      backend.dispatch = dispatch;
      await backend.close();
    }
  });
});
