import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import { AppError } from '../../src-shared/errors';
import type { Dispatch } from '../backend/dispatcher';
import { CONTENT_SECURITY_POLICY, isAllowedHost, isAllowedOrigin, tokensEqual } from '../security/policy';

export const TOKEN_HEADER = 'x-aoa-token';
const COOKIE = 'aoa_token';
const MAX_BODY = 64 * 1024 * 1024;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.json': 'application/json',
};

export interface BrowserServer {
  server: Server;
  port: number;
  token: string;
  url: string;
  close(): Promise<void>;
}

export interface BrowserServerOptions {
  dispatch: Dispatch;
  /** The built renderer (out/renderer). */
  staticDir: string;
  port?: number;
  token?: string;
}

/** Every file of the built renderer, keyed by URL path: nothing outside it can ever be served. */
function staticFiles(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.set('/' + relative(dir, p).split(sep).join('/'), p);
    }
  };
  walk(dir);
  return out;
}

function cookieToken(req: IncomingMessage): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === COOKIE) return v.join('=');
  }
  return undefined;
}

function baseHeaders(res: ServerResponse): void {
  res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify(body));
}

/** A refusal before any request reaches the dispatcher: 405 and 415 are malformed requests, the rest are not authorised. */
function refuse(res: ServerResponse, status: number, message: string): void {
  const code = status === 405 || status === 415 ? 'BAD_REQUEST' : 'UNAUTHORIZED';
  sendJson(res, status, { ok: false, error: new AppError(code, message).toPayload() });
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new AppError('VALIDATION', 'The request is too large.');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Browser mode: the same dispatcher as Electron IPC, over HTTP on 127.0.0.1
 * only. Every request needs the per-launch token (cookie for pages, header
 * for API calls) and a loopback Host header, which defeats DNS rebinding.
 */
export async function startBrowserServer(opts: BrowserServerOptions): Promise<BrowserServer> {
  const token = opts.token ?? randomBytes(24).toString('base64url');
  const files = staticFiles(opts.staticDir);
  let port = 0;

  const server = createServer(async (req, res) => {
    baseHeaders(res);
    try {
      if (!isAllowedHost(req.headers.host, port)) return refuse(res, 421, 'Unknown host.');
      if (!isAllowedOrigin(req.headers.origin as string | undefined, port)) return refuse(res, 403, 'Foreign origin.');
      const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);

      if (url.pathname === '/api/invoke') {
        if (req.method !== 'POST') return refuse(res, 405, 'Use POST.');
        const given = req.headers[TOKEN_HEADER];
        if (!tokensEqual(typeof given === 'string' ? given : undefined, token)) return refuse(res, 401, 'Missing or wrong token.');
        const ctype = req.headers['content-type'] ?? '';
        if (!ctype.startsWith('application/json')) return refuse(res, 415, 'Send JSON.');
        let body: { channel?: unknown; input?: unknown };
        try {
          body = JSON.parse(await readBody(req));
        } catch (e) {
          const err = e instanceof AppError ? e : new AppError('VALIDATION', 'The request is not valid JSON.');
          return sendJson(res, 400, { ok: false, error: err.toPayload() });
        }
        if (typeof body !== 'object' || body === null) {
          return sendJson(res, 400, { ok: false, error: new AppError('VALIDATION', 'The request must be an object.').toPayload() });
        }
        const reply = await opts.dispatch(body.channel, body.input);
        return sendJson(res, 200, reply);
      }

      if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'Method not allowed.');

      // First visit: the printed URL carries the token; swap it for a cookie and a clean URL.
      const queryToken = url.searchParams.get('token');
      if (queryToken !== null) {
        if (!tokensEqual(queryToken, token)) return refuse(res, 401, 'Wrong token.');
        res.statusCode = 303;
        res.setHeader('Set-Cookie', `${COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`);
        res.setHeader('Location', '/');
        return res.end();
      }
      if (!tokensEqual(cookieToken(req), token)) return refuse(res, 401, 'Open the address printed by `npm run serve` (it carries the token).');

      const path = url.pathname === '/' ? '/index.html' : url.pathname;
      const file = files.get(path);
      if (!file) {
        res.statusCode = 404;
        return res.end('Not found');
      }
      let body: Buffer | string = readFileSync(file);
      if (path === '/index.html') {
        body = body.toString('utf8').replace('</head>', `<meta name="aoa-token" content="${token}"></head>`);
        res.setHeader('Cache-Control', 'no-store');
      } else if (path.startsWith('/assets/')) {
        // the build names every asset by its content's hash: a reload reuses the parsed script instead of fetching it again
        res.setHeader('Cache-Control', 'private, max-age=31536000, immutable');
      }
      res.setHeader('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream');
      res.statusCode = 200;
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (e) {
      sendJson(res, 500, { ok: false, error: new AppError('INTERNAL', (e as Error).message).toPayload() });
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const addr = server.address();
  port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    server,
    port,
    token,
    url: `http://127.0.0.1:${port}/?token=${token}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
