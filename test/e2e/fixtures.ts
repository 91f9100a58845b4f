import AxeBuilder from '@axe-core/playwright';
import { test as base, errors as playwrightErrors, expect, type Download, type Locator, type Page, type PageScreenshotOptions } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import pg from 'pg';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { createApiClient, type ApiClient } from '../../src-shared/contract/client';

/** The per-launch token every browser-mode server of this run is started with. */
const TOKEN = process.env.AOA_E2E_TOKEN!;

/**
 * Each spec file gets its own browser-mode server on a fresh data folder, so
 * no spec sees what another left behind ("from an empty Builder" means empty).
 * The server is the real one (`src-main/server/main.ts`, built as
 * `$AOA_OUT/main/server.js`) serving the build in `$AOA_OUT/renderer`; it is started when a file's first test runs and stopped
 * when the next file starts or the worker ends.
 */
interface FileServer {
  /** The spec file and the project it runs in ("sqlite" or "postgres"). */
  file: string;
  proc: ChildProcess;
  baseURL: string;
  dataDir: string;
}
let current: FileServer | null = null;

/** Stops the spec file's server and removes its data folder (it may live in memory: test/helpers/test-tmp.ts). */
async function stop(): Promise<void> {
  const s = current;
  current = null;
  if (!s) return;
  if (s.proc.exitCode === null)
    await new Promise<void>((resolve) => {
      s.proc.once('exit', () => resolve());
      s.proc.kill('SIGTERM');
      setTimeout(() => s.proc.kill('SIGKILL'), 5_000).unref();
    });
  rmSync(s.dataDir, { recursive: true, force: true });
}
process.on('exit', () => {
  if (!current) return;
  current.proc.kill('SIGKILL');
  rmSync(current.dataDir, { recursive: true, force: true });
});

/** A new database in the run's PostgreSQL cluster (pg-setup.ts), for one spec file of the "postgres" project. */
async function leagueDatabase(): Promise<string> {
  const admin = process.env.AOA_E2E_PG_ADMIN_URL!;
  const name = `aoa_e2e_${randomBytes(6).toString('hex')}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  try {
    await c.query(`create database ${name}`);
  } finally {
    await c.end();
  }
  return admin.replace(/\/[^/]*$/, `/${name}`);
}

async function serverFor(file: string, dialect: string): Promise<FileServer> {
  const key = `${dialect}:${file}`;
  if (current?.file === key && current.proc.exitCode === null) return current;
  await stop();
  const dataDir = mkdtempSync(join(tmpdir(), `aoa-e2e-${basename(file, '.spec.ts')}-`));
  const league = dialect === 'postgres' ? ['--database', await leagueDatabase()] : [];
  // the server as `npm run serve` runs it: built beside the main bundle, started by plain Node
  const server = join(process.env.AOA_OUT ?? 'out', 'main', 'server.js');
  const proc = spawn(process.execPath, [server, '--data-dir', dataDir, '--port', '0', ...league], {
    env: { ...process.env, AOA_TOKEN: TOKEN },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseURL = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`browser mode did not start:\n${out}`)), 60_000);
    proc.stdout!.on('data', (d) => {
      out += String(d);
      const m = /Open (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    proc.once('exit', (code) => reject(new Error(`browser mode exited (${code}):\n${out}`)));
  });
  current = { file: key, proc, baseURL, dataDir };
  return current;
}

/** The data folder of the current spec file's server. */
export function dataDir(): string {
  if (!current) throw new Error('no browser-mode server is running yet');
  return current.dataDir;
}

/**
 * A phone as Chromium emulates one: 390×844 CSS pixels, a touch screen, the mobile viewport, reduced motion. Its screen
 * is drawn at a phone's 3× only when the screenshots are asked for (AOA_E2E_SCREENSHOTS): every check here reads CSS
 * pixels, which are the same at 1×, and nine times the pixels to paint was a sixth of the phone specs' Chromium CPU.
 */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: process.env.AOA_E2E_SCREENSHOTS ? 3 : 1,
  isMobile: true,
  hasTouch: true,
  reducedMotion: 'reduce',
} as const;

/** Opens the app the way a user does: through the tokenised address browser mode prints. */
export async function openApp(page: Page, hash = '/'): Promise<void> {
  // the server swaps the token for a cookie and redirects to "/"; the browser keeps the fragment across the redirect,
  // so the app starts on the screen asked for (one load, where Home was drawn first and left)
  await page.goto(hash === '/' ? `/?token=${TOKEN}` : `/?token=${TOKEN}#${hash}`);
  if (hash !== '/') expect(new URL(page.url()).hash).toBe(`#${hash}`);
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
}

/** Picks `option` (the first that matches) in the combobox labelled `label`. */
export async function choose(page: Page, label: string, option: RegExp | string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Calls the backend as the renderer does, to seed what a test does not click. */
export async function call<T = unknown>(page: Page, channel: string, input: unknown): Promise<T> {
  const res = await page.request.post('/api/invoke', { data: { channel, input }, headers: { 'X-AoA-Token': TOKEN } });
  const reply = (await res.json()) as { ok: boolean; value?: T; error?: { message: string } };
  if (!reply.ok) throw new Error(`${channel}: ${reply.error?.message}`);
  return reply.value as T;
}

/** The typed client over the same route, for the seeding helpers in test/helpers that take an ApiClient. */
export function pageApi(page: Page): ApiClient {
  return createApiClient(async (channel, input) =>
    (await page.request.post('/api/invoke', { data: { channel, input }, headers: { 'X-AoA-Token': TOKEN } })).json(),
  );
}

/**
 * Axe's findings in a part of the page (the whole page without `include`), as readable lines: rule, impact, help,
 * and each element with why it fails. Serious and critical ones, or every impact with `every`; every rule runs
 * either way. Only the violations are gathered in full (axe's resultTypes): the passing elements, which no check
 * here reads, were a good part of each scan's time. Axe runs in the page itself (its "legacy" mode: `axe.run`, same-origin
 * frames only) rather than in each frame and then again in a blank page it opens to merge the frames' results: the
 * app has no cross-origin frame to reach (its CSP allows only its own blob: previews), and the blank page with its
 * second copy of axe was more than half of every scan.
 */
export async function axeFindings(page: Page, include?: string, opts: { exclude?: string; every?: boolean } = {}): Promise<string[]> {
  // colours are read once every transition has ended (a modal fades in over 200 ms), not after a fixed sleep
  await settled(page);
  // axe-core is put into a page once, not twice a scan: a frame that has it already would only run its 500 kB again
  // (a scan of the Armoury took 0.83 s of Chromium's CPU with it, 0.58 s without; a run makes over a hundred scans);
  // a frame without it gets the whole source
  const everyFrameHasAxe = (await Promise.all(page.frames().map((f) => f.evaluate('typeof window.axe === "object"').catch(() => false)))).every(Boolean);
  const axe = new AxeBuilder({ page, axeSource: everyFrameHasAxe ? ';' : undefined }).setLegacyMode().options({ resultTypes: ['violations'] });
  if (include) axe.include(include);
  if (opts.exclude) axe.exclude(opts.exclude);
  const { violations } = await axe.analyze();
  return violations
    .filter((v) => opts.every || v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`.replace(/\s+/g, ' ').slice(0, 600)).join(' | ')}`,
    );
}

/**
 * Waits until the page has painted what it last rendered and every finite animation and transition on it has ended
 * (a modal's fade, a drawer's slide): what a screenshot or a colour check then reads is what stays on screen. A
 * spinner's endless animation is not waited for.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/**
 * A timing test's own wait: a span of time the test is about (a second tap 700 ms after the first, taps further apart
 * than a double tap, time in which a step that must not happen would have happened), named in the report. Everywhere
 * else a spec waits on what the page shows (test/unit/e2e-waits.test.ts holds every spec to it).
 */
export async function elapse(page: Page, ms: number, why: string): Promise<void> {
  await test.step(`wait ${Math.round(ms)} ms: ${why}`, () => page.waitForTimeout(ms));
}

/**
 * Makes the first request to `channel` slow, as on a busy machine or over a distant league database: held `ms`
 * before it reaches the backend (`hold: 'request'`), or answered at once with its answer held (`hold: 'answer'`).
 * `seen()` says whether it has been sent; `done` resolves once it has gone on.
 */
export async function slowFirst(page: Page, channel: string, opts: { ms: number; hold: 'request' | 'answer' }) {
  let seen = false;
  let release!: () => void;
  const done = new Promise<void>((r) => (release = r));
  await page.route('**/api/invoke', async (route) => {
    // every other request goes on to the next handler (AOA_E2E_LATENCY_MS's, when set)
    if (seen || !route.request().postData()?.includes(`"${channel}"`)) return route.fallback();
    seen = true;
    const response = opts.hold === 'answer' ? await route.fetch() : null;
    await new Promise((r) => setTimeout(r, opts.ms));
    await (response ? route.fulfill({ response }) : route.continue());
    release();
  });
  return { seen: () => seen, done };
}

/**
 * Chromium's headless shell has no PDF viewer: a preview's frame hands its PDF over as a download of its own, named after
 * the blob's address. The downloads a test waits for are the ones Save PDF makes: `page.waitForEvent('download', savedNotShown)`.
 */
export const savedNotShown = (d: Download) => !/^[0-9a-f-]{36}(\.pdf)?$/.test(d.suggestedFilename());

/** Collects uncaught page errors so a test can assert that none happened. */
export const test = base.extend<{ pageErrors: Error[] }, { stopServers: void }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies as a destructured object
  baseURL: async ({}, use, testInfo) => {
    const dialect = String(testInfo.project.metadata?.dialect ?? 'sqlite');
    if (dialect === 'postgres' && !process.env.AOA_E2E_PG_ADMIN_URL) testInfo.skip(true, 'PostgreSQL is not installed (apt-get install postgresql)');
    await use((await serverFor(testInfo.file, dialect)).baseURL);
  },
  // AOA_E2E_LATENCY_MS=N: every request to the backend waits 0–N ms, as on a slow or busy machine, to find what
  // depends on answers coming back in the order asked (a write overtaking another, a late answer shown)
  page: async ({ page }, use) => {
    const latency = Number(process.env.AOA_E2E_LATENCY_MS ?? 0);
    if (latency > 0)
      await page.route('**/api/invoke', async (route) => {
        await new Promise((r) => setTimeout(r, Math.random() * latency));
        await route.continue();
      });
    await use(page);
  },
  pageErrors: async ({ page }, use) => {
    const errors: Error[] = [];
    page.on('pageerror', (e) => errors.push(e));
    await use(errors);
  },
  stopServers: [
    // eslint-disable-next-line no-empty-pattern -- as above
    async ({}, use) => {
      await use();
      await stop();
    },
    { scope: 'worker', auto: true },
  ],
});

export { expect };

/**
 * A screenshot for test/artifacts, to look at: taken when `AOA_E2E_SCREENSHOTS=1` asks for them (a failing test gets
 * Playwright's own either way). No check reads these pictures, and in `npm test` they were CPU taken from the suite's
 * two cores (a phone's full page at 3× is some 200 ms of Chromium's). On a loaded machine Chromium's capture can stall
 * after the fonts are ready, no frame ever coming: each attempt is given 10 s, and a stalled one is tried once more
 * before the test fails. `what` is the page or one part of it.
 */
export async function screenshot(what: Page | Locator, opts: PageScreenshotOptions): Promise<void> {
  if (process.env.AOA_E2E_SCREENSHOTS) await capture(what, opts);
}

/** A screenshot taken whether asked for or not: the page where a check found something, to see what it found. */
export async function capture(what: Page | Locator, opts: PageScreenshotOptions): Promise<void> {
  const take = () => what.screenshot({ timeout: 10_000, ...opts });
  try {
    await take();
  } catch (e) {
    if (!(e instanceof playwrightErrors.TimeoutError)) throw e;
    await take();
  }
}
