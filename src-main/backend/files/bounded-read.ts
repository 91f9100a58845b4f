import { closeSync, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import { MAX_PACK_BYTES } from '../../../src-shared/ruleset/parse';
import { AppError } from '../../../src-shared/errors';

/**
 * The one reader of every file door (issue 40): a ruleset pack, a roster, a
 * campaign file, an attack, a playtest bundle, and the ledger files that
 * `restore` and `league push` open. Only a regular file (or a pipe, as a
 * shell's `<(…)` gives) is read; a folder, a device or a socket is refused
 * in plain words, and the limit is held while reading, since a file system
 * reports 0 bytes for pipes (`/dev/zero` would otherwise be read until
 * memory runs out).
 */
export const INPUT_LIMITS = {
  'ruleset pack': MAX_PACK_BYTES,
  roster: 2_000_000,
  'campaign file': 200_000_000,
  attack: 1024 * 1024,
  /** A bundle crosses to the backend as base64, which a request carries up to 200 million characters of. */
  'playtest bundle': 150_000_000,
  /** Ledger files are opened by SQLite, not read here: only their kind and this bound are checked. */
  'ledger file': 64 * 1024 * 1024 * 1024,
} as const;
export type InputKind = keyof typeof INPUT_LIMITS;

/** Why a file could not be read, in words that never quote the file itself. */
class UnreadableInput extends Error {}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(n < 1024 * 1024 ? 1 : 0)} MB`;

const tooLarge = (path: string, kind: InputKind) =>
  new UnreadableInput(`${path} is larger than ${mb(INPUT_LIMITS[kind])}, the most a ${kind} file may be. Is this the right file?`);

/** What a path is when it is not a file this reader may read, or null. */
function notAFile(s: Stats): string | null {
  if (s.isDirectory()) return 'it is a folder, not a file';
  if (s.isCharacterDevice() || s.isBlockDevice()) return 'it is a device, not a file';
  if (s.isSocket()) return 'it is a socket, not a file';
  return null;
}

function openError(path: string, e: unknown): UnreadableInput {
  const code = (e as NodeJS.ErrnoException).code;
  const why =
    code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : code === 'EISDIR' ? 'it is a folder, not a file' : (code ?? 'unreadable');
  return new UnreadableInput(`Cannot read ${path}: ${why}.`);
}

/** Refuses what is not a regular file or a pipe, or a regular file past the kind's limit (for files opened by others, such as SQLite). */
export function checkInputFile(path: string, kind: InputKind): void {
  let s: Stats;
  try {
    s = statSync(path);
  } catch (e) {
    throw openError(path, e);
  }
  const what = notAFile(s);
  if (what) throw new UnreadableInput(`Cannot read ${path}: ${what}.`);
  if (s.isFile() && s.size > INPUT_LIMITS[kind]) throw tooLarge(path, kind);
}

/** Reads a file's bytes, stopping one chunk past the limit. */
export function readBoundedBytes(path: string, kind: InputKind): Buffer {
  const limit = INPUT_LIMITS[kind];
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (e) {
    throw openError(path, e);
  }
  try {
    const what = notAFile(fstatSync(fd));
    if (what) throw new UnreadableInput(`Cannot read ${path}: ${what}.`);
    const chunks: Buffer[] = [];
    let total = 0;
    const chunk = Buffer.alloc(1024 * 1024);
    for (;;) {
      let n: number;
      try {
        n = readSync(fd, chunk, 0, chunk.length, null);
      } catch (e) {
        throw openError(path, e);
      }
      if (n === 0) break;
      total += n;
      if (total > limit) throw tooLarge(path, kind);
      chunks.push(Buffer.from(chunk.subarray(0, n)));
    }
    return Buffer.concat(chunks);
  } finally {
    closeSync(fd);
  }
}

/** Reads a file as UTF-8 text with the kind's limit. */
export function readBoundedText(path: string, kind: InputKind): string {
  return readBoundedBytes(path, kind).toString('utf8');
}

/** Reads a stream (standard input) as text with the same limit. */
export async function readBoundedStream(stream: NodeJS.ReadableStream, kind: InputKind, from: string): Promise<string> {
  const limit = INPUT_LIMITS[kind];
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const c of stream) {
    const b = Buffer.isBuffer(c) ? c : Buffer.from(String(c));
    total += b.length;
    if (total > limit) throw new UnreadableInput(`${from} is larger than ${mb(limit)}, the most a ${kind} may be.`);
    chunks.push(b);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A file door's refusal as every door words it: VALIDATION, naming the field (or argument) that gave the path. */
export function fileRefusal(e: unknown, field: string): unknown {
  return e instanceof UnreadableInput ? new AppError('VALIDATION', e.message, { path: [field] }) : e;
}

/** `checkInputFile`, refused as every file door refuses. */
export function checkedInputFile(path: string, kind: InputKind, field: string): void {
  try {
    checkInputFile(path, kind);
  } catch (e) {
    throw fileRefusal(e, field);
  }
}
