import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Caller } from '../../src-shared/contract/scopes';
import { AppError, type ErrorCode } from '../../src-shared/errors';
import type { BackendContext } from '../backend/context';
import type { Dispatch } from '../backend/dispatcher';
import type { LanListener, LanListenerStatus } from '../backend/club-night/runtime';
import { authenticateLink, linkExpiresAt } from '../backend/club-night/links';
import { isAllowedLanHost, isAllowedLanOrigin, lanAddressRefusal, type LanDoor } from '../security/policy';
import { baseHeaders, cookieValue, readInvocation, refuse, sendJson } from './http-common';
import { readSettings } from '../backend/db/tables/meta.table';
import { escapeHtml, linkRefusalPage } from './link-refusal-page';
import { sendBody, serveStatic, type StaticSite } from './static-files';

/** A phone sends its link's token in this header (scripts, the CLI) or, after opening the link, in this cookie. */
export const CLUB_TOKEN_HEADER = 'x-aoa-club-token';
const CLUB_COOKIE = 'aoa_club';
/** A phone's requests are events and reads: a small body is plenty. */
const MAX_LAN_BODY = 256 * 1024;
const HEARTBEAT_MS = 20_000;

interface LanListenerOptions {
  ctx: BackendContext;
  dispatch: Dispatch;
  /** The built renderer (static-files.ts), the loopback listener's own. */
  site: StaticSite;
  /** The loopback listener's port: the LAN listener takes the same number unless told otherwise. */
  defaultPort: number;
}

function tokenOf(req: IncomingMessage): string | undefined {
  const header = req.headers[CLUB_TOKEN_HEADER];
  if (typeof header === 'string') return header;
  return cookieValue(req, CLUB_COOKIE);
}

/** The HTTP status of each refusal a link meets: a link over its budget may come back in a second. */
const REFUSAL_STATUS: Partial<Record<ErrorCode, number>> = { FORBIDDEN: 403, RATE_LIMITED: 429 };

/** A browser opening a page (not a script or the app's own fetch) is shown a page, not JSON. */
const wantsPage = (req: IncomingMessage) => req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');

async function refuseLink(ctx: BackendContext, req: IncomingMessage, res: ServerResponse, e: unknown): Promise<void> {
  const err = e instanceof AppError ? e : new AppError('FORBIDDEN', 'This link cannot do that.');
  const status = REFUSAL_STATUS[err.code] ?? 500;
  if (err.code === 'RATE_LIMITED') res.setHeader('Retry-After', '1');
  if (status === 500 || !wantsPage(req)) return sendJson(res, status, { ok: false, error: err.toPayload() });
  const clubName = await readSettings(ctx.db).then(
    (s) => s.clubName,
    () => '',
  );
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  sendBody(res, linkRefusalPage({ message: err.message, clubName, retry: err.code === 'RATE_LIMITED' }));
}

/**
 * Club night's second door (issue 35): the same dispatcher on a LAN address,
 * open only while club night is on. It authenticates by a club night link
 * alone (a table's or the board's, checked against the ledger on every
 * request); the organiser's launch token means nothing here. Turning club
 * night off closes the listener and every connection on it at once.
 */
export function createLanListener(opts: LanListenerOptions): LanListener {
  let server: Server | undefined;
  let door: LanDoor | undefined;
  const { ctx } = opts;

  const authenticate = (req: IncomingMessage) => authenticateLink(ctx, tokenOf(req));

  async function invoke(req: IncomingMessage, res: ServerResponse, caller: Caller): Promise<void> {
    if (req.method !== 'POST') return refuse(res, 405, 'Use POST.');
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return refuse(res, 415, 'Send JSON.');
    const read = await readInvocation(req, MAX_LAN_BODY);
    if (!read.ok) return sendJson(res, 400, { ok: false, error: read.error.toPayload() });
    sendJson(res, 200, await opts.dispatch(read.body.channel, read.body.input, caller));
  }

  /** Server-sent events: a notice each time the link's battle (the board: any battle) changes. */
  function events(req: IncomingMessage, res: ServerResponse, caller: Caller): void {
    if (caller.scope === 'organiser') return void refuseLink(ctx, req, res, undefined);
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    req.socket.setNoDelay(true);
    res.write('retry: 1000\n\n');
    const send = (battleId: string) => res.write(`event: battle\ndata: ${JSON.stringify({ battleId })}\n\n`);
    const stopChanges = ctx.clubNight.changes.subscribe(caller.scope === 'table' ? caller.battleId : null, send);
    // a revoked link's stream ends with it
    const stopRevocations = ctx.clubNight.changes.subscribeRevocations(() => {
      authenticate(req).catch(() => res.end());
    });
    const heartbeat = setInterval(() => res.write(': still here\n\n'), HEARTBEAT_MS);
    // an expiring link's stream ends with it, as a revoked one's does (the phone then shows why)
    let expiry: ReturnType<typeof setTimeout> | undefined;
    let open = true;
    void linkExpiresAt(ctx, tokenOf(req)).then((at) => {
      if (at === null || !open) return;
      expiry = setTimeout(() => res.end(), Math.min(Math.max(0, Date.parse(at) - Date.now()), 2 ** 31 - 1));
      expiry.unref();
    });
    const end = () => {
      open = false;
      clearTimeout(expiry);
      clearInterval(heartbeat);
      stopChanges();
      stopRevocations();
    };
    req.on('close', end);
    res.on('error', end);
  }

  /** Which dynamic entry of the renderer each kind of link's page starts (src-renderer/src/main.tsx). */
  const ENTRIES = { table: 'src/phone/table.tsx', board: 'src/phone/board.tsx' } as const;

  function page(req: IncomingMessage, res: ServerResponse, caller: Caller, path: string): void {
    if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'Method not allowed.');
    // never the launch token: the page learns only which kind of link opened it, and lists the chunks that link's
    // screen needs so the phone asks for them all at once
    const preloads = caller.scope === 'organiser' ? '' : opts.site.preloads(ENTRIES[caller.scope]);
    // and which link it is (its scope, a table's battle), so the phone asks for the battle at once rather than first
    // asking who it is (issue 42); the same the page would read from /api/club/link
    const link = caller.scope === 'organiser' ? '' : `<meta name="aoa-club-link" content="${escapeHtml(JSON.stringify(caller))}">`;
    serveStatic(req, res, opts.site, path, {
      page: (html) => html.replace('</head>', `<meta name="aoa-club" content="${caller.scope}">${link}${preloads}</head>`),
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    baseHeaders(res);
    if (!isAllowedLanHost(req.headers.host, door)) return refuse(res, 421, 'Unknown host.');
    if (!isAllowedLanOrigin(req.headers.origin as string | undefined, door)) return refuse(res, 403, 'Foreign origin.');
    const url = new URL(req.url ?? '/', 'http://lan.invalid');

    // Opening a link: its token becomes this phone's cookie, and the page comes at once, without a redirect's round
    // trip on a slow Wi-Fi (issue 42); the page's first script takes the token out of the address bar
    // (src-renderer/src/main.tsx), and no referrer ever carries it (baseHeaders)
    if (url.pathname === '/club') {
      const token = url.searchParams.get('t') ?? undefined;
      let opened: Caller;
      try {
        opened = await authenticateLink(ctx, token);
      } catch (e) {
        return refuseLink(ctx, req, res, e);
      }
      res.setHeader('Set-Cookie', `${CLUB_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`);
      return page(req, res, opened, '/');
    }

    let caller: Caller;
    try {
      caller = await authenticate(req);
    } catch (e) {
      return refuseLink(ctx, req, res, e);
    }
    if (url.pathname === '/api/invoke') return invoke(req, res, caller);
    if (url.pathname === '/api/club/events') return events(req, res, caller);
    if (url.pathname === '/api/club/link') return sendJson(res, 200, { ok: true, value: caller });
    return page(req, res, caller, url.pathname);
  }

  const status = (): LanListenerStatus =>
    door
      ? { on: true, lanAddress: door.address, port: door.port, baseUrl: `http://${door.address}:${door.port}` }
      : { on: false, lanAddress: null, port: null, baseUrl: null };

  async function stop(): Promise<void> {
    const s = server;
    server = undefined;
    door = undefined;
    if (!s) return;
    const closed = new Promise<void>((resolve) => s.close(() => resolve()));
    // at once: open live streams and kept-alive sockets too
    s.closeAllConnections();
    await closed;
  }

  async function start(address: string, port = opts.defaultPort): Promise<void> {
    const refusal = lanAddressRefusal(address);
    if (refusal) throw new AppError('VALIDATION', refusal, { path: ['lanAddress'] });
    await stop();
    const s = createServer((req, res) => {
      handle(req, res).catch((e) => {
        if (!res.headersSent) sendJson(res, 500, { ok: false, error: new AppError('INTERNAL', (e as Error).message).toPayload() });
        else res.end();
      });
    });
    await new Promise<void>((resolve, reject) => {
      s.once('error', (e: NodeJS.ErrnoException) => {
        if (e.code === 'EADDRNOTAVAIL')
          reject(new AppError('VALIDATION', `This computer has no address ${address}: choose one of its own.`, { path: ['lanAddress'] }));
        else if (e.code === 'EADDRINUSE') reject(new AppError('CONFLICT', `Port ${port} is already in use on ${address}: choose another.`, { path: ['port'] }));
        else reject(e);
      });
      s.listen(port, address, () => resolve());
    });
    const addr = s.address();
    server = s;
    door = { address, port: typeof addr === 'object' && addr ? addr.port : port };
  }

  return { start, stop, status };
}
