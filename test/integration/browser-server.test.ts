import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startBrowserServer, type BrowserServer } from '../../src-main/server/http-server';
import { testBackend } from '../helpers/backend';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function serve(): Promise<BrowserServer> {
  const { backend, close } = await testBackend(tmp());
  const staticDir = join(tmp(), 'renderer');
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, 'index.html'), '<html><head></head><body>app</body></html>');
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'assets', 'index-abc123.js'), 'export {};');
  const server = await startBrowserServer({ dispatch: backend.dispatch, staticDir });
  cleanups.push(async () => {
    await server.close();
    await close();
  });
  return server;
}

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(port: number, opts: { method?: string; path?: string; headers?: Record<string, string>; body?: string }): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method: opts.method ?? 'GET', path: opts.path ?? '/', headers: { host: `127.0.0.1:${port}`, ...opts.headers } },
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

const invoke = (s: BrowserServer, headers: Record<string, string>, body = { channel: 'settings.get', input: {} }) =>
  send(s.port, { method: 'POST', path: '/api/invoke', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** A tokened POST to the API with a raw body and content type of the test's choosing. */
const postRaw = (s: BrowserServer, contentType: string, body: string) =>
  send(s.port, { method: 'POST', path: '/api/invoke', headers: { 'content-type': contentType, 'x-aoa-token': s.token }, body });

describe('browser mode server', () => {
  it('listens on the loopback address only', async () => {
    const s = await serve();
    const addr = s.server.address();
    expect(typeof addr === 'object' && addr?.address).toBe('127.0.0.1');
  });

  it('rejects an API call without the token, or with a wrong one', async () => {
    const s = await serve();
    expect((await invoke(s, {})).status).toBe(401);
    expect((await invoke(s, { 'x-aoa-token': 'x'.repeat(s.token.length) })).status).toBe(401);
    const ok = await invoke(s, { 'x-aoa-token': s.token });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toMatchObject({ ok: true, value: { paperSize: 'A4' } });
  });

  it('rejects a foreign Host header even with the token (DNS rebinding)', async () => {
    const s = await serve();
    const r = await invoke(s, { 'x-aoa-token': s.token, host: `evil.example:${s.port}` });
    expect(r.status).toBe(421);
  });

  it('rejects a foreign Origin header', async () => {
    const s = await serve();
    const r = await invoke(s, { 'x-aoa-token': s.token, origin: 'http://evil.example' });
    expect(r.status).toBe(403);
  });

  it('serves pages only after the tokenised first visit, with CSP and nosniff', async () => {
    const s = await serve();
    const bare = await send(s.port, { path: '/' });
    expect(bare.status).toBe(401);
    expect(bare.body).not.toContain('app');
    const first = await send(s.port, { path: `/?token=${s.token}` });
    expect(first.status).toBe(303);
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    expect(first.headers['set-cookie']).toEqual([expect.stringContaining('HttpOnly')]);
    const page = await send(s.port, { path: '/', headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<meta name="aoa-token" content="${s.token}">`);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });

  it('lets the browser keep the hashed assets, never the page that carries the token', async () => {
    const s = await serve();
    const first = await send(s.port, { path: `/?token=${s.token}` });
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    const page = await send(s.port, { path: '/', headers: { cookie } });
    expect(page.headers['cache-control']).toBe('no-store');
    const script = await send(s.port, { path: '/assets/index-abc123.js', headers: { cookie } });
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    // still behind the token
    expect((await send(s.port, { path: '/assets/index-abc123.js' })).status).toBe(401);
  });

  it('never serves a file outside the built renderer', async () => {
    const s = await serve();
    const first = await send(s.port, { path: `/?token=${s.token}` });
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    for (const path of ['/../package.json', '/%2e%2e/package.json', '/..%2fpackage.json', '/etc/passwd']) {
      const r = await send(s.port, { path, headers: { cookie } });
      expect(r.status).toBe(404);
    }
  });

  it('answers malformed JSON with a typed VALIDATION error', async () => {
    const s = await serve();
    const r = await postRaw(s, 'application/json', '{"channel": ');
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body)).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
  });

  it('a wrong method or content type is a typed BAD_REQUEST, not an authorisation failure', async () => {
    const s = await serve();
    const get = await send(s.port, { method: 'GET', path: '/api/invoke', headers: { 'x-aoa-token': s.token } });
    expect(get.status).toBe(405);
    expect(JSON.parse(get.body)).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    const text = await postRaw(s, 'text/plain', '{}');
    expect(text.status).toBe(415);
    expect(JSON.parse(text.body)).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    const put = await send(s.port, { method: 'PUT', path: '/' });
    expect(put.status).toBe(405);
    expect(JSON.parse(put.body)).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
  });
});
