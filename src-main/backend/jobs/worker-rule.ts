/**
 * The one size rule for large work (issue 40): an import whose content comes to this many bytes or more (a campaign
 * file's JSON; a desk's bundles once unzipped) is parsed, checked and stored in the print worker, so the backend keeps
 * answering every other request meanwhile, the phones' included; smaller ones take a few milliseconds here. The size
 * is what the work will read, never the size of how it arrived (a gzipped bundle is a tenth of its JSON).
 */
export const WORKER_BYTES = 750_000;

/** Whether work over this many bytes of content belongs in the worker. */
export function belongsInWorker(contentBytes: number): boolean {
  return contentBytes >= WORKER_BYTES;
}
