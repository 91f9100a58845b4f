import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { printContract } from '../../../src-shared/contract/print.contract';
import { AppError } from '../../../src-shared/errors';
import { printBriefing } from '../documents/mission-briefing';
import { printCribSheet } from '../documents/crib-sheet';
import { pdfPageCount } from '../pdf/context';
import { startRosterBatch } from '../jobs/start-batch';
import { cancelJob, jobStatus } from '../jobs/job-manager';
import { defineHandlers } from './define';

const asFile = ({ fileName, pdf }: { fileName: string; pdf: Buffer }) => ({ fileName, base64: pdf.toString('base64'), pages: pdfPageCount(pdf) });

export const printHandlers = defineHandlers(printContract, {
  'print.cribSheet': async (input, ctx) => asFile(await printCribSheet(ctx.db, input)),
  'print.briefing': async (input, ctx) => asFile(await printBriefing(ctx.db, input)),
  'print.startBatch': (input, ctx) => startRosterBatch(ctx, input),
  'print.jobStatus': ({ jobId }, ctx) => jobStatus(ctx, jobId),
  'print.cancelJob': ({ jobId }, ctx) => cancelJob(ctx, jobId),
  'print.jobResult': async ({ jobId, index }, ctx) => {
    const s = jobStatus(ctx, jobId);
    if (s.state === 'running') throw new AppError('CONFLICT', 'The batch is still printing; wait for it to finish.', { path: ['jobId'] });
    if (s.state !== 'done')
      throw new AppError('NOT_FOUND', `The batch ${s.state === 'cancelled' ? 'was cancelled' : 'failed'}, so there is no file.`, { path: ['jobId'] });
    if (index === undefined && s.outputs.length !== 1)
      throw new AppError('CONFLICT', `The batch wrote ${s.outputs.length} files, one per roster; ask for them one at a time by their number.`, {
        path: ['index'],
      });
    const file = s.outputs[index ?? 0];
    if (!file)
      throw new AppError(
        'NOT_FOUND',
        `The batch wrote ${s.outputs.length} file${s.outputs.length === 1 ? '' : 's'}; there is no file number ${(index ?? 0) + 1}.`,
        { path: ['index'] },
      );
    // read without holding the backend's thread: a club's batch PDF runs to megabytes
    const pdf = await readFile(file);
    return { fileName: basename(file), base64: pdf.toString('base64'), pages: pdfPageCount(pdf) };
  },
});
