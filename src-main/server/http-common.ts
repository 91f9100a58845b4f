import { readdirSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, relative, sep } from 'node:path';
import { AppError } from '../../src-shared/errors';
import { CONTENT_SECURITY_POLICY } from '../security/policy';

/** What browser mode's two doors (loopback, and club night's LAN listener) share. */

export const TYPES: Record<string, string> = {
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

/** Every file of the built renderer, keyed by URL path: nothing outside it can ever be served. */
export function staticFiles(dir: string): Map<string, string> {
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

export function cookieValue(req: IncomingMessage, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}

export function baseHeaders(res: ServerResponse): void {
  res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify(body));
}

/** A refusal before any request reaches the dispatcher: 405 and 415 are malformed requests, the rest are not authorised. */
export function refuse(res: ServerResponse, status: number, message: string): void {
  const code = status === 405 || status === 415 ? 'BAD_REQUEST' : 'UNAUTHORIZED';
  sendJson(res, status, { ok: false, error: new AppError(code, message).toPayload() });
}

export async function readBody(req: IncomingMessage, max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > max) throw new AppError('VALIDATION', 'The request is too large.');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The JSON body of an API call: `{ channel, input }`, or the reply refusing it. */
export async function readInvocation(
  req: IncomingMessage,
  max: number,
): Promise<{ ok: true; body: { channel?: unknown; input?: unknown } } | { ok: false; error: AppError }> {
  let body: unknown;
  try {
    body = JSON.parse(await readBody(req, max));
  } catch (e) {
    return { ok: false, error: e instanceof AppError ? e : new AppError('VALIDATION', 'The request is not valid JSON.') };
  }
  if (typeof body !== 'object' || body === null) return { ok: false, error: new AppError('VALIDATION', 'The request must be an object.') };
  return { ok: true, body: body as { channel?: unknown; input?: unknown } };
}
