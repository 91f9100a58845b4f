// Club night (issue 35): a phone's first screen loads the table's code, not the Builder's, Armoury's or Reports'.
// Figure: the JavaScript and CSS a table link loads before its page is usable, as a ratio to what the organiser's
// window loads before its first screen is (target ≤ ×0.4), each in a fresh Chromium context on the built renderer.
// The timed figure is the phone's load against the desktop's; the bytes are the target (BenchCase.missed).
import { chromium, type Browser, type Page } from 'playwright-core';
import { createWireClient } from '../../src-shared/contract/wire-client';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../helpers/chromium';
import { playSetup, twoMinimalArmies } from '../helpers/battle-seed';
import { serve, stop, type Served } from './foundation.bench';
import type { BenchCase } from './types';

const LAN = '127.0.0.2';
const MAX_BYTES_RATIO = 0.4;

interface Ctx {
  served: Served;
  browser: Browser;
  link: string;
  bytes: { phone: number; desktop: number; desktopPlay: number; bareReact: number };
}

/**
 * The floor under any React page, for scale: React and React DOM rendering one paragraph, bundled and minified as the
 * renderer is (the design card fixes React). Whatever a table link loads besides its own code starts from this.
 */
async function bareReactBytes(): Promise<number> {
  const { build } = await import('esbuild');
  const out = await build({
    stdin: {
      contents:
        "import { createElement } from 'react'; import { createRoot } from 'react-dom/client'; createRoot(document.getElementById('root')).render(createElement('p', null, 'Round 1 of 5'));",
      resolveDir: process.cwd(),
      loader: 'js',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.contents.length;
}

/** Loads `url` in a fresh context, counting the JS and CSS bytes it fetches until `usable` is visible. */
async function firstLoad(browser: Browser, url: string, usable: (page: Page) => Promise<void>, mobile: boolean): Promise<number> {
  const context = await browser.newContext(mobile ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {});
  const page = await context.newPage();
  const sizes: Promise<number>[] = [];
  page.on('response', (r) => {
    const type = r.request().resourceType();
    if (type === 'script' || type === 'stylesheet')
      sizes.push(
        r.body().then(
          (b) => b.length,
          () => 0,
        ),
      );
  });
  await page.goto(url);
  await usable(page);
  const total = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
  await context.close();
  return total;
}

const desktopUsable = async (page: Page) => {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings', exact: true }).waitFor({ state: 'visible' });
  await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible' });
};
// a table at round 1: the phone shows where the battle stands and the first thing to record
const phoneUsable = async (page: Page) => {
  await page.getByRole('status', { name: 'Where the battle stands' }).waitFor({ state: 'visible' });
};

export const benches: BenchCase<Ctx>[] = [
  {
    name: 'club night phone: a table link’s first screen (JS and CSS loaded before usable, against the desktop’s)',
    targetMs: 3_000,
    iterations: 5,
    async setup() {
      const served = await serve(['--club-night', '--lan-address', LAN]);
      const api = createWireClient(async (channel, input) => {
        const r = await fetch(`${served.origin}/api/invoke`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-aoa-token': served.token },
          body: JSON.stringify({ channel, input }),
        });
        return r.json();
      });
      const { pack } = await api.call('rulesets.get', {});
      const rosters = await twoMinimalArmies(api, pack, ['Ana', 'Bo']);
      const battle = await playSetup(
        api,
        await api.call('battles.start', { mode: 'standalone', rosterIds: [rosters[0]!.id, rosters[1]!.id], mission: 1 }),
        pack,
      );
      const { url: link } = await api.call('clubNight.createTableLink', { battleId: battle.id, hours: 6 });
      const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
      // for scale, once: the organiser's window opening the same battle in Play Mode
      const desktopPlay = await firstLoad(browser, `${served.url}#/play/battle/${battle.id}`, phoneUsable, false);
      return { served, browser, link, bytes: { phone: 0, desktop: 0, desktopPlay, bareReact: await bareReactBytes() } };
    },
    async teardown(ctx) {
      await ctx.browser.close();
      await stop(ctx.served);
    },
    async fn(ctx) {
      ctx.bytes.phone = await firstLoad(ctx.browser, ctx.link, phoneUsable, true);
    },
    baseline: {
      name: 'the organiser’s window to its first screen, in a fresh context',
      async fn(ctx) {
        ctx.bytes.desktop = await firstLoad(ctx.browser, ctx.served.url, desktopUsable, false);
      },
    },
    missed: (ctx) => {
      const ratio = ctx.bytes.phone / ctx.bytes.desktop;
      return ratio <= MAX_BYTES_RATIO ? undefined : `a table link loads ×${ratio.toFixed(2)} the desktop's first load (target ≤ ×${MAX_BYTES_RATIO})`;
    },
    details: (ctx) =>
      `JS and CSS before usable: table link ${(ctx.bytes.phone / 1024).toFixed(0)} kB, desktop's first screen ${(ctx.bytes.desktop / 1024).toFixed(0)} kB: ` +
      `×${(ctx.bytes.phone / ctx.bytes.desktop).toFixed(2)} (target ≤ ×${MAX_BYTES_RATIO}); the desktop opening the same battle in Play Mode ` +
      `${(ctx.bytes.desktopPlay / 1024).toFixed(0)} kB: ×${(ctx.bytes.phone / ctx.bytes.desktopPlay).toFixed(2)}; a bare React page ` +
      `(React DOM rendering one paragraph) ${(ctx.bytes.bareReact / 1024).toFixed(0)} kB: ×${(ctx.bytes.bareReact / ctx.bytes.desktop).toFixed(2)} ` +
      `of the desktop's first screen before any of the table's own code`,
  },
];
