import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startBackend } from '../../src-main/backend/backend';
import { savedLeague, type SecretBox } from '../../src-main/backend/league-choice';
import { startBackendWorker } from '../../src-main/backend/worker/backend-worker-client';
import { runCli } from '../../src-main/cli/program';
import { createApiClient } from '../../src-shared/contract/client';
import { captureIo as io } from '../helpers/cli-io';
import { seedCampaignViaApi } from '../helpers/ledger-seed';
import { createTestDatabase, databaseWithPasswordUser, pgServer } from '../helpers/pg';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

/** A stand-in for the system's keychain (Electron's safeStorage is not available in plain Node): sealed text is not the text. */
const keychain = (): SecretBox & { sealed: string[] } => {
  const sealed: string[] = [];
  return {
    sealed,
    encrypt: async (t) => {
      const s = `sealed:${Buffer.from(t).toString('base64').split('').reverse().join('')}`;
      sealed.push(s);
      return s;
    },
    decrypt: async (s) => Buffer.from(s.slice('sealed:'.length).split('').reverse().join(''), 'base64').toString(),
  };
};

/** A league whose user logs in with a password. */
async function leagueWithPassword(): Promise<{ url: string; password: string }> {
  const password = 'tall-lantern-7';
  return { url: (await databaseWithPasswordUser(password)).url, password };
}

describe.skipIf(!pgServer)('Settings → Ledger → League database', () => {
  it('checks the league before saving it; the password is stored only sealed by the system, and the next start records to the league', async () => {
    const dir = tmp();
    const box = keychain();
    const { url, password } = await leagueWithPassword();
    const backend = await startBackend({ dataDir: dir, mode: 'test', secrets: box });
    const api = createApiClient((c, i) => backend.dispatch(c, i));
    try {
      expect(await api.call('league.choice', {})).toEqual({ url: null, passwordSaved: false, canStorePassword: true });
      await expect(api.call('league.choose', { url, password: 'not-it' })).rejects.toMatchObject({
        code: 'VALIDATION',
        message: expect.stringMatching(/password/),
      });
      expect(existsSync(join(dir, 'league.json'))).toBe(false);
      const withPw = new URL(url);
      withPw.password = password;
      await expect(api.call('league.choose', { url: withPw.toString() })).rejects.toMatchObject({ path: ['url'] });

      expect(await api.call('league.choose', { url, password })).toMatchObject({ passwordSaved: true });
      const file = readFileSync(join(dir, 'league.json'), 'utf8');
      expect(file).not.toContain(password);
      expect(file).toContain(box.sealed[0]!);
      expect(statSync(join(dir, 'league.json')).mode & 0o077).toBe(0);
      expect(await savedLeague(dir, box)).toEqual({ url, password });
    } finally {
      await backend.close();
    }

    // what the desktop app does at its next start (shell/main.ts): the saved league, its password unsealed
    const saved = (await savedLeague(dir, box))!;
    const next = await startBackend({ dataDir: dir, mode: 'test', database: saved.url, databasePassword: saved.password });
    try {
      expect(await next.dispatch('system.info', {})).toMatchObject({ ok: true, value: { ledger: 'league' } });
    } finally {
      await next.close();
    }
  });

  it('without the system’s encryption (browser mode, the CLI) no password is stored; the CLI follows the saved league; forgetting it goes back to the file', async () => {
    const dir = tmp();
    const url = await createTestDatabase();
    const backend = await startBackend({ dataDir: dir, mode: 'test' });
    const api = createApiClient((c, i) => backend.dispatch(c, i));
    try {
      expect((await api.call('league.choice', {})).canStorePassword).toBe(false);
      await expect(api.call('league.choose', { url, password: 'x' })).rejects.toMatchObject({ message: expect.stringMatching(/AOA_DATABASE_PASSWORD/) });
      expect(await api.call('league.choose', { url })).toMatchObject({ passwordSaved: false });
    } finally {
      await backend.close();
    }
    // a campaign recorded in the league by someone else: the CLI on this data folder lists it
    const league = await startBackend({ dataDir: tmp(), mode: 'test', database: url });
    const leagueApi = createApiClient((c, i) => league.dispatch(c, i));
    const { campaign } = await seedCampaignViaApi(leagueApi, (await leagueApi.call('rulesets.get', {})).version.id, ['Lea', 'Gue']);
    await league.close();
    const list = io();
    expect(await runCli(['--data-dir', dir, '--json', 'campaign', 'list'], list.io)).toBe(0);
    expect(JSON.parse(list.out.join('\n')).map((c: { id: string }) => c.id)).toEqual([campaign.id]);
    const players = io();
    expect(await runCli(['--data-dir', dir, 'backup', '--out', join(tmp(), 'b.sqlite')], players.io)).toBe(1);
    expect(players.err.join('\n')).toMatch(/league pull/);

    const again = await startBackend({ dataDir: dir, mode: 'test' });
    try {
      expect(await again.dispatch('league.choose', { url: null })).toMatchObject({ ok: true, value: { url: null } });
    } finally {
      await again.close();
    }
    expect(existsSync(join(dir, 'league.json'))).toBe(false);
  });

  it('in the desktop app the backend runs in a worker: sealing is asked of the main thread, where safeStorage lives', async () => {
    const dir = tmp();
    const box = keychain();
    const { url, password } = await leagueWithPassword();
    const w = await startBackendWorker({ dataDir: dir, mode: 'test', secrets: box });
    try {
      expect(await w.dispatch('league.choose', { url, password })).toMatchObject({ ok: true, value: { passwordSaved: true } });
      expect(box.sealed).toHaveLength(1);
      expect(readFileSync(join(dir, 'league.json'), 'utf8')).toContain(box.sealed[0]!);
    } finally {
      await w.close();
    }
  });
});
