import { importCampaigns, type ImportCounts, type ImportProgress } from '../campaigns/portable';
import type { BackendContext } from '../context';
import { createPrintWorker } from './print-worker';
import { followWorkerImport } from './worker-import';
import { belongsInWorker } from './worker-rule';

const running = new WeakMap<BackendContext, Map<string, ImportProgress>>();

function progressOf(ctx: BackendContext): Map<string, ImportProgress> {
  let m = running.get(ctx);
  if (!m) running.set(ctx, (m = new Map()));
  return m;
}

/** The imports under way in this backend, for a progress bar. */
export function importsInProgress(ctx: BackendContext): (ImportProgress & { id: string })[] {
  return [...progressOf(ctx)].map(([id, p]) => ({ id, ...p }));
}

/**
 * Merges a campaign file into the ledger. A large file is parsed, checked and
 * merged in the print worker with progress, so the backend keeps answering
 * while it works (reads run beside it under WAL; the backend's own writes wait
 * for the worker's transaction without blocking this thread). Nothing is
 * written unless the whole file merges.
 */
export async function importCampaignFile(ctx: BackendContext, json: string): Promise<ImportCounts> {
  const here = () => ctx.ledgerWrites.shared(() => importCampaigns(ctx.db, json));
  if (!belongsInWorker(json.length)) return here();
  const worker = createPrintWorker(ctx, { importJson: json });
  if (!worker) return here();
  const id = globalThis.crypto.randomUUID();
  const progress = progressOf(ctx);
  progress.set(id, { phase: 'checking', done: 0, total: 0 });
  try {
    return await followWorkerImport<ImportCounts, ImportProgress>(ctx, worker, (p) => progress.set(id, p), 'The import');
  } finally {
    progress.delete(id);
  }
}
