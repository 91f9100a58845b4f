// Club night on a busy Wi-Fi (issue 42): a table link's first screen on an emulated phone (10 Mbit/s, 40 ms of
// latency, the CPU slowed ×4 through CDP, a cold cache: a fresh context each load), from navigation to a usable
// screen. Targets: ≤ 2.0 s (the timed figure) and ≤ 350 kB over the wire (BenchCase.missed). The baseline is the
// organiser's first screen loaded on the same profile in the same run, a figure only; so is the ratio of JavaScript
// and CSS the two load (issue 35's old "≤ ×0.4 of the desktop" target, retired).
import { chromium, type Browser } from 'playwright-core';
import { createWireClient } from '../../src-shared/contract/wire-client';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../helpers/chromium';
import { playSetup, twoMinimalArmies } from '../helpers/battle-seed';
import { serve, stop, type Served } from './foundation.bench';
import type { BenchCase } from './types';

const LAN = '127.0.0.2';
/** The phone's profile: a crowded club Wi-Fi and a mid-range phone. */
const PROFILE = { bitsPerSecond: 10_000_000, latencyMs: 40, cpuSlowdown: 4 };
const MAX_KB = 350;

interface Load {
  /** Navigation to usable, in ms. */
  ms: number;
  /** Every byte received for the page (headers and bodies as sent, compressed where they were). */
  wireBytes: number;
  /** The JavaScript and CSS as parsed (decompressed). */
  codeBytes: number;
  requests: number;
  /** How the scripts and stylesheets came: encoding → count. */
  encodings: Record<string, number>;
}

interface Ctx {
  served: Served;
  browser: Browser;
  link: string;
  phone: Load[];
  desktop: Load[];
}

/** Loads `url` in a fresh context on the phone's profile, until `usable` is visible. */
async function firstLoad(browser: Browser, url: string, usable: string, mobile: boolean): Promise<Load> {
  const context = await browser.newContext(mobile ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {});
  const page = await context.newPage();
  // the page notes, on its own clock (from the tap on the link, redirect included), when `usable` is first on screen:
  // a selector checked as the page changes costs the throttled phone next to nothing, where the harness's polling of
  // the accessibility tree from outside would be counted against the page it measures
  // (a string: the bench runs under tsx, whose helpers a serialised function would call in the page)
  await page.addInitScript(`{
    const seen = () => {
      const el = document.querySelector(${JSON.stringify(usable)});
      if (window.__aoaUsable === undefined && el && el.checkVisibility()) window.__aoaUsable = performance.now();
      return window.__aoaUsable !== undefined;
    };
    new MutationObserver((_, observer) => seen() && observer.disconnect()).observe(document, { childList: true, subtree: true });
  }`);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PROFILE.latencyMs,
    downloadThroughput: PROFILE.bitsPerSecond / 8,
    uploadThroughput: PROFILE.bitsPerSecond / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpuSlowdown });
  let wireBytes = 0;
  let requests = 0;
  cdp.on('Network.loadingFinished', (e) => {
    wireBytes += e.encodedDataLength;
    requests++;
  });
  const encodings: Record<string, number> = {};
  const sizes: Promise<number>[] = [];
  page.on('response', (r) => {
    const type = r.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const enc = r.headers()['content-encoding'] ?? 'identity';
    encodings[enc] = (encodings[enc] ?? 0) + 1;
    sizes.push(
      r.body().then(
        (b) => b.length,
        () => 0,
      ),
    );
  });
  await page.goto(url);
  const ms = (await (
    await page.waitForFunction(() => (window as unknown as { __aoaUsable?: number }).__aoaUsable, null, { polling: 250, timeout: 30_000 })
  ).jsonValue()) as number;
  const codeBytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
  await context.close();
  return { ms, wireBytes, codeBytes, requests, encodings };
}

// the organiser's first screen: the page's heading (the Sections navigation is drawn with it)
const desktopUsable = 'main h1';
// a table at round 1: the phone shows where the battle stands and the first thing to record
const phoneUsable = '[role="status"][aria-label="Where the battle stands"]';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const kB = (bytes: number) => `${(bytes / 1000).toFixed(0)} kB`;
const last = (loads: Load[]) => loads[loads.length - 1];

export const benches: BenchCase<Ctx>[] = [
  {
    name: 'club night phone: a table link to a usable screen (10 Mbit/s, 40 ms, CPU ×4, cold cache)',
    targetMs: 2_000,
    bound: "the phone's slowed CPU compiling about 870 kB of JavaScript and CSS, and React with Mantine drawing the round screen",
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
      return { served, browser, link, phone: [], desktop: [] };
    },
    async teardown(ctx) {
      await ctx.browser.close();
      await stop(ctx.served);
    },
    async fn(ctx) {
      ctx.phone.push(await firstLoad(ctx.browser, ctx.link, phoneUsable, true));
    },
    baseline: {
      name: 'the organiser’s first screen on the same profile (a figure, no target)',
      async fn(ctx) {
        ctx.desktop.push(await firstLoad(ctx.browser, ctx.served.url, desktopUsable, false));
      },
    },
    // navigation to a usable screen on the page's own clock: the harness's new context, its protocol set-up, the
    // 250 ms polling and the reading of the response bodies around each load are no part of what a player waits for
    clock: (ctx) => ({ main: ctx.phone.map((l) => l.ms), baseline: ctx.desktop.map((l) => l.ms) }),
    missed: (ctx) => {
      const bytes = median(ctx.phone.map((l) => l.wireBytes));
      return bytes <= MAX_KB * 1000 ? undefined : `a table link transfers ${kB(bytes)} before it is usable (target ≤ ${MAX_KB} kB)`;
    },
    details: (ctx) => {
      const p = last(ctx.phone);
      const d = last(ctx.desktop);
      if (!p || !d) return undefined;
      const enc = (l: Load) =>
        Object.entries(l.encodings)
          .map(([k, v]) => `${v} ${k}`)
          .join(', ');
      return (
        `table link: ${kB(median(ctx.phone.map((l) => l.wireBytes)))} over the wire in ${p.requests} requests (target ≤ ${MAX_KB} kB), ` +
        `${kB(p.codeBytes)} of JS and CSS once decompressed (${enc(p)}); the desktop's first screen on the same profile (the baseline): ` +
        `${kB(median(ctx.desktop.map((l) => l.wireBytes)))} over the wire in ${d.requests} requests, ` +
        `${kB(d.codeBytes)} of JS and CSS; the phone's JS and CSS ×${(p.codeBytes / d.codeBytes).toFixed(2)} the desktop's (a figure: the ×0.4 target is retired)`
      );
    },
  },
];
