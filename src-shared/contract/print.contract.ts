import { z } from 'zod';
import { reads, writes } from './effects';
import { channel } from './define';
import { nameText } from '../text-policy.schema';
import { PAPER_SIZES } from '../settings';
import { rowId as id } from '../ids';

/**
 * Printing (issue 7): crib sheet, mission briefing and batch printing of
 * rosters. Other domains declare their own print.* channels in their own
 * contracts (print.rosterPdf in rosters, …). PDFs cross as base64.
 */
export const pdfFileSchema = z.object({ fileName: z.string(), base64: z.string(), pages: z.number().int().nonnegative() });

const paperSize = z.enum(PAPER_SIZES).optional();

export const batchScopeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('campaigns'), campaignIds: z.array(id).min(1, 'choose at least one campaign').max(500) }),
  z.object({ kind: z.literal('club') }),
]);

const batchJobStatusSchema = z.object({
  jobId: z.string(),
  state: z.enum(['running', 'done', 'cancelled', 'failed']),
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  /** The roster being printed now. */
  current: z.string().nullable(),
  error: z.string().nullable(),
  /** Where the result was written (files written only once the batch succeeded). */
  outputs: z.array(z.string()),
  /** The written files' names, in the same order (one PDF, or one per roster named after it). */
  files: z.array(z.string()),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type BatchJobStatus = z.infer<typeof batchJobStatusSchema>;

export const printContract = {
  'print.cribSheet': channel(
    'The Field Manual crib sheet from a ruleset version or a campaign’s pinned pack and options; optionally a page of the special rules two rosters use',
    z.object({
      rulesetVersionId: z.number().int().positive().optional(),
      campaignId: id.optional(),
      rosterIds: z.array(id).max(2, 'choose at most two rosters').optional(),
      paperSize,
    }),
    pdfFileSchema,
    reads('rulesets', 'settings', 'campaigns'),
  ),
  'print.briefing': channel(
    'A campaign mission briefing (missions 1–5) from the pinned pack',
    z.object({
      mission: z.number().int().min(1, 'missions are numbered 1 to 5').max(5, 'missions are numbered 1 to 5'),
      campaignId: id.optional(),
      rulesetVersionId: z.number().int().positive().optional(),
      provinceId: id.optional(),
      /** The province's variant of the mission; needs the province. */
      variantId: id.optional(),
      paperSize,
    }),
    pdfFileSchema,
    reads('rulesets', 'settings', 'campaigns'),
  ),
  'print.startBatch': channel(
    'Start printing every roster of some campaigns or of the club, off the UI thread; poll print.jobStatus',
    z
      .object({
        scope: batchScopeSchema,
        /** One PDF with every roster, or one file per roster. */
        output: z.enum(['single', 'per-roster']).default('single'),
        /** File name of the single PDF (a name, never a path: the result comes back through print.jobResult and is saved where the user chooses). */
        fileName: nameText(200)
          .refine((n) => !/[/\\]/.test(n) && n !== '..' && n !== '.', 'A file name, without a folder.')
          .optional(),
        paperSize,
      })
      .strict(),
    z.object({ jobId: z.string(), total: z.number().int().nonnegative() }),
    writes('jobs'),
  ),
  'print.jobStatus': channel('Progress of a batch print', z.object({ jobId: z.string() }), batchJobStatusSchema, reads('jobs')),
  'print.cancelJob': channel('Cancel a batch print; nothing partial is left behind', z.object({ jobId: z.string() }), batchJobStatusSchema, writes('jobs')),
  'print.jobResult': channel(
    'A file of a finished batch (base64), for download or a save dialog: the one PDF, or the file at `index` when the batch wrote one per roster',
    z.object({ jobId: z.string(), index: z.number().int().min(0).optional() }),
    pdfFileSchema,
    reads('jobs'),
  ),
} as const;
