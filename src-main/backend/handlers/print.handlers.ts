import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { printContract } from '../../../src-shared/contract/print.contract';
import { AppError } from '../../../src-shared/errors';
import { pdfPageCount, printBriefing, printCribSheet } from '../pdf/documents';
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
  'print.jobResult': ({ jobId }, ctx) => {
    const s = jobStatus(ctx, jobId);
    if (s.state === 'running') throw new AppError('CONFLICT', 'The batch is still printing; wait for it to finish.', { path: ['jobId'] });
    if (s.state !== 'done') throw new AppError('NOT_FOUND', `The batch ${s.state === 'cancelled' ? 'was cancelled' : 'failed'}, so there is no file.`, { path: ['jobId'] });
    if (s.outputs.length !== 1) throw new AppError('CONFLICT', `The batch wrote ${s.outputs.length} files (one per roster) into ${s.outputs[0] ? join(s.outputs[0], '..') : 'its folder'}; open them there.`, { path: ['jobId'] });
    const pdf = readFileSync(s.outputs[0]!);
    return { fileName: basename(s.outputs[0]!), base64: pdf.toString('base64'), pages: pdfPageCount(pdf) };
  },
});
