import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { buildOutcome } from '../../../src-shared/battle/build-outcome';
import type { BattleEvent } from '../../../src-shared/battle/events';
import { resolveIntent, type BattleIntent } from '../../../src-shared/battle/intents';
import { battleOutcomeSchema, type BattleResult } from '../../../src-shared/battle/outcome';
import { cryptidTieNeedsRolloff } from '../../../src-shared/battle/cryptid-tie';
import { resultOfEarlyEnd } from '../../../src-shared/battle/last-retinue';
import { applyEventToOwnState, foldEvents } from '../../../src-shared/battle/reducer';
import { type BattleSetup, type SideSetup } from '../../../src-shared/battle/setup';
import { battleSetupSchema } from '../../../src-shared/battle/setup.schema';
import { activationStrategy } from '../../../src-shared/battle/strategies';
import type { BattleDetail, BattleSummary, battleStartSchema } from '../../../src-shared/contract/battles.contract';
import { cryptoDice, type DiceSource } from '../../../src-shared/dice/source';
import { AppError } from '../../../src-shared/errors';
import { rosterViolations } from '../../../src-shared/roster/validate';
import { type RuleOptions } from '../../../src-shared/ruleset/options';
import { ruleOptionsSchema } from '../../../src-shared/ruleset/options.schema';
import type { RulesetPack } from '../../../src-shared/ruleset/schema';
import { finishMission, previewFinish } from '../campaigns/finish-mission';
import { consumeCrossoverTrophies } from '../campaigns/crossover-trophies';
import { storePlayedFacts } from '../reports/played-battles';
import type { SideRating } from '../../../src-shared/battle/ratings';
import { writeBattleRatings } from '../db/tables/battle-ratings.table';
import {
  battleEventCounts,
  battlesDisplacedFromTheirMission,
  battleEvents,
  battleEventsWithLinks,
  battleOfEvent,
  battleWriteHead,
  closeFinishedBattle,
  eventRecorders,
  insertBattle,
  insertBattleEvents,
  listBattleRows,
  markBattleAbandoned,
  requireBattleRow,
  runningBattleOfMission,
  type BattlesTable,
} from '../db/tables/battles.table';
import { clearFinishVotes } from '../db/tables/club-links.table';
import { isDisplaced } from './displaced';
import { MISSION_RECORDED_HELP, missionRecordedNotice } from '../../../src-shared/campaign/mission-once';
import { campaignSeats, findCampaignName, findPlayerName, getCampaignRow } from '../db/tables/club.table';
import { allowanceFor, campaignInventory } from '../db/tables/ledger.table';
import { campaignRules, packOfVersion } from '../db/game-data';
import { requireRoster } from '../db/tables/rosters.table';
import { latestRulesetVersionId } from '../db/tables/rulesets.table';
import type { Database, Db } from '../db/schema';
import { requireCrossoverAllowed } from './crossover';
import { sideFromRoster } from './from-roster';
import { battleRules } from './rules';
import { load, stateOf, type Loaded } from './battle-state';
import { battleDefinitionOf, cachedRound, cachedSeq, keepState, takeState } from './battle-cache';
import { rosterAllowance } from '../rosters/allowance';
import { GuessWasStale, lockedWrite, singleStatementWrite, writeTransaction, type SingleStatementWrite } from '../db/dialect';

/** The table's dice: unbiased, from the platform's cryptographic generator. */
const dice: DiceSource = cryptoDice();

async function playerName(db: Db, id: string): Promise<string> {
  const name = await findPlayerName(db, id);
  if (name === undefined) throw new AppError('NOT_FOUND', 'That player is not in the club list.', { path: ['rosterIds'] });
  return name;
}

function refuseInvalid(name: string, v: ReturnType<typeof rosterViolations>, i: number): void {
  if (v.valid) return;
  const first = v.violations[0]!;
  const more = v.violations.length > 1 ? ` (and ${v.violations.length - 1} more)` : '';
  throw new AppError('RULE_VIOLATION', `${name} is not a legal army yet: ${first.message}${more} Fix it in the Builder first.`, { path: ['rosterIds', i] });
}

export async function startBattle(db: Kysely<Database>, input: z.output<typeof battleStartSchema>): Promise<string> {
  const [ra, rb] = await Promise.all(input.rosterIds.map((id) => requireRoster(db, id)));
  let rosters = [ra!.roster, rb!.roster];
  if (rosters[0]!.playerId === rosters[1]!.playerId)
    throw new AppError('VALIDATION', 'The two armies belong to the same player; choose one army per player.', { path: ['rosterIds', 1] });
  let pack: RulesetPack;
  let options: RuleOptions;
  let versionId: number;
  let mission: number | null = input.mission;
  const allowances: number[] = [];
  if (input.mode === 'campaign') {
    if (!input.campaignId) throw new AppError('VALIDATION', 'Choose the campaign this battle belongs to.', { path: ['campaignId'] });
    const row = await getCampaignRow(db, input.campaignId);
    if (row.status !== 'active') throw new AppError('CONFLICT', `This campaign is ${row.status}; no more missions are played in it.`, { path: ['campaignId'] });
    mission = row.current_mission;
    ({ pack, options, rulesetVersionId: versionId } = await campaignRules(db, row.id));
    const seats = await campaignSeats(db, row.id);
    // Side A is seat A, whichever order the rosters came in.
    rosters = seats.map((s) => {
      const r = rosters.find((x) => x.playerId === s.playerId);
      if (!r) throw new AppError('VALIDATION', `Choose ${s.playerName}’s army for this campaign.`, { path: ['rosterIds'] });
      if (r.campaignId !== row.id) throw new AppError('VALIDATION', `${r.name} is not an army of this campaign.`, { path: ['rosterIds'] });
      return r;
    });
    // the Builder's own rule for a campaign army's allowance, the match-lower house option included (DIGEST AMB-22)
    for (const r of rosters) allowances.push((await rosterAllowance(db, r, pack)).allowance);
    const running = await runningBattleOfMission(db, row.id, mission);
    if (running)
      throw new AppError('CONFLICT', `Mission ${mission} of this campaign is already being played: resume that battle or abandon it first.`, {
        path: ['campaignId'],
      });
  } else {
    versionId = await latestRulesetVersionId(db);
    pack = (await packOfVersion(db, versionId)).pack;
    options = ruleOptionsSchema.parse({ ...pack.options, altActivationModule: input.altActivationModule });
    if (input.mode === 'crossover') {
      // The ledger's crossover check, before anything is written; the module follows the campaigns' own setting (DIGEST §23).
      const cross = await requireCrossoverAllowed(db, [rosters[0]!, rosters[1]!], pack, input.veteranSixes);
      options = ruleOptionsSchema.parse({ ...pack.options, altActivationModule: cross.altActivationModule });
      // both sides play at the veterans' mission level (DIGEST 18): another mission is refused, none means that one
      if (cross.missionLevel !== null && mission !== null && mission !== cross.missionLevel)
        throw new AppError('RULE_VIOLATION', `A crossover is played at the veterans’ mission level: mission ${cross.missionLevel}, not ${mission}.`, {
          path: ['mission'],
        });
      mission ??= cross.missionLevel;
    }
    for (const r of rosters) {
      // A crossover army keeps its own campaign allowance; a standalone one has the 500 limit (DIGEST 1.3, 18.3).
      allowances.push(input.mode === 'crossover' && r.campaignId ? await allowanceFor(db, r.campaignId, r.playerId) : pack.economy.standaloneLimit);
    }
  }
  rosters.forEach((r, i) => refuseInvalid(r.name, rosterViolations(r, pack, { allowance: allowances[i]! }), i));
  const activation = options.altActivationModule ? 'alternating' : 'bag';
  if (!activationStrategy(activation)) throw new AppError('RULE_VIOLATION', 'The alternating-activation module is not available in this version.');
  const sides = await Promise.all(
    rosters.map(async (r) => {
      const side = sideFromRoster(r, pack, await playerName(db, r.playerId));
      return withVeteranSixes(side, await ranksOf(db, r, input.mode), input.mode === 'crossover' ? input.veteranSixes : null);
    }),
  );
  const setup: BattleSetup = battleSetupSchema.parse({
    mode: input.mode,
    campaignId: input.mode === 'campaign' ? input.campaignId : null,
    mission,
    activation,
    lifeCycle: true,
    sides,
  });
  const id = crypto.randomUUID();
  const at = new Date().toISOString();
  await insertBattle(db, {
    id,
    mode: setup.mode,
    campaign_id: setup.campaignId,
    mission,
    roster_a_id: rosters[0]!.id,
    roster_b_id: rosters[1]!.id,
    player_a_id: rosters[0]!.playerId,
    player_b_id: rosters[1]!.playerId,
    ruleset_version_id: versionId,
    options_json: JSON.stringify(options),
    setup_json: JSON.stringify(setup),
    activation,
    status: 'in_progress',
    started_at: at,
    updated_at: at,
    finished_at: null,
    outcome_json: null,
  });
  return id;
}

/**
 * Each formation's Veteran Sixes for this battle from its rank in the ledger
 * (Field Manual §11 step 3: they refresh every battle). Only a campaign army
 * has ranks; a standalone army and a crossover guest bring none.
 */
async function ranksOf(db: Db, roster: { campaignId: string | null; playerId: string }, mode: BattleSetup['mode']): Promise<Map<string, number>> {
  if (mode === 'standalone' || !roster.campaignId) return new Map();
  const inv = await campaignInventory(db, roster.campaignId, roster.playerId);
  return new Map(inv.formations.map((f) => [f.formationId, f.veteranSixes]));
}

/** A crossover side also carries the matched number both sides use in the whole battle (DIGEST 18.5, AMB-24). */
function withVeteranSixes(side: SideSetup, ranks: Map<string, number>, matched: number | null): SideSetup {
  return { ...side, veteranSixesMatched: matched, formations: side.formations.map((f) => ({ ...f, veteranSixes: ranks.get(f.id) ?? 0 })) };
}

/**
 * The round a battle in progress is playing, as Play Mode folds it. The events' own round column is the round
 * each was recorded in, so the event that starts a round (deployment, a round's end) sits under the one before,
 * and the highest of them stays a step behind from each round's start until its first event.
 */
function roundBeingPlayed(l: Loaded, events: BattleEvent[]): number {
  return cachedRound(l.row.id, events[events.length - 1]?.seq ?? 0) ?? stateOf(l, events).round;
}

/**
 * `round`: the round being played, where the caller has folded it (a battle in progress, battleDetail); otherwise a
 * battle in progress takes it from the state cache when that holds its latest event, and folds its record only when
 * it does not; a battle over takes the events' highest.
 */
async function summaryOf(db: Db, row: BattlesTable, round?: number, displaced?: boolean): Promise<BattleSummary> {
  const setup = JSON.parse(row.setup_json) as BattleSetup;
  const counts = await battleEventCounts(db, row.id);
  if (round === undefined && row.status === 'in_progress')
    round = cachedRound(row.id, counts.lastSeq) ?? roundBeingPlayed(await load(db, row.id), await battleEvents(db, row.id));
  const campaignName = row.campaign_id ? await findCampaignName(db, row.campaign_id) : undefined;
  return {
    id: row.id,
    mode: row.mode,
    campaignId: row.campaign_id,
    campaignName: campaignName ?? null,
    mission: row.mission,
    status: row.status,
    activation: row.activation,
    rulesetVersionId: row.ruleset_version_id,
    players: [setup.sides[0].playerName, setup.sides[1].playerName],
    startedAt: row.started_at,
    updatedAt: row.updated_at,
    finishedAt: row.finished_at,
    events: counts.events,
    round: round ?? counts.round,
    missionRecordedElsewhere: displaced ?? (await isDisplaced(db, row)),
  };
}

export async function battleDetail(db: Db, battleId: string): Promise<BattleDetail> {
  const l = await load(db, battleId);
  const { events, links } = await battleEventsWithLinks(db, battleId);
  return {
    ...(await summaryOf(db, l.row, l.row.status === 'in_progress' ? roundBeingPlayed(l, events) : undefined)),
    setup: l.setup,
    options: l.options,
    log: events,
    recordedBy: Object.fromEntries(links),
    outcome: l.row.outcome_json ? battleOutcomeSchema.parse(JSON.parse(l.row.outcome_json)) : null,
  };
}

/** One battle's list row: its round from the state cache when that is current, without reading its record otherwise. */
export async function battleSummary(db: Db, battleId: string): Promise<BattleSummary> {
  return summaryOf(db, await requireBattleRow(db, battleId));
}

export async function listBattles(db: Db, f: { status?: BattleSummary['status']; campaignId?: string }): Promise<BattleSummary[]> {
  const rows = await listBattleRows(db, f);
  // which of them lost their mission to another battle, in one query for the list rather than one per row
  const displaced = new Set(await battlesDisplacedFromTheirMission(db, f.campaignId ? [f.campaignId] : undefined));
  return Promise.all(rows.map((r) => summaryOf(db, r, undefined, displaced.has(r.id))));
}

/**
 * The head: the last event's number, once the battle is open and this event new; null when the event is already
 * recorded in this battle (a retried write records nothing new).
 */
async function headSeq(trx: Db, battleId: string, clientEventId: string, lock: boolean): Promise<number | null> {
  const head = await battleWriteHead(trx, battleId, clientEventId, { lock });
  const seenIn = head ? head.eventBattleId : ((await battleOfEvent(trx, clientEventId)) ?? null);
  if (seenIn !== null) {
    if (seenIn !== battleId) throw new AppError('CONFLICT', 'That event id belongs to another battle.', { path: ['clientEventId'] });
    return null;
  }
  if (!head) throw new AppError('NOT_FOUND', 'There is no battle with that id.', { path: ['battleId'] });
  if (head.status !== 'in_progress')
    throw new AppError('CONFLICT', `This battle is ${head.status === 'finished' ? 'finished' : 'abandoned'}; its record is closed.`);
  return head.lastSeq;
}

type BattleDefinition = Awaited<ReturnType<typeof battleDefinitionOf>>;

/** A Cryptid Die or a banked trophy spent must be one the player holds in the campaign. */
async function checkItemSpent(trx: Db, intent: BattleIntent, { setup, options }: BattleDefinition): Promise<void> {
  if (intent.kind !== 'record') return;
  const body = intent.body;
  if (body.kind === 'record.cryptidDie')
    await checkCryptidDie(trx, setup, body.side, body.dieId, options.cryptidDieUse === 'earning-formation' ? (body.formationId ?? null) : undefined);
  if (body.kind === 'record.trophyUsed') await checkBankedTrophy(trx, setup, body.side, body.trophyId);
}

/**
 * The intent resolved (dice rolled) against the battle's state and applied to it: the new events, numbered from the
 * client's id, and the state after them. A refusal throws, and nothing is written.
 */
async function applyIntent(trx: Db, battleId: string, clientEventId: string, intent: BattleIntent, lastSeq: number, { setup, rules }: BattleDefinition) {
  // The cached state is taken, not copied: it is changed in place below and handed back after the commit.
  const cached = takeState(battleId, lastSeq);
  // The whole record is read only when the cached state is stale or history is being corrected.
  const needLog = !cached || intent.kind === 'strike' || intent.kind === 'undo-draw';
  const events = needLog ? await battleEvents(trx, battleId) : [];
  let state = cached ?? foldEvents(setup, rules, events);
  const resolved = resolveIntent(state, intent, rules, (n) => dice.roll(n), events);
  const at = new Date().toISOString();
  const round = state.round;
  const fresh = resolved.map((e, i) => ({ ...e, id: i === 0 ? clientEventId : `${clientEventId}:${i + 1}`, at }));
  if (fresh.some((e) => e.correctsEventId)) {
    // A strike changes history: replay the whole record without the struck events.
    const struck = new Set(fresh.map((e) => e.correctsEventId).filter(Boolean));
    const candidate = [
      ...events.map((e) => (struck.has(e.id) ? { ...e, struck: true } : e)),
      ...fresh.map((e, i) => ({ id: e.id, seq: lastSeq + i + 1, at, body: e.body })),
    ];
    state = foldEvents(setup, rules, candidate);
  } else {
    // the state is this write's own (taken from the cache, or just folded): a refusal throws and the write, state and all, is dropped
    for (const e of fresh) state = applyEventToOwnState(state, e, rules);
  }
  return { state, fresh, round, at };
}

/**
 * Records one thing that happened at the table, in one transaction: the
 * intent is resolved (dice rolled), checked against the rules by applying it
 * to the replayed state, and only then written. `clientEventId` makes a
 * retried write (a lost reply, a crash before the reply) record nothing new.
 * `linkId`: the club night table link the step came through (null: the
 * organiser). Its events carry it, and it may strike out (undo) only events
 * it recorded itself; the organiser may strike out any.
 */
export async function actOnBattle(
  db: Kysely<Database>,
  battleId: string,
  clientEventId: string,
  intent: BattleIntent,
  { linkId = null }: { linkId?: string | null } = {},
): Promise<{ recorded: boolean }> {
  // Most events are one INSERT: on a league server that runs without a transaction (singleStatementWrite), the events
  // numbered from the head under UNIQUE (battle_id, seq) and written only while the battle is in progress. A strike
  // also marks what it strikes, two statements: a transaction whose head read locks the battle.
  const corrects = intent.kind === 'strike' || intent.kind === 'undo-draw';
  const write = <T>(fn: (trx: Db, how: SingleStatementWrite) => Promise<T>): Promise<T> =>
    corrects ? lockedWrite(db, { battleId, lockedByFirstRead: true }, (trx) => fn(trx, { mayGuess: false, guarded: false })) : singleStatementWrite(db, fn);
  const written = await write(async (trx, { mayGuess, guarded }) => {
    const guessed = mayGuess ? cachedSeq(battleId) : undefined;
    try {
      return await recordEvents(trx, guessed, guarded);
    } catch (e) {
      // a refusal reached from a guess may be the guess's doing (a repeated request, another organiser's events):
      // the next attempt reads the head and decides
      if (guessed !== undefined && e instanceof AppError) throw new GuessWasStale();
      throw e;
    }
  });
  async function recordEvents(trx: Db, guessed: number | undefined, guarded: boolean) {
    // The head: the last event's number, and whether the battle is open and this event new. Where a wrong guess is
    // retried (a league server's first attempt), the number this process's cache holds is used instead of reading it:
    // the insert itself then checks the rest (its guard: the battle open; its primary key: the event id new; UNIQUE
    // (battle_id, seq): nobody wrote since), and any miss runs the write again with the head read.
    const lastSeq = guessed ?? (await headSeq(trx, battleId, clientEventId, corrects));
    if (lastSeq === null) return null;
    const definition = await battleDefinitionOf(trx, battleId);
    await checkItemSpent(trx, intent, definition);
    const { state, fresh, round, at } = await applyIntent(trx, battleId, clientEventId, intent, lastSeq, definition);
    const firstSeq = lastSeq + 1;
    if (!corrects && fresh.some((e) => e.correctsEventId)) throw new Error('a correction outside the strike intents');
    if (linkId !== null) await refuseUndoOfOthers(trx, battleId, linkId, fresh);
    if ((await insertBattleEvents(trx, battleId, firstSeq, round, fresh, at, { whileInProgress: guarded, linkId })) < fresh.length) {
      // the battle is closed (or gone): a guess learns which from the head on the next attempt
      if (guessed !== undefined) throw new GuessWasStale();
      throw new AppError('CONFLICT', 'This battle was finished or abandoned just now; its record is closed.');
    }
    return { seq: firstSeq + fresh.length - 1, state };
  }
  if (!written) return { recorded: false };
  // only a committed state is cached: a write that failed leaves nothing behind
  keepState(battleId, written.seq, written.state);
  return { recorded: true };
}

/**
 * A table link undoes its own events only (club night, issue 35): every event
 * a correction strikes must have been recorded through this same link. Both
 * players' phones opened from one table card share its link, so either may
 * undo what either recorded there; an event the organiser recorded, or
 * another link (a second link of the battle, a reprinted card's), is refused
 * and nothing is written. Read inside the write, so it holds what it checks.
 */
async function refuseUndoOfOthers(db: Db, battleId: string, linkId: string, fresh: { correctsEventId: string | null }[]): Promise<void> {
  const targets = fresh.map((e) => e.correctsEventId).filter((x): x is string => x !== null);
  const recorders = await eventRecorders(db, battleId, targets);
  for (const id of targets) {
    const by = recorders.get(id) ?? null;
    if (by === linkId) continue;
    throw new AppError(
      'FORBIDDEN',
      by === null
        ? 'That was recorded at the organiser’s computer: only the organiser can undo it.'
        : 'That was recorded through another table link: undo it on the phone that recorded it, or ask the organiser.',
      { path: ['intent'] },
    );
  }
}

/** A Cryptid Die is spent from the player's campaign inventory, in a campaign battle only (DIGEST 13.13, AMB-27). */
async function checkCryptidDie(db: Db, setup: BattleSetup, side: 'A' | 'B', dieId: string, user?: string | null): Promise<void> {
  if (setup.mode !== 'campaign' || !setup.campaignId)
    throw new AppError('RULE_VIOLATION', 'Cryptid Dice are for later encounters of their own campaign; this battle is not a campaign mission.', {
      path: ['intent', 'body', 'dieId'],
    });
  const { cryptidDice } = await campaignInventory(db, setup.campaignId, setup.sides[side === 'A' ? 0 : 1].playerId);
  const die = cryptidDice.find((d) => d.id === dieId);
  if (!die) throw new AppError('RULE_VIOLATION', 'That player holds no such Cryptid Die.', { path: ['intent', 'body', 'dieId'] });
  // the campaign's cryptidDieUse ruling: only the earning formation may use it (AMB-27)
  if (user !== undefined && user !== die.formationId)
    throw new AppError('RULE_VIOLATION', `Under this campaign's ruling only ${die.formationName}, which earned it, may use this Cryptid Die (DIGEST AMB-27).`, {
      path: ['intent', 'body', 'formationId'],
    });
}

/**
 * A banked trophy is used in a later battle of its own campaign (Field Manual
 * §10), or by a veteran in a crossover (AMB-24): the player must hold it
 * banked in that campaign.
 */
async function checkBankedTrophy(db: Db, setup: BattleSetup, side: 'A' | 'B', trophyId: string): Promise<void> {
  const s = setup.sides[side === 'A' ? 0 : 1];
  const campaignId =
    setup.mode === 'campaign' ? setup.campaignId : setup.mode === 'crossover' && s.rosterId ? (await requireRoster(db, s.rosterId)).roster.campaignId : null;
  if (!campaignId)
    throw new AppError(
      'RULE_VIOLATION',
      `${s.playerName} has no campaign here to bring a banked trophy from: trophies serve their own campaign and its crossovers.`,
      {
        path: ['intent', 'body', 'trophyId'],
      },
    );
  const { trophies } = await campaignInventory(db, campaignId, s.playerId);
  if (!trophies.some((t) => t.trophyId === trophyId && t.status === 'banked'))
    throw new AppError('RULE_VIOLATION', `${s.playerName} holds no such banked trophy; a trophy is used once.`, { path: ['intent', 'body', 'trophyId'] });
}

async function outcomeOf(db: Db, battleId: string, result: BattleResult) {
  const l = await load(db, battleId);
  const state = stateOf(l, await battleEvents(db, battleId));
  if (state.phase !== 'over')
    throw new AppError('RULE_VIOLATION', `The battle ends after round five; it is in round ${state.round}. Finish the rounds, or abandon the battle.`, {
      path: ['result'],
    });
  const rules = battleRules(l.pack, l.options);
  if (cryptidTieNeedsRolloff(state, rules) && !state.cryptid!.tieRolloff)
    throw new AppError(
      'RULE_VIOLATION',
      'Both companies dealt the cryptid equal damage: roll off for first place before finishing (the rolloff ruling, DIGEST AMB-03).',
      {
        path: ['result'],
      },
    );
  const only = resultOfEarlyEnd(state);
  if (only && only !== result) {
    const winner = l.setup.sides[state.endedEarly!.winner === 'A' ? 0 : 1].playerName;
    throw new AppError(
      'RULE_VIOLATION',
      `The battle ended in round ${state.endedEarly!.round} when only ${winner} had formations on the table: ${winner} wins (the alternating module's rule, DIGEST §23 T9).`,
      { path: ['result'] },
    );
  }
  return { l, outcome: buildOutcome(state, battleRules(l.pack, l.options), result) };
}

export async function previewBattleFinish(db: Kysely<Database>, battleId: string, result: BattleResult) {
  const { outcome } = await outcomeOf(db, battleId, result);
  return { outcome, preview: await previewFinish(db, { battleId, outcome }) };
}

/**
 * Finish: a campaign battle goes through the ledger's Finish Mission, which
 * records once per battle id; then the battle is closed. A retry after a
 * crash between the two finds the ledger already done and closes the battle.
 */
/**
 * Finish: the battle closed with the players' result, its report facts written and, for a campaign battle, Finish
 * Mission run, all in one transaction. `ratings` (the players' fun, clarity and a rule that confused them, by side)
 * are written in that same transaction, so a refused finish leaves no rating; a repeated finish writes none.
 */
export async function finishBattle(
  db: Kysely<Database>,
  battleId: string,
  result: BattleResult,
  requestId?: string,
  ratings?: Partial<Record<'A' | 'B', SideRating | null>>,
) {
  const row = await requireBattleRow(db, battleId);
  if (row.status === 'abandoned') throw new AppError('CONFLICT', 'This battle was abandoned; it cannot be finished.');
  // its mission recorded by another battle meanwhile (the paper form, another table): said before anything else
  if (row.mission !== null && (await isDisplaced(db, row)))
    throw new AppError('CONFLICT', `${missionRecordedNotice(row.mission)} ${MISSION_RECORDED_HELP}`, { path: ['battleId'] });
  if (row.status === 'finished') {
    const outcome = battleOutcomeSchema.parse(JSON.parse(row.outcome_json!));
    if (outcome.mode === 'campaign' && requestId) {
      // the ledger knows whose finish it was: this request's own (a retry) or another organiser's
      const r = await finishMission(db, { battleId, outcome, requestId });
      return { recorded: r.recorded, alreadyRecorded: r.alreadyRecorded, finishedElsewhere: r.finishedElsewhere, preview: r.preview };
    }
    return { recorded: false, alreadyRecorded: true, preview: await previewFinish(db, { battleId, outcome }) };
  }
  const { outcome } = await outcomeOf(db, battleId, result);
  const at = new Date().toISOString();
  const close = async (trx: Transaction<Database>): Promise<void> => {
    await closeFinishedBattle(trx, battleId, JSON.stringify(outcome), at);
    // the phones' Finish votes are spent (club night)
    await clearFinishVotes(trx, battleId);
    await consumeCrossoverTrophies(trx, outcome, at);
    // the playtest report reads facts, not events: they land with the finish or not at all
    await storePlayedFacts(trx, battleId);
    await writeBattleRatings(trx, battleId, ratings, at);
  };
  // The battle closes inside the ledger's own transaction, so a crash leaves both done or neither.
  const ledger = await finishMission(db, { battleId, outcome, requestId }, { beforeCommit: close });
  // Nothing was written there (a standalone game, or a finish recorded before the battle was closed): close it alone.
  if (!ledger.recorded) await writeTransaction(db, close);
  return {
    recorded: ledger.recorded || outcome.mode !== 'campaign',
    alreadyRecorded: ledger.alreadyRecorded,
    ...(ledger.finishedElsewhere ? { finishedElsewhere: true } : {}),
    preview: ledger.preview,
  };
}

export async function abandonBattle(db: Kysely<Database>, battleId: string): Promise<void> {
  const row = await requireBattleRow(db, battleId);
  if (row.status === 'finished') throw new AppError('CONFLICT', 'This battle is finished; its record stays as it is.');
  if (row.status === 'abandoned') return;
  const at = new Date().toISOString();
  await writeTransaction(db, async (trx) => {
    await markBattleAbandoned(trx, battleId, at);
    // a Finish vote of the phones has nothing left to finish (club night)
    await clearFinishVotes(trx, battleId);
  });
}

/** The battle as a self-contained JSON document (for the CLI and for the designer). */
export async function exportBattle(db: Db, battleId: string): Promise<{ fileName: string; json: string }> {
  const d = await battleDetail(db, battleId);
  const json = JSON.stringify({ format: 'age-of-ash-battle', version: 1, exportedAt: new Date().toISOString(), battle: d }, null, 2);
  return { fileName: `battle-${d.startedAt.slice(0, 10)}-${d.id.slice(0, 8)}.json`, json };
}
