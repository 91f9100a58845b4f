import { z } from 'zod';
import { nameText, noteText } from '../text-policy.schema';
import { idSchema } from '../ruleset/schema';
import { rowId } from '../ids';

/**
 * A roster (warband) as the Builder edits it and the ledger stores it.
 *
 * The schema only checks shape: a draft may break every recruitment rule and
 * still be saved. Whether it may be played or printed as final is decided by
 * `rosterViolations` (validate.ts) against a ruleset pack.
 *
 * Formation and fighter ids are stable across edits, renames, duplication and
 * export/import: the ledger keys service marks and Veteran Sixes by formation id.
 */

export const ROSTER_MODES = ['campaign', 'standalone', 'crossover'] as const;

export const FORMATION_SLOTS = ['core', 'elite', 'skirmisher', 'heavy'] as const;
export type FormationSlot = (typeof FORMATION_SLOTS)[number];

/** Ids of roster parts: UUIDs made by `newRosterId`, or any short token from an imported file. */
export const rosterPartIdSchema = rowId;
const personName = nameText(80);
/**
 * Equipment items bought for one model. Defaults to none, so rosters saved
 * before equipment could be bought still parse unchanged. Whether an item
 * exists and suits the model's slot is the validator's call (a draft may hold
 * anything), the schema only bounds the list.
 */
const modelEquipmentSchema = z.array(idSchema).max(8).default([]);

const commandModelSchema = z.object({
  id: rosterPartIdSchema,
  name: personName.default(''),
  unitId: idSchema,
  loadoutId: idSchema.nullable().default(null),
  /** Equipment bought for this model (ids in the pack's equipment list); absent in rosters stored before equipment existed. */
  equipment: modelEquipmentSchema,
});

const officerSchema = commandModelSchema.extend({
  /** The Core or Elite formation this Officer is posted to, or null to stay with the Captain. */
  postedTo: rosterPartIdSchema.nullable().default(null),
});
export type Officer = z.infer<typeof officerSchema>;

const fighterSchema = z.object({
  id: rosterPartIdSchema,
  name: personName.default(''),
  /** A loadout of the formation's unit, or null for its standard equipment. */
  loadoutId: idSchema.nullable().default(null),
  /** Equipment bought for this fighter on top of its loadout [000 §2 step 6, §13 step 4]. */
  equipment: modelEquipmentSchema,
});

const formationSchema = z.object({
  id: rosterPartIdSchema,
  slot: z.enum(FORMATION_SLOTS),
  unitId: idSchema,
  name: nameText(80, { min: 1, minMessage: 'give the formation a name' }),
  fighters: z.array(fighterSchema).max(20),
  /** Declared to start in reserve for Uncloak (Skirmisher patrols only). */
  inReserve: z.boolean().default(false),
});
export type Formation = z.infer<typeof formationSchema>;

export const rosterSchema = z
  .object({
    id: rosterPartIdSchema,
    name: nameText(80, { min: 1, minMessage: 'give the warband a name' }),
    playerId: rosterPartIdSchema,
    campaignId: rosterPartIdSchema.nullable().default(null),
    mode: z.enum(ROSTER_MODES),
    factionId: idSchema,
    /** Cultural and recruitment origin; no effect on the rules (DIGEST 2.9). */
    startingCity: nameText(80).default(''),
    rulesetVersionId: z.number().int().positive(),
    /** Null until the player recruits one (an empty Builder starts without). */
    captain: commandModelSchema.nullable().default(null),
    officers: z.array(officerSchema).max(10).default([]),
    formations: z.array(formationSchema).max(20).default([]),
    notes: noteText(4000, { trim: false }).default(''),
  })
  .superRefine((r, ctx) => {
    // ids must be unique inside a roster, or postings and service marks become ambiguous
    const seen = new Map<string, (string | number)[]>();
    const claim = (id: string, path: (string | number)[]) => {
      if (seen.has(id)) ctx.addIssue({ code: 'custom', path, message: `The id "${id}" is used twice in this roster; every part needs its own id.` });
      else seen.set(id, path);
    };
    if (r.captain) claim(r.captain.id, ['captain', 'id']);
    r.officers.forEach((o, i) => claim(o.id, ['officers', i, 'id']));
    r.formations.forEach((f, i) => {
      claim(f.id, ['formations', i, 'id']);
      f.fighters.forEach((x, j) => claim(x.id, ['formations', i, 'fighters', j, 'id']));
    });
    if (r.mode === 'campaign' && r.campaignId === null)
      ctx.addIssue({ code: 'custom', path: ['campaignId'], message: 'A campaign roster needs its campaign; choose one or make it a standalone roster.' });
  });
export type Roster = z.infer<typeof rosterSchema>;
export type RosterInput = z.input<typeof rosterSchema>;

/** A fresh id for a roster or any part of one. */
export function newRosterId(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * The roster file (export/import). `format` and `version` let a future app
 * read old files; `ruleset` records what the roster was built against so an
 * importer can warn when its own pack differs.
 */
export const ROSTER_FILE_FORMAT = 'age-of-ash-roster';
export const ROSTER_FILE_VERSION = 1;

export const rosterFileSchema = z
  .object({
    format: z.literal(ROSTER_FILE_FORMAT, { message: `not a roster file (expected format "${ROSTER_FILE_FORMAT}")` }),
    version: z.literal(ROSTER_FILE_VERSION, { message: `unsupported roster file version (this app reads version ${ROSTER_FILE_VERSION})` }),
    exportedAt: z.string().max(40),
    ruleset: z
      .object({
        packId: z.string().max(64),
        rulesVersion: z.string().max(20),
        dataVersion: z.string().max(40),
        /** The pack's digest (sha256 of its canonical JSON, as a ledger's content_digest): files written before issue 40 lack it. */
        digest: z
          .string()
          .regex(/^[0-9a-f]{64}$/, 'a pack digest is 64 hexadecimal digits')
          .optional(),
      })
      .nullable()
      .default(null),
    /** Names for the reader of the file; the importer chooses its own player and campaign. */
    playerName: nameText(80).default(''),
    roster: rosterSchema,
  })
  .strict();
