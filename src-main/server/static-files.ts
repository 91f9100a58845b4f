import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/**
 * The built renderer served over HTTP, by both of browser mode's doors (the loopback listener and club night's LAN
 * listener, issue 42). The build writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every hashed asset
 * (electron.vite.config.ts); a client that asks for one (`Accept-Encoding`, br preferred) gets it, one that does not
 * gets the file as it is, and every reply says it varies by that header.
 */

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

type Encoding = 'br' | 'gzip';
/** The suffix of each encoding's copy beside a built file, in order of preference. */
const COPIES: readonly [Encoding, string][] = [
  ['br', '.br'],
  ['gzip', '.gz'],
];

interface StaticFile {
  path: string;
  /** The copies the build wrote beside it, by encoding. */
  copies: Partial<Record<Encoding, string>>;
}

export interface StaticSite {
  /** The file a URL path names (`/` is `/index.html`), or undefined: nothing outside the built renderer is ever served. */
  file(urlPath: string): StaticFile | undefined;
  /** The `<link rel="modulepreload">` tags for the chunks a dynamic entry (`src/phone/table.tsx`) needs, from the build's manifest. */
  preloads(entry: string): string;
  /**
   * The bytes of one of the site's own files (a `StaticFile`'s path or copy), read from disk once: the build does not
   * change while it is served, and twenty phones opening a table ask for the same chunks.
   */
  bytes(path: string): Buffer;
}

/** Every file of the built renderer keyed by URL path, its compressed copies beside it; the build's manifest is not served. */
export function staticSite(dir: string): StaticSite {
  const all = new Set<string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else all.add(p);
    }
  };
  walk(dir);
  const files = new Map<string, StaticFile>();
  for (const p of all) {
    const url = '/' + relative(dir, p).split(sep).join('/');
    if (url.startsWith('/.vite/') || COPIES.some(([, suffix]) => p.endsWith(suffix) && all.has(p.slice(0, -suffix.length)))) continue;
    const copies: StaticFile['copies'] = {};
    for (const [encoding, suffix] of COPIES) if (all.has(p + suffix)) copies[encoding] = p + suffix;
    files.set(url, { path: p, copies });
  }
  const manifest = readManifest(join(dir, '.vite', 'manifest.json'));
  const preloadCache = new Map<string, string>();
  const read = new Map<string, Buffer>();
  return {
    file: (urlPath) => files.get(urlPath === '/' ? '/index.html' : urlPath),
    preloads(entry) {
      let tags = preloadCache.get(entry);
      if (tags === undefined) {
        tags = preloadTags(manifest, entry);
        preloadCache.set(entry, tags);
      }
      return tags;
    },
    bytes(path) {
      // only the files found above: a path from anywhere else is refused, not read
      if (!all.has(path)) throw new Error(`Not a file of the built site: ${path}`);
      let b = read.get(path);
      if (b === undefined) read.set(path, (b = readFileSync(path)));
      return b;
    },
  };
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

function readManifest(path: string): Record<string, ManifestChunk> {
  if (!existsSync(path)) return {};
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return {};
  }
}

/**
 * A dynamic entry's chunks and stylesheets, every one it imports however deep, the page's own entry left out (the
 * page loads it already): listed in the page's head, the phone fetches them all at once instead of one import after
 * another.
 */
function preloadTags(manifest: Record<string, ManifestChunk>, entry: string): string {
  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key) || chunk.isEntry) return;
    seen.add(key);
    scripts.push(chunk.file);
    for (const c of chunk.css ?? []) if (!styles.includes(c)) styles.push(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  visit(entry);
  return [...styles.map((f) => `<link rel="stylesheet" href="/${f}">`), ...scripts.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)].join('');
}

/** The encodings a request accepts (`Accept-Encoding`), each with a weight above 0; none when it does not say. */
function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  const out = new Set<string>();
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const part of text.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    out.add(name);
  }
  return out;
}

/** The encoding to send: br if asked, else gzip if asked, else none (identity). */
function chooseEncoding(req: IncomingMessage, offered: readonly Encoding[] = ['br', 'gzip']): Encoding | undefined {
  const accepted = acceptedEncodings(req.headers['accept-encoding']);
  return offered.find((e) => accepted.has(e) || accepted.has('*'));
}

/** Text replies (JSON, HTML) at least this long go compressed to a client that asks; below it the headers cost more than they save. */
const COMPRESS_MIN_BYTES = 1024;

/** A reply's bytes compressed on the fly, for the API's replies and the pages made per request: a quick Brotli level, not the build's. */
function compressBody(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipSync(body, { level: 6 });
}

/** Ends a reply with text or bytes, compressed when the client asks and it is worth it; `Vary` says the reply depends on it. */
export function sendBody(res: ServerResponse, body: Buffer | string, opts: { head?: boolean } = {}): void {
  let bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  res.setHeader('Vary', 'Accept-Encoding');
  const encoding = bytes.length >= COMPRESS_MIN_BYTES ? chooseEncoding(res.req) : undefined;
  if (encoding) {
    bytes = compressBody(bytes, encoding);
    res.setHeader('Content-Encoding', encoding);
  }
  res.setHeader('Content-Length', bytes.length);
  res.end(opts.head ? undefined : bytes);
}

export interface ServeOptions {
  /** Rewrites the page (index.html) before it is sent: the launch token's meta, or a club link's scope and preloads. */
  page?: (html: string) => string;
}

/**
 * Serves one built file for a GET or HEAD: 404 when there is none. A hashed asset goes as the build's compressed copy
 * the client asks for, cached for a year; the page, rewritten per request, is compressed on the fly and never cached.
 */
export function serveStatic(req: IncomingMessage, res: ServerResponse, site: StaticSite, urlPath: string, opts: ServeOptions = {}): void {
  const head = req.method === 'HEAD';
  const file = site.file(urlPath);
  if (!file) {
    res.statusCode = 404;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    return sendBody(res, 'Not found', { head });
  }
  res.setHeader('Content-Type', TYPES[extname(file.path)] ?? 'application/octet-stream');
  res.statusCode = 200;
  if (urlPath === '/' || urlPath === '/index.html') {
    res.setHeader('Cache-Control', 'no-store');
    const html = site.bytes(file.path).toString('utf8');
    return sendBody(res, opts.page ? opts.page(html) : html, { head });
  }
  // the build names every asset by its content's hash: a reload reuses the parsed script instead of fetching it again
  if (urlPath.startsWith('/assets/')) res.setHeader('Cache-Control', 'private, max-age=31536000, immutable');
  res.setHeader('Vary', 'Accept-Encoding');
  const encoding = chooseEncoding(
    req,
    COPIES.map(([e]) => e).filter((e) => file.copies[e]),
  );
  const bytes = site.bytes(encoding ? file.copies[encoding]! : file.path);
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', bytes.length);
  res.end(head ? undefined : bytes);
}
