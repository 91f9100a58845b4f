import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHANNELS } from '../../src-shared/contract';
import type { PreloadBridge } from '../../src-shared/contract/bridge';
import { INVOKE_CHANNEL } from '../../src-main/shell/ipc-names';

const preloadFile = join(process.cwd(), process.env.AOA_OUT ?? 'out', 'preload', 'index.cjs');

/**
 * The preload as built is what Electron runs in the sandboxed window, and Electron cannot start on the machines the
 * tests run on: so the bundle itself is run here, with a fake of the two Electron objects it may use.
 */
describe('the built preload (what the sandboxed window loads)', () => {
  beforeAll(() => {
    if (!existsSync(preloadFile)) expect(spawnSync('npx', ['electron-vite', 'build'], { stdio: 'ignore', timeout: 300_000 }).status).toBe(0);
  }, 320_000);

  it('requires only electron, exposes one bridge that carries every contract channel, and holds no schema', async () => {
    const code = readFileSync(preloadFile, 'utf8');
    const exposed = new Map<string, unknown>();
    const invoked: unknown[][] = [];
    const electron = {
      contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) },
      ipcRenderer: { invoke: async (...args: unknown[]) => (invoked.push(args), { ok: true, value: null }), on() {}, removeListener() {} },
    };
    const required: string[] = [];
    // a sandboxed preload has a require of a few modules only; this one needs electron alone
    const sandboxRequire = (name: string) => {
      required.push(name);
      if (name === 'electron') return electron;
      throw new Error(`a sandboxed preload cannot require ${name}`);
    };
    // and a process of a few fields (Electron's sandboxed preload has one)
    const sandboxProcess = { env: {}, platform: process.platform, versions: { ...process.versions } };
    runInNewContext(code, { require: sandboxRequire, process: sandboxProcess, module: { exports: {} }, exports: {} });

    expect(required).toEqual(['electron']);
    expect([...exposed.keys()]).toEqual(['aoa']);
    const bridge = exposed.get('aoa') as PreloadBridge;
    for (const c of CHANNELS) await bridge.invoke(c, { x: 1 });
    expect(invoked).toEqual(CHANNELS.map((c) => [INVOKE_CHANNEL, c, { x: 1 }]));
    await expect(bridge.invoke('not.a.channel', {})).rejects.toThrow(/Unknown channel/);
    expect(invoked).toHaveLength(CHANNELS.length);
    // names are checked here, inputs by the backend's parse: the contract's schemas (405 KB) stay out of the window
    expect(code.length).toBeLessThan(16_000);
  });
});
