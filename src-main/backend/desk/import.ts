import { gunzipSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import { AppError } from '../../../src-shared/errors';
import { readBundle, type PlaytestBundle } from '../../../src-shared/playtest/bundle';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/dialect';
import { storeDeskBundle } from '../db/tables/desk.table';
import { sha256Hex } from '../playtest/export';

/**
 * Playtest bundles into the designer's desk (issue 36): every file read and
 * checked in full first (gzip found by its magic bytes, JSON, then
 * `readBundle`: format, version, prototype keys, schema, content hash), the
 * first problem refusing the whole import by name; then one transaction
 * stores them all, each battle once under (club id, battle id).
 */
export interface DeskFile {
  name: string;
  base64: string;
}

export interface DeskImportCounts {
  files: number;
  /** Bundles new to the desk (a bundle already imported adds nothing). */
  newBundles: number;
  /** Battles new to the desk, battles a newer export replaced, and battles it already held as sent. */
  added: number;
  replaced: number;
  /** Battles that more than one file of this import brought: kept once, the later export's copy. */
  duplicates: number;
  alreadyHeld: number;
}

export interface DeskImportProgress {
  phase: 'checking' | 'writing';
  done: number;
  total: number;
}

/** The largest bundle read, once unzipped: a season of a large league is a few megabytes; this bounds a gzip bomb. */
const MAX_BUNDLE_BYTES = 256 * 1024 * 1024;

/** A gzip file, known by its magic bytes. */
export const isGzip = (bytes: Buffer) => bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

/** One file's bundle, or a refusal naming the file and its first problem. */
function readBundleFile(name: string, bytes: Buffer): PlaytestBundle {
  let json = bytes;
  if (isGzip(bytes)) {
    try {
      json = gunzipSync(bytes, { maxOutputLength: MAX_BUNDLE_BYTES });
    } catch (e) {
      const tooLarge = e instanceof RangeError || (e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
      throw new AppError('VALIDATION', `${name}: ${tooLarge ? 'unzips to more than a bundle may hold' : 'is a damaged gzip file'}.`);
    }
  }
  if (json.length > MAX_BUNDLE_BYTES) throw new AppError('VALIDATION', `${name}: is larger than a bundle may be.`);
  let raw: unknown;
  try {
    raw = JSON.parse(json.toString('utf8'));
  } catch {
    throw new AppError('VALIDATION', `${name}: is not a playtest bundle (not JSON).`);
  }
  return readBundle(raw, sha256Hex, name);
}

/** Every file checked, in order; the first that fails refuses them all. */
export function checkDeskFiles(files: DeskFile[], progress?: (p: DeskImportProgress) => void): { name: string; bundle: PlaytestBundle }[] {
  return files.map((f, i) => {
    progress?.({ phase: 'checking', done: i, total: files.length });
    return { name: f.name, bundle: readBundleFile(f.name, Buffer.from(f.base64, 'base64')) };
  });
}

/** Stores checked bundles in one write transaction. */
export async function storeDeskBundles(
  db: Kysely<Database>,
  checked: { name: string; bundle: PlaytestBundle }[],
  progress?: (p: DeskImportProgress) => void,
): Promise<DeskImportCounts> {
  const now = new Date().toISOString();
  return writeTransaction(db, async (trx) => {
    const counts: DeskImportCounts = { files: checked.length, newBundles: 0, added: 0, replaced: 0, duplicates: 0, alreadyHeld: 0 };
    const seen = new Set<string>();
    // writing is counted in battles, so one large bundle's bar moves too
    const total = checked.reduce((n, c) => n + c.bundle.records.length, 0);
    let before = 0;
    for (const { name, bundle } of checked) {
      const w = await storeDeskBundle(trx, bundle, name, now, (stored) => progress?.({ phase: 'writing', done: before + stored, total }), seen);
      before += bundle.records.length;
      if (w.newBundle) counts.newBundles += 1;
      counts.added += w.added;
      counts.replaced += w.replaced;
      counts.duplicates += w.duplicates;
      counts.alreadyHeld += bundle.records.length - w.added - w.replaced - w.duplicates;
    }
    return counts;
  });
}

/** Checks then stores, on this thread (small imports, and builds without a print worker). */
export async function importDeskFiles(db: Kysely<Database>, files: DeskFile[], progress?: (p: DeskImportProgress) => void): Promise<DeskImportCounts> {
  return storeDeskBundles(db, checkDeskFiles(files, progress), progress);
}
