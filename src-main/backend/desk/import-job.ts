import { gunzipSync } from 'node:zlib';
import type { BackendContext } from '../context';
import { createPrintWorker } from '../jobs/print-worker';
import { importDeskFiles, isGzip, type DeskFile, type DeskImportCounts, type DeskImportProgress } from './import';
import { followWorkerImport } from '../jobs/worker-import';
import { WORKER_BYTES } from '../jobs/worker-rule';

/**
 * Whether these files unzip to at least `budget` bytes between them. A gzip
 * file is unzipped here only up to what is left of the budget, so a large
 * one (or a bomb) costs this thread a few milliseconds, not the whole unzip.
 */
export function unzipsToAtLeast(files: DeskFile[], budget = WORKER_BYTES): boolean {
  let left = budget;
  for (const f of files) {
    // base64 is 4 characters for 3 bytes: a file whose text is past the budget needs no decoding to tell
    if ((f.base64.length * 3) / 4 >= left + 3) return true;
    const bytes = Buffer.from(f.base64, 'base64');
    left -= isGzip(bytes) ? unzippedUpTo(bytes, left) : bytes.length;
    if (left <= 0) return true;
  }
  return false;
}

/** The unzipped size of a gzip file, or `limit` when it is at least that large (a damaged file counts as small: the check refuses it). */
function unzippedUpTo(bytes: Buffer, limit: number): number {
  try {
    return gunzipSync(bytes, { maxOutputLength: limit }).length;
  } catch (e) {
    return e instanceof RangeError || (e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? limit : 0;
  }
}

const running = new WeakMap<BackendContext, Map<string, DeskImportProgress>>();

function progressOf(ctx: BackendContext): Map<string, DeskImportProgress> {
  let m = running.get(ctx);
  if (!m) running.set(ctx, (m = new Map()));
  return m;
}

/** The desk imports under way in this backend, for a progress bar. */
export function deskImportsInProgress(ctx: BackendContext): (DeskImportProgress & { id: string })[] {
  return [...progressOf(ctx)].map(([id, p]) => ({ id, ...p }));
}

/**
 * Bundles into the desk. Large imports (a bundle of 20,000 battles) run in
 * the print worker, as a large campaign file does (jobs/import-job.ts): the
 * backend keeps answering while the files are checked, and its own writes
 * wait for the worker's one transaction without blocking its thread.
 */
export async function importDeskBundles(ctx: BackendContext, files: DeskFile[]): Promise<DeskImportCounts> {
  const progress = progressOf(ctx);
  const id = globalThis.crypto.randomUUID();
  const here = () => ctx.ledgerWrites.shared(() => importDeskFiles(ctx.db, files, (p) => progress.set(id, p)));
  // the worker rule on the unzipped size (belongsInWorker's budget): 50,000 battles gzip to about 570 KB
  const worker = unzipsToAtLeast(files) ? createPrintWorker(ctx, { deskFiles: files }) : null;
  progress.set(id, { phase: 'checking', done: 0, total: files.length });
  try {
    if (!worker) return await here();
    return await followWorkerImport<DeskImportCounts, DeskImportProgress>(ctx, worker, (p) => progress.set(id, p), 'The desk import');
  } finally {
    progress.delete(id);
  }
}
