import { readFileSync } from 'node:fs';
import { basename, isAbsolute, join } from 'node:path';
import { printContract } from '../../../src-shared/contract/print.contract';
import { AppError } from '../../../src-shared/errors';
import { readPrintSettings } from '../pdf/context';
import { pdfPageCount, printBriefing, printCribSheet } from '../pdf/documents';
import { rosterIdsForScope } from '../jobs/roster-sheets';
import { cancelJob, jobStatus, startBatchJob } from '../jobs/job-manager';
import { defineHandlers } from './define';

const asFile = ({ fileName, pdf }: { fileName: string; pdf: Buffer }) => ({ fileName, base64: pdf.toString('base64'), pages: pdfPageCount(pdf) });

export const printHandlers = defineHandlers(printContract, {
  'print.cribSheet': async (input, ctx) => asFile(await printCribSheet(ctx.db, input)),
  'print.briefing': async (input, ctx) => asFile(await printBriefing(ctx.db, input)),
  'print.startBatch': async (input, ctx) => {
    if (input.outDir !== undefined && !isAbsolute(input.outDir)) throw new AppError('VALIDATION', 'Give the output folder as a full path.', { path: ['outDir'] });
    if (input.scope.kind === 'campaigns') {
      const found = await ctx.db.selectFrom('campaigns').select('id').where('id', 'in', input.scope.campaignIds).execute();
      const missing = input.scope.campaignIds.find((id) => !found.some((f) => f.id === id));
      if (missing) throw new AppError('NOT_FOUND', `There is no campaign ${missing}.`, { path: ['scope', 'campaignIds', input.scope.campaignIds.indexOf(missing)] });
    }
    const rosterIds = await rosterIdsForScope(ctx.db, input.scope);
    const settings = await readPrintSettings(ctx.db);
    const status = startBatchJob(ctx, {
      rosterIds,
      output: input.output,
      outDir: input.outDir ?? join(ctx.paths.dataDir, 'prints'),
      fileName: input.fileName ? basename(input.fileName) : undefined,
      paperSize: input.paperSize ?? settings.paperSize,
      author: settings.clubName,
    });
    return { jobId: status.jobId, total: status.total };
  },
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
