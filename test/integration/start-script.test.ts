import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

describe('npm start where Electron cannot start', () => {
  it('says why in one line and serves the app in browser mode, printing the address', async () => {
    const dir = tmp();
    // its own build folder: npm test runs the e2e specs beside this file, served from out/
    const buildDir = `out-start-test-${process.pid}`;
    const child = spawn(process.execPath, ['scripts/start.mjs', '--data-dir', dir], {
      env: { ...process.env, DISPLAY: '', WAYLAND_DISPLAY: '', AOA_OUT: buildDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += String(d)));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no address printed:\n${out}`)), 120_000);
        child.stdout.on('data', () => {
          const m = /Open (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]!);
          }
        });
        child.on('exit', (code) => reject(new Error(`exited ${code}:\n${out}`)));
      });
      const lines = out.split('\n').filter((l) => l.startsWith('Electron cannot start here'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/starting browser mode instead/);
      const res = await fetch(url, { redirect: 'manual' });
      expect(res.status).toBe(303);
      const page = await fetch(new URL('/', url), { headers: { cookie: String(res.headers.get('set-cookie')).split(';')[0]! } });
      expect(await page.text()).toContain('<div id="root"></div>');
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(buildDir, { recursive: true, force: true });
    }
    // the server went with it: the data folder's lock is free again and the address answers no more
    const { existsSync } = await import('node:fs');
    await new Promise((r) => setTimeout(r, 500));
    expect(existsSync(`${dir}/ledger.lock`)).toBe(false);
  }, 180_000);
});
