import { z } from 'zod';
import { reads, writes } from './effects';
import { channel } from './define';
import { nameText } from '../text-policy';

/**
 * The designer's desk (issue 36): playtest bundles from many clubs imported
 * into a ledger of the designer's own, and the figures over them.
 */
const noInput = z.object({}).strict();
const nonNegative = z.number().int().nonnegative();

export const deskContract = {
  'desk.import': channel(
    'Import playtest bundles (JSON or gzipped JSON, as base64): all checked first, the first problem refusing them all; each battle kept once by its club and id',
    z.object({
      files: z
        .array(z.object({ name: nameText(255, { min: 1 }), base64: z.string().min(1).max(200_000_000) }))
        .min(1)
        .max(500),
    }),
    z.object({ files: nonNegative, newBundles: nonNegative, added: nonNegative, replaced: nonNegative, alreadyHeld: nonNegative }),
    writes('desk'),
  ),
  'desk.importProgress': channel(
    'The desk imports under way: files checked, then bundles stored',
    noInput,
    z.array(z.object({ id: z.string(), phase: z.enum(['checking', 'writing']), done: nonNegative, total: nonNegative })),
    reads('desk'),
  ),
  'desk.clubs': channel(
    'The clubs whose bundles the desk holds, each with its name as last sent, its bundles and its battles',
    noInput,
    z.array(z.object({ clubId: z.string(), name: z.string().nullable(), bundles: nonNegative, battles: nonNegative })),
    reads('desk'),
  ),
} as const;
