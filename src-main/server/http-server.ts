import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { AppError } from '../../src-shared/errors';
import type { BackendContext } from '../backend/context';
import type { Dispatch } from '../backend/dispatcher';
import { isAllowedHost, isAllowedOrigin, tokensEqual } from '../security/policy';
import { baseHeaders, cookieValue, readInvocation, refuse, sendJson } from './http-common';
import { serveStatic, staticSite } from './static-files';
import { createLanListener } from './lan-listener';

export const TOKEN_HEADER = 'x-aoa-token';
const COOKIE = 'aoa_token';
const MAX_BODY = 64 * 1024 * 1024;

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
  /** Exactly this port (0: any free one); it fails if taken. */
  port?: number;
  /** Without `port`: this one if it is free, else any free one (the port the data folder used last, browser-port.ts). */
  preferredPort?: number;
  token?: string;
  /**
   * The backend's context, for club night (issue 35): with it the server can open a listener on a LAN address
   * (`clubNight.start`), which checks links against the ledger. Without it there is no LAN listener at all.
   */
  clubNight?: BackendContext;
}

/**
 * Browser mode: the same dispatcher as Electron IPC, over HTTP on 127.0.0.1
 * only. Every request needs the per-launch token (cookie for pages, header
 * for API calls) and a loopback Host header, which defeats DNS rebinding.
 */
export async function startBrowserServer(opts: BrowserServerOptions): Promise<BrowserServer> {
  const token = opts.token ?? randomBytes(24).toString('base64url');
  const site = staticSite(opts.staticDir);
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
        const read = await readInvocation(req, MAX_BODY);
        if (!read.ok) return sendJson(res, 400, { ok: false, error: read.error.toPayload() });
        const reply = await opts.dispatch(read.body.channel, read.body.input);
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
      if (!tokensEqual(cookieValue(req, COOKIE), token)) return refuse(res, 401, 'Open the address printed by `npm run serve` (it carries the token).');

      // the page learns the launch token from its own meta
      serveStatic(req, res, site, url.pathname, { page: (html) => html.replace('</head>', `<meta name="aoa-token" content="${token}"></head>`) });
    } catch (e) {
      sendJson(res, 500, { ok: false, error: new AppError('INTERNAL', (e as Error).message).toPayload() });
    }
  });

  const listen = (at: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(at, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  if (opts.port === undefined && opts.preferredPort !== undefined) {
    // the port this data folder used last, so the window's storage is the same origin's; any free one if it is taken
    await listen(opts.preferredPort).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'EADDRINUSE' && e.code !== 'EACCES') throw e;
      return listen(0);
    });
  } else await listen(opts.port ?? 0);
  const addr = server.address();
  port = typeof addr === 'object' && addr ? addr.port : 0;
  const ctx = opts.clubNight;
  const lan = ctx ? createLanListener({ ctx, dispatch: opts.dispatch, site, defaultPort: port }) : undefined;
  if (ctx && lan) ctx.clubNight.listener = lan;
  return {
    server,
    port,
    token,
    url: `http://127.0.0.1:${port}/?token=${token}`,
    close: async () => {
      if (ctx && ctx.clubNight.listener === lan) ctx.clubNight.listener = undefined;
      await lan?.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
