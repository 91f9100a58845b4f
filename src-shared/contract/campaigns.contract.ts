import { z } from 'zod';
import { nameText } from '../text-policy.schema';
import { battleOutcomeSchema, missionNumberSchema } from '../battle/outcome';
import { battleRatingsInputSchema } from '../battle/ratings.schema';
import { clubNotesSchema } from './players.contract';
import { inventorySchema } from '../campaign/entries.schema';
import { finishPreviewSchema } from '../campaign/finish-plan.schema';
import { importPreviewSchema } from '../campaign/import-preview';
import { ruleOptionsSchema } from '../ruleset/options.schema';
import { reads, writes } from './effects';
import { channel, noInput } from './define';
import { requestIdSchema } from './request-id';
import { rowId } from '../ids';

export const CAMPAIGN_STATUSES = ['active', 'finished', 'abandoned'] as const;

const campaignSeatSchema = z.object({
  seat: z.enum(['A', 'B']),
  playerId: z.string(),
  playerName: z.string(),
  factionId: z.string(),
  factionName: z.string(),
  allowance: z.number().int(),
});

export const campaignSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  currentMission: z.number().int(),
  /** Missions recorded (live finishes). */
  missionsPlayed: z.number().int(),
  rulesetVersionId: z.number().int(),
  rulesetName: z.string(),
  /** The alternating-activation house rule is on: printed as non-standard everywhere. */
  nonStandard: z.boolean(),
  seats: z.array(campaignSeatSchema),
  lastPlayed: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;

const finishRecordSchema = z.object({
  id: z.string(),
  mission: z.number().int(),
  battleId: z.string(),
  eventId: z.string(),
  live: z.boolean(),
  createdAt: z.string(),
  results: z.array(
    z.object({
      playerId: z.string(),
      result: z.enum(['win', 'draw', 'loss']),
      victoryPoints: z.number().int(),
      mutantKills: z.number().int(),
      cryptidWounds: z.number().int(),
    }),
  ),
});

const campaignDetailSchema = campaignSummarySchema.extend({
  notes: z.string(),
  options: ruleOptionsSchema,
  economy: z.object({ startingAllowance: z.number().int(), cap: z.number().int() }),
  inventories: z.array(z.object({ playerId: z.string(), inventory: inventorySchema })),
  finishes: z.array(finishRecordSchema),
  /** Standings: wins, draws, losses and VP per player over recorded missions. */
  standings: z.array(
    z.object({ playerId: z.string(), wins: z.number().int(), draws: z.number().int(), losses: z.number().int(), victoryPoints: z.number().int() }),
  ),
});
export type CampaignDetail = z.infer<typeof campaignDetailSchema>;

/** A campaign's name; left empty at creation, it is named after its players. */
export const campaignNameSchema = nameText(80);

export const campaignCreateSchema = z.object({
  name: campaignNameSchema.optional(),
  rulesetVersionId: z.number().int().positive(),
  seats: z
    .tuple([
      z.object({ playerId: z.string().min(1, 'Choose the first player.'), factionId: z.string().min(1, 'Choose a faction.') }),
      z.object({ playerId: z.string().min(1, 'Choose the second player.'), factionId: z.string().min(1, 'Choose a faction.') }),
    ])
    .refine((s) => s[0].playerId !== s[1].playerId, { message: 'A campaign is between two different players.', path: [1, 'playerId'] }),
  /** DIGEST §23: only ever chosen here, at creation; it cannot be switched on later. */
  altActivationModule: z.boolean().default(false),
  notes: clubNotesSchema.optional(),
});

const campaignFilterSchema = z.object({
  search: nameText(80).optional(),
  status: z.enum(CAMPAIGN_STATUSES).optional(),
  factionId: z.string().max(64).optional(),
  playerId: z.string().max(64).optional(),
  sort: z.enum(['last-played', 'name', 'mission', 'created']).default('last-played'),
});

export const campaignListInputSchema = campaignFilterSchema.optional().default({ sort: 'last-played' });

/** The club dashboard reads one page at a time: a club of 1,000 campaigns is paged, filtered and sorted in the backend. */
const campaignPageInputSchema = campaignFilterSchema.extend({
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(200).default(50),
});

/** A campaign a list left out because its stored rows no longer read, with what is wrong and the way back. */
const campaignProblemSchema = z.object({
  campaignId: z.string(),
  campaignName: z.string(),
  problem: z.string(),
  repair: z.string(),
});
export type CampaignProblem = z.infer<typeof campaignProblemSchema>;

const campaignPageSchema = z.object({
  campaigns: z.array(campaignSummarySchema),
  /** Campaigns of this page left out because they cannot be read; present only when there are some. */
  problems: z.array(campaignProblemSchema).optional(),
  /** Campaigns matching the filters, over every page. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

const finishInputSchema = z.object({
  /** Play Mode's battle id, or a generated id for the post-battle form. A retry with the same id records nothing new. */
  battleId: rowId,
  outcome: battleOutcomeSchema,
  requestId: requestIdSchema.optional(),
  /** The players' ratings of the battle (fun, clarity, a rule that confused them), by side; optional, written with the finish or not at all. */
  ratings: battleRatingsInputSchema.optional(),
});

/** A file's player id → the existing player of this ledger the organiser chose for it (a name clash the preview named). */
const mapPlayersSchema = z.record(rowId, rowId).default({});

const crossoverSideSchema = z.object({
  name: nameText(80),
  campaignMission: missionNumberSchema.nullable(),
  fieldedPoints: z.number().int().min(0).max(10000),
  veteranSixesHeld: z.number().int().min(0).max(100),
  veteranSixesUsed: z.number().int().min(0).max(100),
  altActivationModule: z.boolean().optional(),
});

export const campaignsContract = {
  'campaigns.create': channel(
    'Start a campaign between two players, pinned to a ruleset version',
    campaignCreateSchema,
    campaignDetailSchema,
    writes('campaigns', 'players', 'ledger'),
  ),
  'campaigns.list': channel(
    'Every campaign with its players, factions, mission and allowances',
    campaignListInputSchema,
    z.array(campaignSummarySchema),
    reads('campaigns', 'players', 'ledger', 'rulesets'),
  ),
  'campaigns.dashboard': channel(
    'One page of the club dashboard: matching campaigns, sorted, with the total count',
    campaignPageInputSchema,
    campaignPageSchema,
    reads('campaigns', 'players', 'ledger', 'battles'),
  ),
  'campaigns.get': channel(
    'One campaign with its options, inventories, finishes and standings',
    z.object({ id: z.string().min(1) }),
    campaignDetailSchema,
    reads('campaigns', 'players', 'ledger', 'rosters', 'battles', 'rulesets'),
  ),
  'campaigns.setStatus': channel(
    'Mark a campaign abandoned, or active again',
    z.object({ id: z.string().min(1), status: z.enum(['active', 'abandoned']) }),
    campaignSummarySchema,
    writes('campaigns'),
  ),
  'campaigns.previewFinish': channel(
    'What finishing this battle would record: reward lines with reasons and the campaign changes',
    z.object({ battleId: rowId.optional(), outcome: battleOutcomeSchema }),
    finishPreviewSchema,
    reads('campaigns', 'ledger', 'rosters'),
  ),
  'campaigns.finishMission': channel(
    'Finish Mission & Upgrade Army: record the rewards and campaign changes once, in one transaction',
    finishInputSchema,
    z.object({
      /** False when this battle was already recorded (a second press, a retry): nothing new was written. */
      recorded: z.boolean(),
      alreadyRecorded: z.boolean(),
      /** With a requestId: the battle was finished by another request (another organiser), whose result `preview` is. */
      finishedElsewhere: z.boolean().optional(),
      eventId: z.string().nullable(),
      preview: finishPreviewSchema,
    }),
    writes('campaigns', 'ledger', 'rosters', 'battles', 'reports'),
  ),
  'campaigns.crossoverCheck': channel(
    'Whether a crossover game may be played, naming each condition that fails',
    z.object({ a: crossoverSideSchema, b: crossoverSideSchema }),
    z.object({
      ok: z.boolean(),
      kind: z.enum(['veteran-vs-veteran', 'guest']),
      failures: z.array(z.object({ code: z.string(), message: z.string() })),
      matchedVeteranSixes: z.number().int(),
    }),
    reads('campaigns', 'ledger', 'rosters'),
  ),
  'campaigns.export': channel(
    'One campaign, some, or all as a portable file (JSON text)',
    z.object({ ids: z.array(z.string().min(1)).max(5000).optional() }),
    z.object({ fileName: z.string(), json: z.string(), campaigns: z.number().int() }),
    reads('campaigns', 'ledger', 'players', 'rulesets'),
  ),
  'campaigns.importProgress': channel(
    'The campaign imports under way: checking the file, then rows merged of the rows it holds',
    noInput,
    z.array(z.object({ id: z.string(), phase: z.enum(['checking', 'writing']), done: z.number().int().nonnegative(), total: z.number().int().nonnegative() })),
    reads('campaigns'),
  ),
  'campaigns.importPreview': channel(
    'What importing a campaign file would add, clash with or find different, without writing anything',
    z.object({ json: z.string().min(2).max(200_000_000), mapPlayers: mapPlayersSchema }),
    importPreviewSchema,
    reads('campaigns', 'ledger', 'players', 'rulesets', 'rosters'),
  ),
  'campaigns.import': channel(
    'Merge a campaign file into this ledger; nothing is duplicated, a conflicting file is refused',
    z.object({ json: z.string().min(2).max(200_000_000), mapPlayers: mapPlayersSchema }),
    z.object({
      campaigns: z.number().int(),
      campaignsAdded: z.number().int(),
      playersAdded: z.number().int(),
      eventsAdded: z.number().int(),
      entriesAdded: z.number().int(),
      finishesAdded: z.number().int(),
      rostersAdded: z.number().int(),
      rulesetVersionsAdded: z.number().int(),
    }),
    writes('campaigns', 'ledger', 'players', 'rulesets', 'rosters', 'battles', 'reports'),
  ),
} as const;
