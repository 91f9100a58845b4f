import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain-Node script of the repository, without types
import { whyBuild } from '../../scripts/build-if-stale.mjs';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

describe('npm start builds only a missing or stale build', () => {
  const OUTPUTS = ['main/index.js', 'main/server.js', 'main/cli.js', 'preload/index.cjs', 'renderer/index.html'];
  /** A repository of two sources and a build, the sources written at `sourceAt` and the build at `builtAt` (seconds). */
  const repo = (sourceAt: number, builtAt: number) => {
    const root = tmp();
    const put = (file: string, at: number) => {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), 'x');
      utimesSync(join(root, file), at, at);
    };
    put('src-main/backend/a.ts', sourceAt);
    put('docs/guide/evening.md', sourceAt);
    for (const f of OUTPUTS) put(`out/${f}`, builtAt);
    return { root, put };
  };

  it('builds when a file of the build is missing, and not when the build is newer than every source', () => {
    const { root } = repo(1_000, 2_000);
    expect(whyBuild(root, 'out')).toBeNull();
    rmSync(join(root, 'out/main/server.js'));
    expect(whyBuild(root, 'out')).toBe('out/main/server.js is missing');
    expect(whyBuild(root, 'out-elsewhere')).toBe('out-elsewhere/main/index.js is missing');
  });

  it('builds again when a source, a guide or the installed packages changed after the oldest file of the build', () => {
    for (const changed of ['src-shared/battle/new-rule.ts', 'docs/guide/evening.md', 'node_modules/.package-lock.json', 'electron.vite.config.ts']) {
      const { root, put } = repo(1_000, 2_000);
      put(changed, 2_500);
      expect(whyBuild(root, 'out'), changed).toBe('a source changed since the last build');
    }
    // one file of the build older than a source is enough: a build that stopped halfway is built again
    const { root, put } = repo(1_000, 2_000);
    put('out/renderer/index.html', 500);
    expect(whyBuild(root, 'out')).toBe('a source changed since the last build');
  });
});

describe('npm start where Electron cannot start', () => {
  it('says why in one line and serves the app in browser mode, printing the address', async () => {
    const dir = tmp();
    // npm test has just built out/, and npm start then starts from it; a build out/ lacks is made in a folder of this
    // test's own, as the e2e specs beside it are served from out/
    const upToDate = whyBuild(process.cwd(), 'out') === null;
    const buildDir = upToDate ? 'out' : `out-start-test-${process.pid}`;
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
      // the build is made only when out of date, and the start says which it was
      expect(out).toMatch(upToDate ? /^The build in out\/ is up to date\.$/m : /^Building the app \(out-start-test-\d+\/main\/index\.js is missing\)/m);
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
      if (!upToDate) rmSync(buildDir, { recursive: true, force: true });
    }
    // the server went with it: the data folder's lock is free again and the address answers no more
    const { existsSync } = await import('node:fs');
    await new Promise((r) => setTimeout(r, 500));
    expect(existsSync(`${dir}/ledger.lock`)).toBe(false);
  }, 180_000);
});
