import { z } from 'zod';
import { noteText } from '../text-policy.schema';
import { ENTRY_KINDS } from '../campaign/entries';
import { inventorySchema, ledgerEntrySchema, ledgerEventSchema } from '../campaign/entries.schema';
import { reads, writes } from './effects';
import { channel } from './define';
import { campaignSummarySchema } from './campaigns.contract';
import { requestIdSchema } from './request-id';
import { rowId } from '../ids';

const balanceLineSchema = z.object({
  entryId: z.string(),
  mission: z.number().int().nullable(),
  kind: z.enum(ENTRY_KINDS),
  amount: z.number().int(),
  reason: z.string(),
  running: z.number().int(),
  createdAt: z.string(),
});

const journalSchema = z.object({
  campaign: campaignSummarySchema,
  events: z.array(ledgerEventSchema.extend({ entries: z.array(ledgerEntrySchema), undone: z.boolean() })),
  players: z.array(
    z.object({
      playerId: z.string(),
      playerName: z.string(),
      allowance: z.number().int(),
      /** Every entry that makes up the allowance, with the running total: "why is this 428?". */
      explanation: z.array(balanceLineSchema),
      inventory: inventorySchema,
    }),
  ),
  undo: z.object({ eventId: z.string(), summary: z.string() }).nullable(),
  redo: z.object({ eventId: z.string(), summary: z.string() }).nullable(),
});
export type Journal = z.infer<typeof journalSchema>;

const reason = noteText(300, { min: 3, minMessage: 'Say why, in a few words.' });

/** What an item correction changes: a formation's service marks, a banked trophy used, a Cryptid Die spent. */
const itemChangeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('service-mark'),
    formationId: rowId,
    amount: z
      .number()
      .int()
      .min(-10)
      .max(10)
      .refine((n) => n !== 0, 'A correction of 0 changes nothing.'),
  }),
  z.object({ kind: z.literal('use-trophy'), trophyId: rowId }),
  z.object({ kind: z.literal('spend-die'), dieId: rowId }),
]);
export type ItemChange = z.infer<typeof itemChangeSchema>;

export const ledgerContract = {
  'ledger.journal': channel(
    'A campaign’s timeline with every balance explained by its entries',
    z.object({ campaignId: z.string().min(1) }),
    journalSchema,
    reads('ledger', 'campaigns', 'battles'),
  ),
  'ledger.undo': channel(
    'Undo the campaign’s last event with reversing entries',
    z.object({
      campaignId: z.string().min(1),
      reason: reason.default('Undone from the Journal'),
      requestId: requestIdSchema.optional(),
      /** The event the organiser was shown and agreed to undo: refused when the last event is now another. */
      eventId: rowId.optional(),
    }),
    z.object({ eventId: z.string(), undid: z.string() }),
    // undoing a mission's record gives a battle of that mission in progress its mission back (battles: displaced); a
    // mission recorded on paper leaves the playtest report (reports)
    writes('ledger', 'campaigns', 'rosters', 'battles', 'reports'),
  ),
  'ledger.redo': channel(
    'Redo the last undone event',
    z.object({ campaignId: z.string().min(1), reason: reason.default('Redone from the Journal'), requestId: requestIdSchema.optional() }),
    z.object({ eventId: z.string(), redid: z.string() }),
    writes('ledger', 'campaigns', 'rosters', 'battles', 'reports'),
  ),
  'ledger.correct': channel(
    'Correct a player’s allowance by an amount, with a reason',
    z.object({
      campaignId: z.string().min(1),
      playerId: z.string().min(1),
      amount: z
        .number()
        .int()
        .min(-500)
        .max(500)
        .refine((n) => n !== 0, 'A correction of 0 changes nothing.'),
      reason,
      /** The same correction sent again with the same id records nothing new. */
      requestId: requestIdSchema.optional(),
    }),
    z.object({ eventId: z.string(), allowance: z.number().int() }),
    writes('ledger', 'campaigns', 'rosters'),
  ),
  'ledger.correctItem': channel(
    'Correct a player’s campaign items with a reason: service marks of a formation, use a banked trophy, spend a Cryptid Die',
    z.object({ campaignId: z.string().min(1), playerId: z.string().min(1), change: itemChangeSchema, reason, requestId: requestIdSchema.optional() }),
    z.object({ eventId: z.string(), summary: z.string() }),
    writes('ledger', 'campaigns', 'rosters'),
  ),
  'ledger.inventory': channel(
    'A player’s allowance and campaign inventory (Veteran Sixes, Cryptid Dice, trophies)',
    z.object({ campaignId: z.string().min(1), playerId: z.string().min(1) }),
    z.object({ allowance: z.number().int(), inventory: inventorySchema }),
    reads('ledger', 'campaigns'),
  ),
  'print.campaignSummary': channel(
    'The campaign summary PDF (standings, every balance explained, timeline), as base64',
    z.object({ campaignId: z.string().min(1), paperSize: z.enum(['A4', 'LETTER']).optional() }),
    z.object({ fileName: z.string(), base64: z.string() }),
    reads('campaigns', 'ledger', 'players', 'settings'),
  ),
} as const;
