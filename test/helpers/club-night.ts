import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import type { ApiClient } from '../../src-shared/contract/client';
import type { Backend } from '../../src-main/backend/backend';
import { startBrowserServer, type BrowserServer } from '../../src-main/server/http-server';
import { CLUB_TOKEN_HEADER } from '../../src-main/server/lan-listener';
import { afterEach } from 'vitest';
import { testBackend, type LedgerPlace } from './backend';

/**
 * Club night's LAN, simulated on loopback (issue 35): the server's LAN
 * listener binds 127.0.0.2, a second loopback address (all of 127/8 is
 * loopback on Linux). No test sends anything anywhere else.
 */
export const LAN = '127.0.0.2';

export interface ClubServer {
  backend: Backend;
  api: ApiClient;
  server: BrowserServer;
  close(): Promise<void>;
}

/** A real backend on `place` and browser mode's server over it, with a stub renderer; club night still off. */
export async function startClubServer(place: LedgerPlace, staticRoot: string): Promise<ClubServer> {
  const { backend, api, close } = await testBackend(place);
  const staticDir = join(staticRoot, 'renderer');
  mkdirSync(join(staticDir, 'assets'), { recursive: true });
  writeFileSync(join(staticDir, 'index.html'), '<html><head></head><body>app</body></html>');
  writeFileSync(join(staticDir, 'assets', 'index-abc123.js'), 'export {};');
  const server = await startBrowserServer({ dispatch: backend.dispatch, staticDir, clubNight: backend.ctx });
  return {
    backend,
    api,
    server,
    close: async () => {
      await server.close();
      await close();
    },
  };
}

export interface HttpReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP request to `host:port`, with the Host header a browser would send there. */
export function send(
  host: string,
  port: number,
  opts: { method?: string; path?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<HttpReply> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host, port, method: opts.method ?? 'GET', path: opts.path ?? '/', headers: { host: `${host}:${port}`, ...opts.headers }, agent: false },
      (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    if (opts.body) req.write(opts.body);
    req.end();
  });
}

/** A contract request on the LAN listener, with a club night token (or none). */
export function lanInvoke(port: number, token: string | undefined, channel: string, input: unknown, extraHeaders: Record<string, string> = {}) {
  return send(LAN, port, {
    method: 'POST',
    path: '/api/invoke',
    headers: { 'content-type': 'application/json', ...(token !== undefined ? { [CLUB_TOKEN_HEADER]: token } : {}), ...extraHeaders },
    body: JSON.stringify({ channel, input }),
  });
}

/** The token inside a link's URL (`…/club?t=TOKEN`). */
export function tokenOfUrl(url: string): string {
  const t = new URL(url).searchParams.get('t');
  if (!t) throw new Error('a link without a token');
  return t;
}

/** Club night on at 127.0.0.2, on the loopback listener's port. */
export async function clubNightOn(c: ClubServer): Promise<number> {
  const s = await c.api.call('clubNight.start', { lanAddress: LAN });
  if (!s.on || s.port === null) throw new Error('club night did not start');
  return s.port;
}

/** Resolves at the first notice of `token`'s live stream (server-sent events), or rejects after `ms`. */
export function nextNotice(port: number, token: string, ms: number): { opened: Promise<void>; notice: Promise<string> } {
  let opened!: () => void;
  const open = new Promise<void>((r) => (opened = r));
  const notice = new Promise<string>((resolve, reject) => {
    const req = request({ host: LAN, port, path: '/api/club/events', headers: { host: `${LAN}:${port}`, [CLUB_TOKEN_HEADER]: token }, agent: false });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error('no notice in time'));
    }, ms);
    req.on('response', (res) => {
      opened();
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        const data = /event: battle\ndata: (.*)\n\n/.exec(buffer);
        if (!data) return;
        clearTimeout(timer);
        req.destroy();
        resolve((JSON.parse(data[1]!) as { battleId: string }).battleId);
      });
      res.on('error', () => undefined);
    });
    req.on('error', () => undefined);
    req.end();
  });
  return { opened: open, notice };
}

/**
 * Club servers a test file starts and its tests leave running: each is closed after the test (newest first), or at
 * once by `stop` (a restart). Call at the top of the file, with the file's own temporary folders.
 */
export function useClubServers(tmp: () => string): { served(place: LedgerPlace): Promise<ClubServer>; stop(c: ClubServer): Promise<void> } {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });
  return {
    async served(place) {
      const c = await startClubServer(place, tmp());
      cleanups.push(c.close);
      return c;
    },
    async stop(c) {
      cleanups.splice(cleanups.indexOf(c.close), 1);
      await c.close();
    },
  };
}
