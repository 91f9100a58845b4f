import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { AppError } from '../../../src-shared/errors';
import type { Database } from '../db/schema';
import { safeFileName } from '../pdf/file-name';
import type { PaperSize } from '../../../templates/pdf/types';
import { assembleArmySheet, renderArmySheet, renderArmySheets, type ArmySheet } from '../documents/army-sheet';

export interface BatchParams {
  jobId: string;
  rosterIds: string[];
  output: 'single' | 'per-roster';
  outDir: string;
  fileName?: string;
  paperSize: PaperSize;
  author: string;
}

export interface BatchProgress {
  done: number;
  total: number;
  current: string | null;
}

/**
 * Prints a batch of army sheets. Everything is written into a hidden
 * `.partial` folder first and moved into place only when the whole batch
 * succeeded, so a cancelled or failed batch leaves nothing behind.
 * Runs inside the print worker (jobs/batch.worker.ts); `isCancelled` is
 * checked between rosters.
 */
/** The hidden folder a batch writes into before moving its files into place. */
export function stagingDir(p: Pick<BatchParams, 'outDir' | 'jobId'>): string {
  return join(p.outDir, `.aoa-batch-${p.jobId}.partial`);
}

export async function runBatch(
  db: Kysely<Database>,
  p: BatchParams,
  onProgress: (x: BatchProgress) => void,
  isCancelled: () => boolean,
  /** Called once the batch is past cancelling, just before its files move into place. */
  onCommit: () => void = () => {},
): Promise<string[]> {
  const staging = stagingDir(p);
  mkdirSync(staging, { recursive: true });
  try {
    const sheets: ArmySheet[] = [];
    const staged: string[] = [];
    const used = new Set<string>();
    for (const [i, id] of p.rosterIds.entries()) {
      if (isCancelled()) throw new AppError('CANCELLED', 'The batch print was cancelled; no file was written.');
      const sheet = await assembleArmySheet(db, id, { draft: 'mark-invalid' });
      onProgress({ done: i, total: p.rosterIds.length, current: sheet.name });
      if (p.output === 'per-roster') {
        const pdf = await renderArmySheet(sheet, { paperSize: p.paperSize, author: p.author });
        let name = safeFileName(sheet.name, 'pdf');
        if (used.has(name)) name = safeFileName(`${sheet.name}-${id.slice(0, 8)}`, 'pdf');
        used.add(name);
        writeFileSync(join(staging, name), pdf);
        staged.push(name);
      } else {
        sheets.push(sheet);
      }
      // let the cancel message in between rosters
      await new Promise((r) => setImmediate(r));
    }
    if (isCancelled()) throw new AppError('CANCELLED', 'The batch print was cancelled; no file was written.');
    if (p.output === 'single') {
      onProgress({ done: p.rosterIds.length, total: p.rosterIds.length, current: 'putting the PDF together' });
      const name = p.fileName ? (p.fileName.toLowerCase().endsWith('.pdf') ? p.fileName : `${p.fileName}.pdf`) : 'rosters.pdf';
      const pdf = await renderArmySheets(sheets, { paperSize: p.paperSize, author: p.author });
      writeFileSync(join(staging, name), pdf);
      staged.push(name);
    }
    if (isCancelled()) throw new AppError('CANCELLED', 'The batch print was cancelled; no file was written.');
    onCommit();
    const outputs = staged.map((name) => {
      const target = join(p.outDir, name);
      renameSync(join(staging, name), target);
      return target;
    });
    onProgress({ done: p.rosterIds.length, total: p.rosterIds.length, current: null });
    return outputs;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
