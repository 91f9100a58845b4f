import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src-shared/contract/client';
import { RateLimiter } from '../../src-main/backend/club-night/runtime';
import { startBrowserServer, type BrowserServer } from '../../src-main/server/http-server';
import { testBackend } from '../helpers/backend';
import { twoMinimalArmies } from '../helpers/battle-seed';
import { LAN, tokenOfUrl } from '../helpers/club-night';
import { useTempDirs } from '../helpers/tmp';

/**
 * Club night on a busy Wi-Fi (issue 42), over both of browser mode's listeners and the real build: every hashed asset
 * goes compressed to a client that asks (br before gzip) and as it is to one that does not, JSON replies above 1 KB
 * too; a refused link opened in a browser is a page, and one over its budget is told 429.
 */

const rendererDir = resolve(process.env.AOA_OUT ?? 'out', 'renderer');
const tmp = useTempDirs();

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function get(host: string, port: number, path: string, headers: Record<string, string>, method = 'GET', body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request({ host, port, path, method, headers: { host: `${host}:${port}`, ...headers }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const decode = (r: Raw) =>
  r.headers['content-encoding'] === 'br' ? brotliDecompressSync(r.body) : r.headers['content-encoding'] === 'gzip' ? gunzipSync(r.body) : r.body;

let server: BrowserServer;
let api: ApiClient;
let closeBackend: () => Promise<void>;
let lanPort: number;
let tableToken: string;
let battleId: string;
let setLimiter: (l: RateLimiter) => void;

beforeAll(async () => {
  if (!existsSync(join(rendererDir, '.vite', 'manifest.json')))
    expect(spawnSync('npx', ['electron-vite', 'build'], { stdio: 'ignore', timeout: 300_000 }).status).toBe(0);
  const t = await testBackend(tmp());
  api = t.api;
  closeBackend = t.close;
  server = await startBrowserServer({ dispatch: t.backend.dispatch, staticDir: rendererDir, clubNight: t.backend.ctx });
  setLimiter = (l) => (t.backend.ctx.clubNight.limiter = l);
  await api.call('settings.update', { clubName: 'Ashford <Wargames>' });
  const { pack } = await api.call('rulesets.get', {});
  const [a, b] = await twoMinimalArmies(api, pack, ['Ana', 'Bo'], 'w');
  battleId = (await api.call('battles.start', { mode: 'standalone', rosterIds: [a!.id, b!.id] })).id;
  lanPort = (await api.call('clubNight.start', { lanAddress: LAN })).port!;
  tableToken = tokenOfUrl((await api.call('clubNight.createTableLink', { battleId })).url);
  // every asset twice over five encodings is more than a phone's budget: the budget has its own test below
  setLimiter(new RateLimiter(1e9, 1e9));
}, 300_000);

afterAll(async () => {
  await server?.close();
  await closeBackend?.();
});

const hashedAssets = () =>
  readdirSync(join(rendererDir, 'assets'))
    .filter((n) => /\.(js|css)$/.test(n))
    .map((n) => `/assets/${n}`);

const doors = () => [
  { name: 'loopback', host: '127.0.0.1', port: server.port, cookie: `aoa_token=${server.token}` },
  { name: 'LAN', host: LAN, port: lanPort, cookie: `aoa_club=${tableToken}` },
];

describe('hashed assets, compressed when asked', () => {
  it('every one, over both listeners: br preferred, gzip, and identity to a client that does not ask', async () => {
    const assets = hashedAssets();
    expect(assets.length).toBeGreaterThan(20);
    for (const door of doors()) {
      for (const path of assets) {
        const original = readFileSync(join(rendererDir, path));
        const cases: [string | undefined, string | undefined][] = [
          ['gzip, deflate, br', 'br'],
          ['gzip', 'gzip'],
          ['br;q=0, gzip;q=0.5', 'gzip'],
          [undefined, undefined],
          ['identity', undefined],
        ];
        for (const [accept, expected] of cases) {
          const r = await get(door.host, door.port, path, { cookie: door.cookie, ...(accept ? { 'accept-encoding': accept } : {}) });
          const where = `${door.name} ${path} (${accept ?? 'no Accept-Encoding'})`;
          expect(r.status, where).toBe(200);
          expect(r.headers['content-encoding'], where).toBe(expected);
          expect(r.headers.vary, where).toMatch(/Accept-Encoding/i);
          expect(Number(r.headers['content-length']), where).toBe(r.body.length);
          expect(decode(r).equals(original), where).toBe(true);
          if (expected) expect(r.body.length, where).toBeLessThan(original.length + 32);
        }
      }
    }
  }, 120_000);

  it('HEAD gives the chosen copy’s length and no body', async () => {
    const [path] = hashedAssets();
    const r = await get('127.0.0.1', server.port, path!, { cookie: `aoa_token=${server.token}`, 'accept-encoding': 'br' }, 'HEAD');
    expect(r.headers['content-encoding']).toBe('br');
    expect(Number(r.headers['content-length'])).toBe(readFileSync(join(rendererDir, `${path}.br`)).length);
    expect(r.body.length).toBe(0);
  });

  it('the build’s manifest and the copies themselves are not served as files', async () => {
    const cookie = `aoa_token=${server.token}`;
    expect((await get('127.0.0.1', server.port, '/.vite/manifest.json', { cookie })).status).toBe(404);
    expect((await get('127.0.0.1', server.port, `${hashedAssets()[0]}.br`, { cookie })).status).toBe(404);
  });
});

describe('JSON replies', () => {
  const invoke = (door: ReturnType<typeof doors>[number], channel: string, input: unknown, accept?: string) =>
    get(
      door.host,
      door.port,
      '/api/invoke',
      {
        cookie: door.cookie,
        'content-type': 'application/json',
        ...(door.name === 'loopback' ? { 'x-aoa-token': server.token } : {}),
        ...(accept ? { 'accept-encoding': accept } : {}),
      },
      'POST',
      JSON.stringify({ channel, input }),
    );

  it('above 1 KB go compressed when asked, over both listeners, and never when not', async () => {
    for (const door of doors()) {
      const big = await invoke(door, 'battles.get', { battleId }, 'gzip, br');
      expect(big.headers['content-encoding'], door.name).toBe('br');
      expect(big.headers.vary).toMatch(/Accept-Encoding/i);
      const plain = await invoke(door, 'battles.get', { battleId });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.length).toBeGreaterThan(1024);
      expect(JSON.parse(decode(big).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
      expect(big.body.length).toBeLessThan(plain.body.length);
      expect((await invoke(door, 'battles.get', { battleId }, 'gzip')).headers['content-encoding']).toBe('gzip');
    }
  });

  it('a small reply goes as it is', async () => {
    const small = await get('127.0.0.1', server.port, '/api/invoke', { 'accept-encoding': 'br' }, 'POST', '{}');
    expect(small.status).toBe(401);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('the phone’s page', () => {
  it('lists every chunk of the table’s first screen as a modulepreload', async () => {
    const manifest = JSON.parse(readFileSync(join(rendererDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
    const r = await get(LAN, lanPort, '/', { cookie: `aoa_club=${tableToken}`, 'accept-encoding': 'br' });
    const html = decode(r).toString('utf8');
    expect(html).toContain('<meta name="aoa-club" content="table">');
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="/${manifest['src/phone/table.tsx']!.file}">`);
    expect(html).not.toContain(manifest['src/desktop.tsx']!.file);
    // every preload is a file the listener serves (the page's own, which Vite writes relative to it, as the phone
    // resolves them against the page's address)
    for (const [, href] of html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)) {
      const path = new URL(href!, 'http://phone.invalid/').pathname;
      expect((await get(LAN, lanPort, path, { cookie: `aoa_club=${tableToken}` })).status, href).toBe(200);
    }
  });
});

describe('refused links', () => {
  it('a revoked link opened in a browser is a page with the API’s sentence and the club’s name; a script still gets JSON', async () => {
    const { url } = await api.call('clubNight.createTableLink', { battleId });
    const token = tokenOfUrl(url);
    await api.call('clubNight.revoke', { battleId });
    const page = await get(LAN, lanPort, `/club?t=${token}`, { accept: 'text/html,application/xhtml+xml' });
    expect(page.status).toBe(403);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const html = page.body.toString('utf8');
    expect(html).toContain('This link was revoked by the organiser: ask for a new one.');
    expect(html).toContain('Ashford &lt;Wargames&gt;');
    expect(html).toContain('Ask the organiser for a new card.');
    expect(html).toContain('prefers-color-scheme: dark');
    const json = await get(LAN, lanPort, `/club?t=${token}`, {});
    expect(json.status).toBe(403);
    expect(JSON.parse(json.body.toString('utf8'))).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    // the table is given a link again for the tests that follow
    tableToken = tokenOfUrl((await api.call('clubNight.createTableLink', { battleId })).url);
  });

  it('a link over its request budget is answered 429 RATE_LIMITED, not 403', async () => {
    setLimiter(new RateLimiter(2, 0.001));
    try {
      const headers = { 'x-aoa-club-token': tableToken };
      expect((await get(LAN, lanPort, '/api/club/link', headers)).status).toBe(200);
      expect((await get(LAN, lanPort, '/api/club/link', headers)).status).toBe(200);
      const over = await get(LAN, lanPort, '/api/club/link', headers);
      expect(over.status).toBe(429);
      expect(over.headers['retry-after']).toBe('1');
      expect(JSON.parse(over.body.toString('utf8'))).toMatchObject({
        ok: false,
        error: { code: 'RATE_LIMITED', message: 'Too many requests from this link: wait a few seconds and try again.' },
      });
      const page = await get(LAN, lanPort, '/', { ...headers, accept: 'text/html' });
      expect(page.status).toBe(429);
      expect(page.body.toString('utf8')).toContain('Wait a few seconds, then reload this page.');
    } finally {
      setLimiter(new RateLimiter(1e9, 1e9));
    }
  });
});
