import { z } from 'zod';
import { writes } from './effects';
import { channel } from './define';
import { reportFilterSchema } from '../reports/battle';
import { bundleRecordSchema } from '../playtest/bundle';
import { nameText } from '../text-policy.schema';

/**
 * Sending playtest results (issue 36): a club's playtest bundle, previewed and
 * written. Both write the club's bundle identity on first use (a random club
 * id and the secret its pseudonyms are keyed with, kept in the ledger).
 */
/** Notes one export request may leave out (every note of a season's bundle: 50 disputes and 2 ratings a battle at most). */
const MAX_EXCLUDED_NOTES = 100_000;
/** A note's id as the preview lists it: `dispute:<k>:<battle>` (its k-th dispute) or `rating:<side>:<battle>` (0 or 1). */
const exportNoteId = z
  .string()
  .max(120)
  .regex(/^(dispute:(?:[0-9]|[1-4][0-9])|rating:[01]):[^\s].{0,63}$/su, 'a note is named dispute:<k>:<battle> or rating:<side>:<battle>');

const exportInput = z.object({
  filter: reportFilterSchema.default({}),
  /** Player names in the bundle; off by default: players are pseudonyms. */
  includeNames: z.boolean().default(false),
  /** The club's name in the bundle; absent: the club is anonymous. */
  clubName: nameText(120, { min: 1 }).optional(),
  gzip: z.boolean().default(false),
  /**
   * Notes the organiser left out (issue 41), by the ids the preview lists them with: a dispute leaves without them,
   * a player's rating without the rule they named.
   */
  excludedNoteIds: z.array(exportNoteId).max(MAX_EXCLUDED_NOTES).default([]),
});

/** Free text as it will leave, with each span the scrubber replaced (offsets in `text`, and the name that was there). */
const markedText = z.object({
  text: z.string(),
  marks: z.array(z.object({ start: z.number().int().min(0), end: z.number().int().min(0), was: z.string() })),
});

const whatLeaves = {
  /** Battles and distinct players in the bundle. */
  records: z.number().int(),
  players: z.number().int(),
  namesIncluded: z.boolean(),
  club: z.object({ id: z.string(), name: z.string().nullable() }),
};

export const playtestContract = {
  'playtest.exportPreview': channel(
    'What a playtest bundle would send, before it is saved: how many battles and players, one record as it will be written, names in or not, the club named or anonymous',
    exportInput,
    z.object({
      ...whatLeaves,
      sample: bundleRecordSchema.nullable(),
      /** Every note that leaves (and those left out, marked so), as it will be written, with what the scrubber replaced. */
      notes: z.array(
        z.object({
          id: z.string(),
          battleId: z.string(),
          playedAt: z.string(),
          kind: z.enum(['dispute', 'rating']),
          side: z.union([z.literal(0), z.literal(1)]).nullable(),
          round: z.number().int().nullable(),
          rule: markedText,
          note: markedText.nullable(),
          excluded: z.boolean(),
        }),
      ),
      /** The first and last dates of its battles. */
      from: z.string().nullable(),
      to: z.string().nullable(),
    }),
    writes('settings'),
  ),
  'playtest.export': channel(
    'The playtest bundle of the battles a filter selects, as a file (JSON, or gzipped JSON) to send the designer',
    exportInput,
    z.object({ ...whatLeaves, fileName: z.string(), base64: z.string(), contentHash: z.string() }),
    writes('settings'),
  ),
} as const;
