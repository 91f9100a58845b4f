import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppError } from '../../src-shared/errors';
import { CONTENT_SECURITY_POLICY } from '../security/policy';
import { sendBody } from './static-files';

/** What browser mode's two doors (loopback, and club night's LAN listener) share; their built files: static-files.ts. */

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

/** A JSON reply: above COMPRESS_MIN_BYTES it goes compressed to a client that asks (Accept-Encoding). */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  sendBody(res, JSON.stringify(body));
}

/** A refusal before any request reaches the dispatcher: 405 and 415 are malformed requests, the rest are not authorised. */
export function refuse(res: ServerResponse, status: number, message: string): void {
  const code = status === 405 || status === 415 ? 'BAD_REQUEST' : 'UNAUTHORIZED';
  sendJson(res, status, { ok: false, error: new AppError(code, message).toPayload() });
}

async function readBody(req: IncomingMessage, max: number): Promise<string> {
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
