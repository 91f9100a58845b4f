import type { Kysely, Transaction } from 'kysely';
import type { BattleOutcome } from '../../../src-shared/battle/outcome';
import { planFinish, type FinishPreview } from '../../../src-shared/campaign/finish-plan';
import { finishPreviewSchema } from '../../../src-shared/campaign/finish-plan.schema';
import { inventoryFromEntries } from '../../../src-shared/campaign/entries';
import { rankFor } from '../../../src-shared/campaign/veterans';
import { AppError } from '../../../src-shared/errors';
import { DEFAULT_RULE_OPTIONS } from '../../../src-shared/ruleset/options';
import type { Database, Db } from '../db/schema';
import { campaignSeats, findPlayerName, getCampaignRow, type CampaignsTable } from '../db/tables/club.table';
import { allowanceFromEntries, appendEntries, appendEvent, campaignEntries } from '../db/tables/ledger.table';
import { campaignRules } from '../db/game-data';
import { campaignForFinish, insertMissionFinish, liveFinishOfBattle } from '../db/tables/finishes.repo';
import { syncCampaignState } from './campaign-state';
import { dbFailure, lockedWrite } from '../db/dialect';
import { findRoster } from '../db/tables/rosters.table';
import { tableFormations } from '../../../src-shared/battle/roster-formations';
import { outcomeRosterRefusal } from '../../../src-shared/campaign/outcome-rosters';
import type { SideRating } from '../../../src-shared/battle/ratings';
import type { Side } from '../../../src-shared/battle/setup';
import { writeBattleRatings } from '../db/tables/battle-ratings.table';

/** Code a caller runs inside Finish's transaction: its own check first, and the tests' seams. */
export interface FinishHooks {
  /**
   * Runs first inside the finish's transaction, once the campaign is locked and the battle is not yet recorded (for
   * a standalone battle, which writes nothing, before its plan): the caller's own check of what it is about to
   * record, made on the rows as they are when the finish is written. A refusal writes nothing.
   */
  check?: (db: Db) => void | Promise<void>;
  /** Test seam: runs between the reward entries and the service marks. */
  afterRewards?: (trx: Transaction<Database>) => void | Promise<void>;
  /** Runs last inside the finish's transaction: a caller's own write that must land with the finish or not at all. */
  beforeCommit?: (trx: Transaction<Database>) => void | Promise<void>;
}

async function plan(db: Db, outcome: BattleOutcome, campaignRow?: CampaignsTable) {
  if (outcome.mode !== 'campaign' || !outcome.campaignId) {
    // no campaign changes; the economy does not matter for an empty plan
    const empty = planFinish(
      outcome,
      null,
      {
        startingAllowance: 0,
        cap: 0,
        standaloneLimit: 0,
        rewardMissions: [],
        rewards: { participation: 0, win: 0, perMutant: 0, mutantCap: 0, cryptidFirst: 0, cryptidSecond: 0, minWoundsForPlacing: 1 },
        ranks: [{ marks: 1, rank: 'I', veteranSixes: 1 }],
      },
      DEFAULT_RULE_OPTIONS,
      5,
    );
    // no campaign to name the players either: the players' own names, never their ids (issue 15)
    for (const p of empty.preview.players) p.playerName = (await findPlayerName(db, p.playerId)) ?? p.playerName;
    return empty;
  }
  const row = campaignRow ?? (await getCampaignRow(db, outcome.campaignId));
  const { pack, options } = await campaignRules(db, row.id);
  const seats = await campaignSeats(db, row.id);
  const allEntries = await campaignEntries(db, row.id);
  const allowances = new Map<string, number>();
  const inventories = new Map<string, ReturnType<typeof inventoryFromEntries>>();
  for (const s of seats) {
    const mine = allEntries.filter((e) => e.playerId === s.playerId);
    allowances.set(s.playerId, allowanceFromEntries(mine));
    inventories.set(
      s.playerId,
      inventoryFromEntries(mine, (m) => rankFor(m, pack.economy)),
    );
  }
  return planFinish(
    outcome,
    {
      id: row.id,
      currentMission: row.current_mission,
      status: row.status,
      players: seats.map((s) => ({ playerId: s.playerId, name: s.playerName })),
      allowances,
      inventories,
    },
    pack.economy,
    options,
    pack.cryptidRules.woundsPerCryptidDie,
  );
}

/**
 * Refuses a post-battle form's outcome that lists a formation (or a trophy
 * holder) its army does not have, or names another player's army, on the
 * field at fault; nothing is written (outcome-rosters.ts). Play Mode's own
 * outcome is built from the battle's set-up and needs no such check.
 */
export async function checkOutcomeArmies(db: Db, outcome: BattleOutcome): Promise<void> {
  const armies = await Promise.all(
    outcome.sides.map(async (side, i) => {
      if (!side.rosterId) return null;
      const row = await findRoster(db, side.rosterId);
      if (!row)
        throw new AppError('NOT_FOUND', 'That army does not exist in this ledger. Nothing was recorded.', { path: ['outcome', 'sides', i, 'rosterId'] });
      return { playerId: row.roster.playerId, name: row.roster.name, formations: tableFormations(row.roster) };
    }),
  );
  const refusal = outcomeRosterRefusal(outcome, armies);
  if (refusal) throw new AppError('VALIDATION', `${refusal.message} Nothing was recorded.`, { path: refusal.path });
}

/** What Finish would record, for the confirmation screen. Writes nothing. */
export async function previewFinish(db: Kysely<Database>, input: { battleId?: string; outcome: BattleOutcome }): Promise<FinishPreview> {
  if (input.battleId) {
    const done = await liveFinishOfBattle(db, input.battleId);
    if (done) return finishPreviewSchema.parse(JSON.parse(done.preview_json));
  }
  return (await plan(db, input.outcome)).preview;
}

export interface FinishResult {
  recorded: boolean;
  alreadyRecorded: boolean;
  finishedElsewhere?: boolean;
  eventId: string | null;
  preview: FinishPreview;
}

/**
 * A finish already in the register, answered to this request: its own
 * (the event id is the request's id: a retry whose reply was lost) gets the
 * first reply again; anyone else's is "already recorded", and with a
 * request id "finished elsewhere", with what was recorded.
 */
function answerOf(done: { event_id: string; preview_json: string }, requestId: string | undefined): FinishResult {
  const preview = finishPreviewSchema.parse(JSON.parse(done.preview_json));
  if (requestId !== undefined && done.event_id === requestId) return { recorded: true, alreadyRecorded: false, eventId: done.event_id, preview };
  return { recorded: false, alreadyRecorded: true, ...(requestId !== undefined ? { finishedElsewhere: true } : {}), eventId: done.event_id, preview };
}

/**
 * Finish Mission & Upgrade Army: rewards, ceiling, service marks, Cryptid
 * Dice and badges, trophies, spent dice and the next mission, all in one
 * transaction. Recorded exactly once: a repeated call with the same battle
 * returns what was recorded; the schema's partial UNIQUE indexes refuse a
 * second live finish even from another connection.
 */
export async function finishMission(
  db: Kysely<Database>,
  input: { battleId: string; outcome: BattleOutcome; requestId?: string; ratings?: Partial<Record<Side, SideRating | null>> },
  hooks: FinishHooks = {},
): Promise<FinishResult> {
  const { battleId, outcome, requestId, ratings } = input;
  if (outcome.mode !== 'campaign') {
    // a standalone battle records nothing in a ledger: checked all the same, so a refusal is the same everywhere
    await hooks.check?.(db);
    return { recorded: false, alreadyRecorded: false, eventId: null, preview: (await plan(db, outcome)).preview };
  }
  try {
    // reading the campaign's row (with the battle's live finish) is the lock; writers of the same campaign queue on it
    return await lockedWrite(db, { campaignId: outcome.campaignId!, lockedByFirstRead: true }, async (trx) => {
      const { row, done } = await campaignForFinish(trx, outcome.campaignId!, battleId);
      if (done) return answerOf(done, requestId);
      await hooks.check?.(trx);
      let p: Awaited<ReturnType<typeof plan>>;
      try {
        p = await plan(trx, outcome, row);
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        // the finish read with the lock may predate a wait for it (another organiser's finish of this battle, committed
        // meanwhile, is why the plan refuses): a refusal is first checked against the register as it is now
        const now = await liveFinishOfBattle(trx, battleId);
        if (now) return answerOf(now, requestId);
        throw e;
      }
      const mission = outcome.mission!;
      const at = new Date().toISOString();
      const verb = { win: 'won', draw: 'drew', loss: 'lost' } as const;
      const names = p.preview.players.map((x) => `${x.playerName} ${verb[x.result]}`).join(', ');
      const { event } = await appendEvent(
        trx,
        { campaignId: outcome.campaignId!, kind: 'mission-finished', mission, summary: `Mission ${mission} finished: ${names}`, id: requestId },
        [],
        at,
      );
      // the finish register first: a racing writer fails here, before any entry
      await insertMissionFinish(trx, {
        id: crypto.randomUUID(),
        campaign_id: outcome.campaignId!,
        mission,
        battle_id: battleId,
        event_id: event.id,
        outcome_json: JSON.stringify(outcome),
        preview_json: JSON.stringify(p.preview),
        undone_by_event_id: null,
        created_at: at,
      });
      const into = { id: event.id, campaign_id: event.campaignId };
      if (hooks.afterRewards) {
        await appendEntries(trx, into, p.rewardEntries, 0, at);
        await hooks.afterRewards(trx);
        await appendEntries(trx, into, p.campaignEntries, p.rewardEntries.length, at);
      } else {
        // the same rows at the same positions in one statement: on a league server each statement is a round trip
        await appendEntries(trx, into, [...p.rewardEntries, ...p.campaignEntries], 0, at);
      }
      await syncCampaignState(trx, outcome.campaignId!, at);
      // the players' ratings land with the finish or not at all (the post-battle form's; Play Mode writes its own in beforeCommit)
      await writeBattleRatings(trx, battleId, ratings, at);
      await hooks.beforeCommit?.(trx);
      return { recorded: true, alreadyRecorded: false, eventId: event.id, preview: p.preview };
    });
  } catch (e) {
    const failure = dbFailure(e);
    if (failure === 'constraint' || failure === 'busy' || failure === 'serialization') {
      // another writer got there first: report what it recorded, if it was this battle
      const done = await liveFinishOfBattle(db, battleId).catch(() => undefined);
      if (done) return answerOf(done, requestId);
      throw new AppError(
        'CONFLICT',
        failure !== 'constraint'
          ? 'Another window is recording to this ledger right now; try again in a moment.'
          : `Mission ${outcome.mission} of this campaign was recorded by another battle just now; nothing was recorded twice.`,
        { path: ['outcome', 'mission'] },
      );
    }
    throw e;
  }
}
