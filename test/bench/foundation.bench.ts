// Foundation figures: how fast the renderer becomes usable in Chromium, and
// what one request through the typed contract costs (in process and over
// browser mode's loopback HTTP), each against the plainest way to do the same.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../helpers/chromium';
import { startBackend, type Backend } from '../../src-main/backend/backend';
import { readSettings } from '../../src-main/backend/db/tables/meta.table';
import type { BenchCase } from './types';

const ROOT = new URL('../../', import.meta.url).pathname;
const OUT = process.env.AOA_OUT ?? 'out';

export interface Served {
  url: string;
  origin: string;
  token: string;
  proc: ChildProcess;
  dir: string;
}

/** Browser mode on a temporary data folder, as `npm run serve` starts it (with `extraArgs`, e.g. club night's). */
export async function serve(extraArgs: string[] = []): Promise<Served> {
  if (!existsSync(join(ROOT, OUT, 'renderer', 'index.html')))
    throw new Error(`The renderer is not built in ${OUT}/: run \`AOA_OUT=${OUT} npx electron-vite build\` first.`);
  const dir = mkdtempSync(join(tmpdir(), 'aoa-bench-'));
  const urlFile = join(dir, 'url.txt');
  const token = 'bench' + Math.random().toString(36).slice(2);
  const proc = spawn(
    process.execPath,
    ['node_modules/tsx/dist/cli.mjs', 'src-main/server/main.ts', '--data-dir', join(dir, 'data'), '--port', '0', '--url-file', urlFile, ...extraArgs],
    {
      cwd: ROOT,
      env: { ...process.env, AOA_TOKEN: token, AOA_OUT: OUT },
      stdio: 'ignore',
    },
  );
  for (let i = 0; i < 300 && !existsSync(urlFile); i++) await new Promise((r) => setTimeout(r, 50));
  if (!existsSync(urlFile)) {
    proc.kill('SIGKILL');
    throw new Error('browser mode did not start within 15 s');
  }
  await new Promise((r) => setTimeout(r, 50)); // the file is written in one call; let it land
  const url = readFileSync(urlFile, 'utf8').trim();
  return { url, origin: new URL(url).origin, token, proc, dir };
}

export async function stop(s: Served): Promise<void> {
  const gone = new Promise((r) => s.proc.once('exit', r));
  s.proc.kill('SIGTERM');
  await gone;
  rmSync(s.dir, { recursive: true, force: true });
}

interface RendererCtx {
  served: Served;
  browser: Browser;
}

const rendererStart: BenchCase<RendererCtx> = {
  name: 'renderer start in Chromium: navigation to interactive (Sections navigation usable)',
  targetMs: 1500,
  bound: "Chromium's navigation, the first chunk's evaluation and React with Mantine drawing the shell and Home on a cold engine",
  // issue 13: at most twice a bare page (sections load on demand)
  maxRatio: 2,
  iterations: 8,
  async setup() {
    const served = await serve();
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    return { served, browser };
  },
  async teardown(ctx) {
    await ctx.browser.close();
    await stop(ctx.served);
  },
  async fn({ browser, served }) {
    // a fresh context each time: no cache, no cookie, as at a cold launch of the window
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(served.url);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings', exact: true }).waitFor({ state: 'visible' });
    // interactive: the home screen's heading is drawn, which needs the first backend answers (settings)
    await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible' });
    await context.close();
  },
  baseline: {
    name: 'a bare HTML page with the same landmark, in a fresh context',
    async fn({ browser }) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.setContent('<nav aria-label="Sections"><a href="#/settings">Settings</a></nav>');
      await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings', exact: true }).waitFor({ state: 'visible' });
      await context.close();
    },
  },
};

const ipcInProcess: BenchCase<{ backend: Backend; dir: string }> = {
  name: 'IPC round trip in process: settings.get through the dispatcher (parse, handler, parse)',
  targetMs: 2,
  bound: 'zod parsing the request and the reply around one SQLite read',
  async setup() {
    const dir = mkdtempSync(join(tmpdir(), 'aoa-bench-'));
    return { backend: await startBackend({ dataDir: dir, mode: 'test' }), dir };
  },
  async teardown(ctx) {
    await ctx.backend.close();
    rmSync(ctx.dir, { recursive: true, force: true });
  },
  fn: ({ backend }) => backend.dispatch('settings.get', {}),
  baseline: { name: 'the bare Kysely read of the settings', fn: ({ backend }) => readSettings(backend.ctx.db) },
};

const ipcHttp: BenchCase<Served> = {
  name: 'IPC round trip over browser mode: settings.get by HTTP on loopback, token checked',
  targetMs: 10,
  bound: "Node's HTTP on loopback and JSON, a little more than the server refusing the call",
  setup: () => serve(),
  teardown: stop,
  async fn(s) {
    const r = await fetch(`${s.origin}/api/invoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-aoa-token': s.token },
      body: JSON.stringify({ channel: 'settings.get', input: {} }),
    });
    if (!((await r.json()) as { ok: boolean }).ok) throw new Error('settings.get refused');
  },
  baseline: {
    name: 'the same server refusing a call without the token (HTTP and JSON only)',
    async fn(s) {
      const r = await fetch(`${s.origin}/api/invoke`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      await r.json();
    },
  },
};

export const benches = [rendererStart, ipcInProcess, ipcHttp] as BenchCase<unknown>[];
