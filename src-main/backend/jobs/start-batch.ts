import { basename } from 'node:path';
import type { z } from 'zod';
import type { batchScopeSchema } from '../../../src-shared/contract/print.contract';
import { AppError } from '../../../src-shared/errors';
import type { PaperSize } from '../../../templates/pdf/types';
import type { BackendContext } from '../context';
import { readPrintSettings } from '../pdf/context';
import { rosterIdsToPrint } from '../db/tables/rosters.table';
import { startBatchJob } from './job-manager';
import { existingCampaignIds } from '../db/tables/club.table';

export interface StartRosterBatch {
  scope: z.infer<typeof batchScopeSchema>;
  output: 'single' | 'per-roster';
  fileName?: string;
  paperSize?: PaperSize;
  /**
   * Where the files go. Only trusted local callers (the CLI, whose user typed
   * the path) pass it; over IPC the batch always writes inside the data
   * folder and the renderer fetches the result through print.jobResult.
   */
  outDir?: string;
}

/** Checks the scope, collects the rosters and starts the worker. */
export async function startRosterBatch(ctx: BackendContext, input: StartRosterBatch): Promise<{ jobId: string; total: number }> {
  if (input.scope.kind === 'campaigns') {
    const ids = input.scope.campaignIds;
    const found = await existingCampaignIds(ctx.db, ids);
    const missing = ids.find((id) => !found.has(id));
    if (missing) throw new AppError('NOT_FOUND', `There is no campaign ${missing}.`, { path: ['scope', 'campaignIds', ids.indexOf(missing)] });
  }
  const rosterIds = await rosterIdsToPrint(ctx.db, input.scope);
  const settings = await readPrintSettings(ctx.db);
  const status = startBatchJob(ctx, {
    rosterIds,
    output: input.output,
    outDir: input.outDir ?? ctx.paths.prints,
    fileName: input.fileName ? basename(input.fileName) : undefined,
    paperSize: input.paperSize ?? settings.paperSize,
    author: settings.clubName,
  });
  return { jobId: status.jobId, total: status.total };
}
