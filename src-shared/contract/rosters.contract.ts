import { z } from 'zod';
import { nameText } from '../text-policy.schema';
import { reads, writes } from './effects';
import { channel } from './define';
import { ROSTER_MODES, rosterPartIdSchema, rosterSchema } from '../roster/schema';
import { VIOLATION_CODES } from '../roster/validate';
import { idSchema, rulesetPackSchema } from '../ruleset/schema';
import { PAPER_SIZES } from '../settings';

/** The validator's result (src-shared/roster/validate.ts `RosterValidation`) on the wire. */
const rosterValidationSchema = z.object({
  valid: z.boolean(),
  points: z.object({ spent: z.number().int(), allowance: z.number().int(), left: z.number().int() }),
  violations: z.array(
    z.object({
      code: z.enum(VIOLATION_CODES),
      message: z.string(),
      rule: z.string(),
      formationId: z.string().optional(),
      path: z.array(z.union([z.string(), z.number()])),
    }),
  ),
  breakdown: z.object({ total: z.number().int(), command: z.number().int(), formations: z.record(z.string(), z.number().int()) }),
  models: z.number().int(),
});

const rosterSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  playerId: z.string(),
  playerName: z.string(),
  campaignId: z.string().nullable(),
  campaignName: z.string().nullable(),
  factionId: z.string(),
  /** The faction's name in the roster's ruleset version, for lists. */
  factionName: z.string(),
  mode: z.enum(ROSTER_MODES),
  valid: z.boolean(),
  points: z.number().int(),
  deletedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type RosterSummary = z.infer<typeof rosterSummarySchema>;

/** Everything the Builder's editor needs: the roster, its pack (for live validation and dropdowns) and its allowance. */
export const rosterDetailSchema = z.object({
  roster: rosterSchema,
  summary: rosterSummarySchema,
  /** The allowance the roster is validated against; `allowanceSource` says where it comes from, in words. */
  allowance: z.number().int(),
  allowanceSource: z.string(),
  /**
   * Both players' allowances of a campaign roster, shown side by side (DIGEST
   * AMB-22): `own` is this player's ledger allowance (the standalone limit
   * outside a campaign), `opponent` the other seat's; with `matchLower` (the
   * campaign pinned "match lower allowance") `allowance` is the lower of the two.
   */
  allowances: z.object({
    own: z.number().int(),
    opponent: z.object({ playerId: z.string(), playerName: z.string(), allowance: z.number().int() }).nullable(),
    matchLower: z.boolean(),
  }),
  validation: rosterValidationSchema,
  pack: rulesetPackSchema,
  rulesetVersion: z.number().int(),
});
export type RosterDetail = z.infer<typeof rosterDetailSchema>;

const rosterId = z.object({ id: rosterPartIdSchema });
export const rosterNameSchema = nameText(80, { min: 1, minMessage: 'give the warband a name' });
const name = rosterNameSchema;

export const rostersContract = {
  'rosters.list': channel(
    'List rosters (newest first), by search text, player or campaign',
    z
      .object({
        search: nameText(80).optional(),
        playerId: rosterPartIdSchema.optional(),
        campaignId: rosterPartIdSchema.nullable().optional(),
        includeDeleted: z.boolean().default(false),
      })
      .default({ includeDeleted: false }),
    z.array(rosterSummarySchema),
    reads('rosters', 'players', 'campaigns'),
  ),
  'rosters.factions': channel(
    'The factions a new standalone roster can choose, from the newest ruleset version',
    z.object({}).strict().optional().default({}),
    z.object({
      rulesetVersionId: z.number().int(),
      packName: z.string(),
      factions: z.array(z.object({ id: z.string(), name: z.string(), cities: z.array(z.string()) })),
    }),
    reads('rulesets'),
  ),
  'rosters.get': channel(
    'Open a roster with its pack, allowance and validation',
    rosterId,
    rosterDetailSchema,
    reads('rosters', 'rulesets', 'campaigns', 'ledger'),
  ),
  'rosters.create': channel(
    'Create an empty roster for a player (campaign, standalone or crossover)',
    z.object({
      name,
      playerId: rosterPartIdSchema,
      factionId: idSchema,
      mode: z.enum(ROSTER_MODES).default('standalone'),
      campaignId: rosterPartIdSchema.nullable().default(null),
      startingCity: nameText(80).default(''),
      rulesetVersionId: z.number().int().positive().optional(),
    }),
    rosterDetailSchema,
    writes('rosters'),
  ),
  'rosters.save': channel(
    'Save a roster (a draft may break the rules); with `baseUpdatedAt`, only over the version the edit started from',
    z.object({
      roster: rosterSchema,
      /**
       * The `updatedAt` of the stored roster the edit started from. When the roster was saved since (another organiser
       * of the league, another window), the save is refused with CONFLICT at the path `roster` and nothing is written: neither edit is lost
       * without a word. Without it (the CLI, imports) the save replaces whatever is stored.
       */
      baseUpdatedAt: z.string().max(40).optional(),
    }),
    rosterDetailSchema,
    writes('rosters'),
  ),
  'rosters.rename': channel('Rename a roster', z.object({ id: rosterPartIdSchema, name }), rosterSummarySchema, writes('rosters')),
  'rosters.duplicate': channel(
    'Copy a roster under a new name (formation ids kept, so service marks follow)',
    z.object({ id: rosterPartIdSchema, name: name.optional() }),
    rosterDetailSchema,
    writes('rosters'),
  ),
  'rosters.clone': channel(
    'Clone a roster for a new campaign or a standalone game: new ids throughout (no service record), named "<name> (copy)" unless named',
    z
      .object({
        id: rosterPartIdSchema,
        /** The campaign the copy is for (the player's seat there, its pinned pack), or null: a standalone game. */
        campaignId: rosterPartIdSchema.nullable().default(null),
        /** Whose roster the copy is; the source roster's player when absent. */
        playerId: rosterPartIdSchema.optional(),
        name: name.optional(),
      })
      .strict(),
    rosterDetailSchema,
    writes('rosters'),
  ),
  'rosters.delete': channel('Delete a roster (it can be restored)', rosterId, rosterSummarySchema, writes('rosters')),
  'rosters.restore': channel('Undo deleting a roster', rosterId, rosterSummarySchema, writes('rosters')),
  'rosters.validate': channel(
    'Check a roster against the recruitment rules: a stored one by id, or an unsaved one',
    z.union([rosterId.strict(), z.object({ roster: rosterSchema }).strict()]),
    rosterValidationSchema,
    reads('rulesets', 'campaigns', 'ledger'),
  ),
  'rosters.export': channel('A roster as a JSON file', rosterId, z.object({ fileName: z.string(), text: z.string() }), reads('rosters')),
  'rosters.import': channel(
    'Import a roster file for a player (an invalid file changes nothing)',
    z.object({
      text: z.string().max(2_000_000),
      playerId: rosterPartIdSchema,
      campaignId: rosterPartIdSchema.nullable().default(null),
    }),
    rosterDetailSchema,
    writes('rosters'),
  ),
  'print.rosterPdf': channel(
    'The army sheet of a roster as a PDF (base64); an invalid roster prints only as a marked draft',
    z.object({ id: rosterPartIdSchema, draft: z.boolean().default(false), paperSize: z.enum(PAPER_SIZES).optional() }),
    z.object({ fileName: z.string(), base64: z.string(), pages: z.number().int() }),
    reads('rosters', 'campaigns', 'ledger', 'rulesets', 'settings'),
  ),
} as const;
