import { z } from 'zod';
import { writes } from './effects';
import { channel } from './define';
import { reportFilterSchema } from '../reports/battle';
import { bundleRecordSchema } from '../playtest/bundle';
import { nameText } from '../text-policy';

/**
 * Sending playtest results (issue 36): a club's playtest bundle, previewed and
 * written. Both write the club's bundle identity on first use (a random club
 * id and the secret its pseudonyms are keyed with, kept in the ledger).
 */
const exportInput = z.object({
  filter: reportFilterSchema.default({}),
  /** Player names in the bundle; off by default: players are pseudonyms. */
  includeNames: z.boolean().default(false),
  /** The club's name in the bundle; absent: the club is anonymous. */
  clubName: nameText(120, { min: 1 }).optional(),
  gzip: z.boolean().default(false),
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
