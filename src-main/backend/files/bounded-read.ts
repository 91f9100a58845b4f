import { closeSync, openSync, readSync } from 'node:fs';
import { MAX_PACK_BYTES } from '../../src-shared/ruleset/parse';

/** The most a CLI input file may hold, by what it is (the requests' own bounds). */
export const INPUT_LIMITS = {
  'ruleset pack': MAX_PACK_BYTES,
  roster: 2_000_000,
  'campaign file': 200_000_000,
  attack: 1024 * 1024,
} as const;
export type InputKind = keyof typeof INPUT_LIMITS;

/** Why a file could not be read, in words that never quote the file itself. */
export class UnreadableInput extends Error {}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(n < 1024 * 1024 ? 1 : 0)} MB`;

/**
 * Reads a file as text, stopping one byte past the limit: the size a file
 * system reports is 0 for pipes and devices (`/dev/zero` would otherwise be
 * read until memory runs out), so the limit is held while reading.
 */
export function readBoundedText(path: string, kind: InputKind): string {
  const limit = INPUT_LIMITS[kind];
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UnreadableInput(`Cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (code ?? 'unreadable')}.`);
  }
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    const chunk = Buffer.alloc(1024 * 1024);
    for (;;) {
      let n: number;
      try {
        n = readSync(fd, chunk, 0, chunk.length, null);
      } catch (e) {
        throw new UnreadableInput(`Cannot read ${path}: ${(e as NodeJS.ErrnoException).code === 'EISDIR' ? 'it is a folder' : 'read error'}.`);
      }
      if (n === 0) break;
      total += n;
      if (total > limit) throw new UnreadableInput(`${path} is larger than ${mb(limit)}, the most a ${kind} file may be. Is this the right file?`);
      chunks.push(Buffer.from(chunk.subarray(0, n)));
    }
    return Buffer.concat(chunks).toString('utf8');
  } finally {
    closeSync(fd);
  }
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
