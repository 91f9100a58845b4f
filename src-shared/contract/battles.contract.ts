import { z } from 'zod';
import { battleEventSchema } from '../battle/events.schema';
import { battleIntentSchema } from '../battle/intents.schema';
import { battleOutcomeSchema, RESULTS } from '../battle/outcome';
import { battleRatingsInputSchema, battleRatingsSchema, sideRatingSchema } from '../battle/ratings.schema';
import { SIDES } from '../battle/setup';
import { battleSetupSchema } from '../battle/setup.schema';
import { finishPreviewSchema } from '../campaign/finish-plan.schema';
import { ruleOptionsSchema } from '../ruleset/options.schema';
import { reads, writes } from './effects';
import { channel } from './define';
import { requestIdSchema } from './request-id';
import { pdfFileSchema } from './print.contract';
import { PAPER_SIZES } from '../settings';
import { intentSide, tableBattleAt } from './scopes';
import { deviceIdSchema } from './device-id';
import { rowId, rowId as battleId } from '../ids';

export const BATTLE_STATUSES = ['in_progress', 'finished', 'abandoned'] as const;

const battleSummarySchema = z.object({
  id: z.string(),
  mode: z.enum(['campaign', 'standalone', 'crossover']),
  campaignId: z.string().nullable(),
  campaignName: z.string().nullable(),
  mission: z.number().int().nullable(),
  status: z.enum(BATTLE_STATUSES),
  activation: z.enum(['bag', 'alternating']),
  rulesetVersionId: z.number().int(),
  players: z.tuple([z.string(), z.string()]),
  startedAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Events recorded (struck ones included). */
  events: z.number().int(),
  /** The round reached, for the list. */
  round: z.number().int(),
  /**
   * A campaign battle in progress whose mission another battle has recorded meanwhile (the paper form, another
   * table): it can no longer finish it, and its table links only read (`missionRecordedNotice`).
   */
  missionRecordedElsewhere: z.boolean(),
});
export type BattleSummary = z.infer<typeof battleSummarySchema>;

export const battleDetailSchema = battleSummarySchema.extend({
  setup: battleSetupSchema,
  options: ruleOptionsSchema,
  /** The whole record, in order; the state is their fold (src-shared/battle/reducer.ts). */
  log: z.array(battleEventSchema),
  /**
   * Event id → the club night table link it was recorded through (the link's id, never its token); the organiser's
   * events are not listed. A table link may undo only the events listed under its own id.
   */
  recordedBy: z.record(z.string(), z.string()),
  outcome: battleOutcomeSchema.nullable(),
});
export type BattleDetail = z.infer<typeof battleDetailSchema>;

export const battleStartSchema = z.object({
  mode: z.enum(['campaign', 'standalone', 'crossover']),
  /** Campaign battles: the campaign; its next mission is played. */
  campaignId: rowId.nullable().default(null),
  rosterIds: z.tuple([z.string().min(1, 'Choose the first army.').max(64), z.string().min(1, 'Choose the second army.').max(64)]),
  /** Standalone and crossover games: which mission's scenario to play (optional). */
  mission: z.number().int().min(1).max(5).nullable().default(null),
  /** Standalone games: the alternating-activation house rule (campaigns fix it at creation). */
  altActivationModule: z.boolean().default(false),
  /** Crossover games: Veteran Sixes each side will use, matched (0 switches them off for both, DIGEST 18.5). */
  veteranSixes: z.number().int().min(0).max(20).default(0),
});

export const battlesContract = {
  'battles.start': channel(
    'Start a battle from two valid rosters: campaign (its next mission), standalone (500 points) or crossover',
    battleStartSchema,
    battleDetailSchema,
    writes('battles'),
  ),
  'battles.list': channel(
    'Battles, newest first, optionally by status or campaign',
    z
      .object({ status: z.enum(BATTLE_STATUSES).optional(), campaignId: z.string().max(64).optional() })
      .optional()
      .default({}),
    z.array(battleSummarySchema),
    reads('battles', 'campaigns', 'players', 'rosters'),
  ),
  'battles.get': channel('One battle with its setup and its whole record', z.object({ battleId }), battleDetailSchema, reads('battles'), {
    table: tableBattleAt(),
  }),
  'battles.act': channel(
    'Record what happened at the table (the app rolls any dice); saved at once. A retry with the same clientEventId records nothing new.',
    z.object({
      battleId,
      clientEventId: z.string().uuid(),
      intent: battleIntentSchema,
      /** A phone's own id (club night): a side's own choice is made only from the phone that claimed the side (issue 42). */
      deviceId: deviceIdSchema.optional(),
    }),
    z.object({ recorded: z.boolean(), battle: battleDetailSchema }),
    writes('battles'),
    { table: tableBattleAt(), side: intentSide },
  ),
  'battles.previewFinish': channel(
    'The outcome record built from the battle and what finishing would change, with reasons',
    z.object({ battleId, result: z.enum(RESULTS) }),
    z.object({ outcome: battleOutcomeSchema, preview: finishPreviewSchema }),
    reads('battles', 'campaigns', 'ledger', 'rosters'),
    { table: tableBattleAt() },
  ),
  'battles.finish': channel(
    'Finish the battle with the players’ result; a campaign battle runs Finish Mission & Upgrade Army once',
    z.object({
      battleId,
      result: z.enum(RESULTS),
      requestId: requestIdSchema.optional(),
      /** The players' ratings (fun, clarity, a rule that confused them), by side; optional, written with the finish or not at all. */
      ratings: battleRatingsInputSchema.optional(),
    }),
    z.object({
      battle: battleDetailSchema,
      recorded: z.boolean(),
      alreadyRecorded: z.boolean(),
      /** With a requestId: another organiser finished this battle first; `battle` and `preview` show what they recorded. */
      finishedElsewhere: z.boolean().optional(),
      preview: finishPreviewSchema,
    }),
    writes('battles', 'campaigns', 'ledger', 'rosters', 'reports'),
  ),
  'battles.ratings': channel(
    'The players’ ratings of a battle (fun and clarity 1–5, a rule that confused them), by side; null where a side did not rate',
    z.object({ battleId }),
    battleRatingsSchema,
    reads('battles'),
  ),
  'battles.rate': channel(
    'Rate a finished battle for one side after its finish, or change or clear that side’s rating (a rating with nothing in it clears it)',
    z.object({ battleId, side: z.enum(SIDES), rating: sideRatingSchema.nullable() }),
    battleRatingsSchema,
    writes('battles', 'reports'),
  ),
  'battles.abandon': channel(
    'Abandon a battle: nothing is granted and the record is kept as abandoned',
    z.object({ battleId, confirm: z.literal(true, { message: 'Confirm that the battle is abandoned.' }) }),
    battleDetailSchema,
    writes('battles'),
  ),
  'battles.export': channel(
    'One battle as JSON (setup, record and outcome)',
    z.object({ battleId }),
    z.object({ fileName: z.string(), json: z.string() }),
    reads('battles'),
  ),
  'print.battleReport': channel(
    'The battle report PDF: per round and totals',
    z.object({ battleId, paperSize: z.enum(PAPER_SIZES).optional() }),
    pdfFileSchema,
    reads('battles', 'rulesets', 'settings'),
    { table: tableBattleAt() },
  ),
} as const;
