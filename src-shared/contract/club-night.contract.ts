import { z } from 'zod';
import { inventorySchema } from '../campaign/entries.schema';
import { RESULTS } from '../battle/outcome';
import { sideRatingSchema } from '../battle/ratings.schema';
import { rulesetPackSchema } from '../ruleset/schema';
import { PAPER_SIZES } from '../settings';
import { BATTLE_STATUSES, battleDetailSchema } from './battles.contract';
import { channel, noInput } from './define';
import { reads, writes } from './effects';
import { pdfFileSchema } from './print.contract';
import { requestIdSchema } from './request-id';
import { rosterDetailSchema } from './rosters.contract';
import { rulesetVersionSchema } from './rulesets.contract';
import { sideAt, tableBattleAt } from './scopes';
import { deviceIdSchema } from './device-id';
import { rowId as battleId } from '../ids';

/**
 * Club night (issue 35): the organiser's channels to open the LAN listener and
 * hand out links, the board's one read, and the `table.*` family a table link
 * uses for what its battle derives (pack, rosters, inventories, crib sheet,
 * both sides' Finish). Every `table.*` request names its battle, which the
 * dispatcher holds to the link's own before the request is parsed.
 */

const side = z.enum(['A', 'B']);

const sideSeat = z.object({
  /** A phone has claimed the side. */
  claimed: z.boolean(),
  /** This phone has. */
  mine: z.boolean(),
});
/** Which sides of a table are claimed, and whether by the asking phone. */
const tableSidesSchema = z.object({ A: sideSeat, B: sideSeat });
export type TableSides = z.infer<typeof tableSidesSchema>;

/** An IPv4 address in dotted form: the LAN address is one of the machine's own, chosen by the organiser. */
const lanAddressSchema = z
  .string()
  .regex(/^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/, 'Give the LAN address as four numbers, e.g. 192.168.1.20.');

/** How long a link lasts: by default the night (6 hours), at most a day. */
const linkHoursSchema = z.number().min(0.25).max(24).default(6);

const clubNightStatusSchema = z.object({
  on: z.boolean(),
  /** Browser mode can open a LAN listener; the desktop window alone cannot (yet). */
  available: z.boolean(),
  lanAddress: z.string().nullable(),
  port: z.number().int().nullable(),
  /** Where phones reach the app, http://ADDRESS:PORT, while club night is on. */
  baseUrl: z.string().nullable(),
});
export type ClubNightStatus = z.infer<typeof clubNightStatusSchema>;

/** A link as made: the URL carries the token, shown this once and stored only as its hash. */
const clubLinkSchema = z.object({
  url: z.string(),
  expiresAt: z.string(),
  scope: z.enum(['table', 'board']),
  battleId: z.string().nullable(),
});
export type ClubLink = z.infer<typeof clubLinkSchema>;

/** One of this computer's IPv4 addresses club night may listen on, with its interface's name. */
const networkAddressSchema = z.object({ interface: z.string(), address: z.string(), internal: z.boolean() });
export type NetworkAddress = z.infer<typeof networkAddressSchema>;

/** The table cards' PDF, with the links it carries (made for it: a link's token exists only when it is made). */
const tableCardsSchema = pdfFileSchema.extend({ links: z.array(clubLinkSchema) });

const players = z.tuple([z.string(), z.string()]);

const clubTableSchema = z.object({
  battleId: z.string(),
  players,
  campaignName: z.string().nullable(),
  /** Standalone or crossover when there is no campaign: the Tables list names it as Battles in progress does. */
  mode: z.enum(['campaign', 'standalone', 'crossover']),
  mission: z.number().int().nullable(),
  status: z.enum(BATTLE_STATUSES),
  round: z.number().int(),
  events: z.number().int(),
  /** When the battle last changed (its newest event, start or finish). */
  lastEventAt: z.string(),
  /** When a phone last called with this table's link, since the server started; null when none has. */
  lastHeardAt: z.string().nullable(),
  /** The latest expiry among the table's links in force. */
  linkExpiresAt: z.string(),
  /** When a phone claimed each side (issue 42); null where none has. */
  claims: z.object({ A: z.string().nullable(), B: z.string().nullable() }),
});
export type ClubTable = z.infer<typeof clubTableSchema>;

const boardSchema = z.object({
  tables: z.array(
    z.object({
      battleId: z.string(),
      players,
      campaignName: z.string().nullable(),
      mission: z.number().int().nullable(),
      status: z.enum(BATTLE_STATUSES),
      round: z.number().int(),
      victoryPoints: z.object({ A: z.number().int(), B: z.number().int() }),
    }),
  ),
  standings: z.array(
    z.object({
      campaignId: z.string(),
      campaignName: z.string(),
      players: z.array(
        z.object({ name: z.string(), wins: z.number().int(), draws: z.number().int(), losses: z.number().int(), victoryPoints: z.number().int() }),
      ),
    }),
  ),
});
export type Board = z.infer<typeof boardSchema>;

const finishVote = z.enum(RESULTS).nullable();

/** Each side's confirmed result (from side A's view) of a battle still in progress; null where a side has not confirmed. */
const finishVotesSchema = z.object({ A: finishVote, B: finishVote });

export const clubNightContract = {
  'clubNight.status': channel('Whether club night is on, and where phones reach the app', noInput, clubNightStatusSchema, reads('clubNight')),
  'clubNight.start': channel(
    'Turn club night on: browser mode also listens on the chosen LAN address, for table and board links only',
    z.object({ lanAddress: lanAddressSchema, port: z.number().int().min(1).max(65535).optional() }).strict(),
    clubNightStatusSchema,
    writes('clubNight'),
  ),
  'clubNight.interfaces': channel(
    'This computer’s network addresses club night may listen on, to choose the one of the club’s network',
    noInput,
    z.array(networkAddressSchema),
    reads('clubNight'),
  ),
  'clubNight.stop': channel('Turn club night off: the LAN listener closes at once', noInput, clubNightStatusSchema, writes('clubNight')),
  'clubNight.createTableLink': channel(
    'A link (and its QR code) for one battle’s table: its phones read that battle and record its events',
    z.object({ battleId, hours: linkHoursSchema }).strict(),
    clubLinkSchema,
    writes('clubNight'),
  ),
  'clubNight.createBoardLink': channel(
    'A read-only link for the projector: standings and every table’s round and score',
    z.object({ hours: linkHoursSchema }).strict().optional().default({ hours: 6 }),
    clubLinkSchema,
    writes('clubNight'),
  ),
  'clubNight.revoke': channel(
    'Revoke one battle’s table links, the board’s, or every link',
    z.union([z.object({ battleId }).strict(), z.object({ board: z.literal(true) }).strict(), z.object({ all: z.literal(true) }).strict()]),
    z.object({ revoked: z.number().int() }),
    writes('clubNight'),
  ),
  'print.tableCards': channel(
    'Printed table cards: a new table link for each chosen battle in progress (every one when none is named), one card each with its QR code, link, players, mission and expiry',
    z
      .object({
        battleIds: z.array(battleId).min(1, 'choose at least one table').max(200).optional(),
        hours: linkHoursSchema,
        paperSize: z.enum(PAPER_SIZES).optional(),
      })
      .strict(),
    tableCardsSchema,
    writes('clubNight'),
  ),
  'clubNight.tables': channel(
    'The tables with a link in force: round, last event, last heard from',
    noInput,
    z.array(clubTableSchema),
    reads('clubNight', 'battles', 'campaigns', 'players'),
  ),
  'clubNight.board': channel(
    'The board: active campaigns’ standings and every table’s round and score',
    noInput,
    boardSchema,
    reads('clubNight', 'battles', 'campaigns', 'players', 'ledger'),
    { board: true },
  ),
  'table.pack': channel(
    'The ruleset version and pack a battle is played under',
    z.object({ battleId }).strict(),
    z.object({ version: rulesetVersionSchema, pack: rulesetPackSchema }),
    reads('battles', 'rulesets'),
    { table: tableBattleAt() },
  ),
  'table.rosters': channel(
    'The two rosters a battle was started from (those still stored)',
    z.object({ battleId }).strict(),
    z.array(rosterDetailSchema).max(2),
    reads('battles', 'rosters', 'rulesets', 'campaigns', 'ledger'),
    { table: tableBattleAt() },
  ),
  'table.inventory': channel(
    'A side’s campaign inventory (Veteran Sixes, Cryptid Dice, trophies); null outside a campaign battle',
    z.object({ battleId, side }).strict(),
    z.object({ allowance: z.number().int(), inventory: inventorySchema }).nullable(),
    reads('battles', 'ledger', 'campaigns'),
    { table: tableBattleAt() },
  ),
  'table.cribSheet': channel(
    'The crib sheet for a battle’s pack and options, with a page of its two rosters’ special rules',
    z.object({ battleId, paperSize: z.enum(PAPER_SIZES).optional() }).strict(),
    pdfFileSchema,
    reads('battles', 'rulesets', 'settings', 'campaigns'),
    { table: tableBattleAt() },
  ),
  'table.finishVotes': channel(
    'Each side’s confirmed result of a battle still in progress, so a phone shows what the other side confirmed',
    z.object({ battleId }).strict(),
    finishVotesSchema,
    reads('battles'),
    { table: tableBattleAt() },
  ),
  'table.confirmFinish': channel(
    'One side confirms the result (from side A’s view), replacing its earlier confirmation, with its own rating of the battle if it gives one; when both sides have confirmed the same result the battle is finished',
    z
      .object({
        battleId,
        side,
        result: z.enum(RESULTS),
        requestId: requestIdSchema.optional(),
        /** The phone's own id: only the phone that claimed `side` may confirm it (issue 42). */
        deviceId: deviceIdSchema.optional(),
        /** This side's fun and clarity and the rule that confused it (issue 36), kept with the battle; left out, the side does not rate here. */
        rating: sideRatingSchema.optional(),
      })
      .strict(),
    z.object({
      confirmed: finishVotesSchema,
      finished: z.boolean(),
      battle: battleDetailSchema,
    }),
    writes('battles', 'campaigns', 'ledger', 'rosters', 'reports'),
    { table: tableBattleAt(), side: sideAt('side') },
  ),
  'table.sides': channel(
    'Which sides of a table a phone has claimed, and whether this phone has',
    z.object({ battleId, deviceId: deviceIdSchema }).strict(),
    tableSidesSchema,
    // not the battles domain: a phone would read the claims again on every event of its table, within its link's budget
    reads('clubNight'),
    { table: tableBattleAt() },
  ),
  'table.claimSide': channel(
    'This phone plays one side of the table (only it then confirms that side’s result and makes its own choices), or none: just watching',
    z.object({ battleId, deviceId: deviceIdSchema, side: side.nullable() }).strict(),
    tableSidesSchema,
    writes('clubNight'),
    { table: tableBattleAt() },
  ),
  'clubNight.resetClaim': channel(
    'Free one side of a table, so another phone may claim it (a phone lost, flat or handed over)',
    z.object({ battleId, side }).strict(),
    z.object({ reset: z.number().int() }),
    writes('clubNight'),
  ),
} as const;
