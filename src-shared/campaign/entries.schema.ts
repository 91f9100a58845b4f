import { z } from 'zod';
import { rowId } from '../ids';
import { MAX_POINTS } from '../ruleset/pack-facts';
import { ENTRY_KINDS, EVENT_KINDS } from './entries';

// The ledger's rows as zod schemas, beside entries.ts's plain kinds, labels and sums: a phone's finish screen reads those
// without zod (issue 42); the backend and the campaign files validate with these.

/** An id the ledger stores (a UUID written here, or one a portable file carries): the bound every request puts on an id. */
export const ledgerIdSchema = rowId;

/** Clocks of two club laptops may disagree by a while; a time further ahead than this was never written by the app. */
const CLOCK_SLACK_MS = 24 * 60 * 60 * 1000;

/**
 * A time the ledger stores: ISO-8601 as `toISOString` writes it, after the
 * app existed and not in the future (so a file from 2999 cannot sort first
 * in every list for centuries).
 */
export const ledgerTimeSchema = z.iso
  .datetime({ offset: true })
  .refine((t) => Date.parse(t) >= Date.UTC(2000, 0, 1), 'A ledger time is after the year 2000.')
  .refine((t) => Date.parse(t) <= Date.now() + CLOCK_SLACK_MS, 'A ledger time cannot be in the future.');

/** An entry moves at most as many points as a pack may name, either way (items move by ones). */
export const entryAmountSchema = z.number().int().min(-MAX_POINTS).max(MAX_POINTS);

export const entryItemSchema = z
  .object({
    formationId: z.string().max(64).optional(),
    formationName: z.string().max(120).optional(),
    trophyId: z.string().max(64).optional(),
    trophyName: z.string().max(80).optional(),
    cryptidId: z.string().max(64).optional(),
    /** For a spent die: the ledger id of the die. */
    dieId: z.string().max(64).optional(),
  })
  .strict();

export type EntryItem = z.infer<typeof entryItemSchema>;

export const ledgerEntrySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  campaignId: z.string(),
  playerId: z.string().nullable(),
  mission: z.number().int().nullable(),
  kind: z.enum(ENTRY_KINDS),
  amount: z.number().int(),
  item: entryItemSchema,
  reason: z.string(),
  reversesEntryId: z.string().nullable(),
  createdAt: z.string(),
});

export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const ledgerEventSchema = z.object({
  id: z.string(),
  campaignId: z.string(),
  seq: z.number().int(),
  kind: z.enum(EVENT_KINDS),
  mission: z.number().int().nullable(),
  summary: z.string(),
  reversesEventId: z.string().nullable(),
  redoesEventId: z.string().nullable(),
  createdAt: z.string(),
});

export type LedgerEvent = z.infer<typeof ledgerEventSchema>;

// ---------------------------------------------------------------- inventory

const formationStateSchema = z.object({
  formationId: z.string(),
  name: z.string(),
  serviceMarks: z.number().int(),
  rank: z.string().nullable(),
  /** Veteran Sixes for the next battle; they refresh every battle (DIGEST 16.7). */
  veteranSixes: z.number().int(),
  cryptidVeteran: z.boolean(),
});

const cryptidDieSchema = z.object({
  /** The ledger id of the entry that earned it; Play Mode spends a die by this id. */
  id: z.string(),
  formationId: z.string(),
  formationName: z.string(),
  mission: z.number().int().nullable(),
});

const trophyStateSchema = z.object({
  trophyId: z.string(),
  name: z.string(),
  formationId: z.string().nullable(),
  status: z.enum(['banked', 'used']),
  mission: z.number().int().nullable(),
});

export const inventorySchema = z.object({
  formations: z.array(formationStateSchema),
  cryptidDice: z.array(cryptidDieSchema),
  trophies: z.array(trophyStateSchema),
});

export type Inventory = z.infer<typeof inventorySchema>;
