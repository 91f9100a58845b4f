import type { BackendContext } from '../context';
import { createPrintWorker } from '../jobs/print-worker';
import { importDeskFiles, type DeskFile, type DeskImportCounts, type DeskImportProgress } from './import';
import { followWorkerImport } from '../jobs/worker-import';

/** Imports of this many base64 characters or more are checked and stored in the print worker; smaller ones here. */
export const WORKER_DESK_CHARS = 1_000_000;

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
  const size = files.reduce((n, f) => n + f.base64.length, 0);
  const worker = size < WORKER_DESK_CHARS ? null : createPrintWorker(ctx, { deskFiles: files });
  progress.set(id, { phase: 'checking', done: 0, total: files.length });
  try {
    if (!worker) return await here();
    return await followWorkerImport<DeskImportCounts, DeskImportProgress>(ctx, worker, (p) => progress.set(id, p), 'The desk import');
  } finally {
    progress.delete(id);
  }
}
