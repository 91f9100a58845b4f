import type { ExpressionBuilder } from 'kysely';
import { AppError } from '../../../../src-shared/errors';
import type { BattleEvent, BattleEventBody } from '../../../../src-shared/battle/events';
import type { Database, Db } from '../schema';
import { lockingRead, sharingRead } from '../dialect';
import { readInSlices } from '../in-slices';

export interface BattlesTable {
  id: string;
  mode: 'campaign' | 'standalone' | 'crossover';
  campaign_id: string | null;
  mission: number | null;
  roster_a_id: string | null;
  roster_b_id: string | null;
  player_a_id: string;
  player_b_id: string;
  ruleset_version_id: number;
  options_json: string;
  setup_json: string;
  activation: 'bag' | 'alternating';
  status: 'in_progress' | 'finished' | 'abandoned';
  started_at: string;
  updated_at: string;
  finished_at: string | null;
  outcome_json: string | null;
}

interface BattleEventsTable {
  id: string;
  battle_id: string;
  seq: number;
  round: number;
  kind: string;
  payload_json: string;
  created_at: string;
  corrects_event_id: string | null;
  struck: number;
  /** The club night link (club_links.id) the event was recorded through; null for the organiser's (migration 0017). */
  link_id: string | null;
}

export interface BattleTables {
  battles: BattlesTable;
  battle_events: BattleEventsTable;
}

/**
 * A battle's rows with updated_at as its last change: the row's own time
 * (start, finish, abandon) or its newest event, whichever is later. Recording
 * an event writes the event row alone (the battle row is not touched), so
 * the write costs one row; the last change is read from the events' index.
 */
function battlesWithLastChange(db: Db) {
  return db.selectFrom('battles as b').select((eb) => {
    const lastEvent = eb.selectFrom('battle_events as e').select('e.created_at').whereRef('e.battle_id', '=', 'b.id').orderBy('e.seq', 'desc').limit(1);
    return [
      'b.id',
      'b.mode',
      'b.campaign_id',
      'b.mission',
      'b.roster_a_id',
      'b.roster_b_id',
      'b.player_a_id',
      'b.player_b_id',
      'b.ruleset_version_id',
      'b.options_json',
      'b.setup_json',
      'b.activation',
      'b.status',
      'b.started_at',
      'b.finished_at',
      'b.outcome_json',
      eb.case().when(lastEvent, '>', eb.ref('b.updated_at')).then(lastEvent).else(eb.ref('b.updated_at')).end().$castTo<string>().as('updated_at'),
    ];
  });
}

export async function requireBattleRow(db: Db, id: string): Promise<BattlesTable> {
  const row = await battlesWithLastChange(db).where('b.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'There is no battle with that id.', { path: ['battleId'] });
  return row;
}

/** A stored event as the domain sees it. Payloads were checked when written, so they are not re-parsed here. */
function rowToEvent(r: BattleEventsTable): BattleEvent {
  const { kind: _kind, ...rest } = JSON.parse(r.payload_json) as Record<string, unknown>;
  return {
    id: r.id,
    seq: r.seq,
    round: r.round,
    at: r.created_at,
    correctsEventId: r.corrects_event_id,
    struck: r.struck === 1,
    body: { kind: r.kind, ...rest } as BattleEventBody,
  };
}

export async function battleEvents(db: Db, battleId: string): Promise<BattleEvent[]> {
  return (await battleEventsWithLinks(db, battleId)).events;
}

/** A battle's events, and the club night link each event recorded through a link was recorded with (event id → link id). */
export async function battleEventsWithLinks(db: Db, battleId: string): Promise<{ events: BattleEvent[]; links: Map<string, string> }> {
  const rows = await db.selectFrom('battle_events').selectAll().where('battle_id', '=', battleId).orderBy('seq').execute();
  const links = new Map<string, string>();
  for (const r of rows) if (r.link_id !== null) links.set(r.id, r.link_id);
  return { events: rows.map(rowToEvent), links };
}

/** Who recorded each of these events of a battle: the club night link's id, or null for the organiser. */
export async function eventRecorders(db: Db, battleId: string, eventIds: readonly string[]): Promise<Map<string, string | null>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db.selectFrom('battle_events').select(['id', 'link_id']).where('battle_id', '=', battleId).where('id', 'in', eventIds).execute();
  return new Map(rows.map((r) => [r.id, r.link_id]));
}

/**
 * Writes a battle's new events (and marks the events they strike). With
 * `whileInProgress` the events go in one INSERT ... SELECT whose every row
 * is written only while the battle is in progress (a shared lock on it on
 * PostgreSQL: a writer closing it is waited for): a write made of this one
 * statement (singleStatementWrite) needs no transaction. Returns how many
 * events were written (none when the battle was closed meanwhile).
 */
export async function insertBattleEvents(
  db: Db,
  battleId: string,
  firstSeq: number,
  round: number,
  events: { id: string; body: BattleEventBody; correctsEventId: string | null }[],
  at: string,
  opts: { whileInProgress?: boolean; linkId?: string | null } = {},
): Promise<number> {
  if (events.length === 0) return 0;
  const rows = events.map((e, i) => ({
    id: e.id,
    battle_id: battleId,
    seq: firstSeq + i,
    round,
    kind: e.body.kind,
    payload_json: JSON.stringify(e.body),
    created_at: at,
    corrects_event_id: e.correctsEventId,
    struck: 0,
    link_id: opts.linkId ?? null,
  }));
  let written: number;
  if (opts.whileInProgress) {
    const open = (eb: ExpressionBuilder<Database, never>) =>
      eb.exists(sharingRead(db, eb.selectFrom('battles as g').select('g.id').where('g.id', '=', battleId).where('g.status', '=', 'in_progress'), 'g'));
    // a parameter in a SELECT list is text to PostgreSQL: the integer columns say what they are
    const rowQuery = (r: (typeof rows)[number]) =>
      db
        .selectNoFrom((eb) => [
          eb.val(r.id).as('id'),
          eb.val(r.battle_id).as('battle_id'),
          eb.cast(eb.val(r.seq), 'integer').as('seq'),
          eb.cast(eb.val(r.round), 'integer').as('round'),
          eb.val(r.kind).as('kind'),
          eb.val(r.payload_json).as('payload_json'),
          eb.val(r.created_at).as('created_at'),
          eb.val(r.corrects_event_id).as('corrects_event_id'),
          eb.cast(eb.val(r.struck), 'integer').as('struck'),
          // a null parameter has no type PostgreSQL can infer in a SELECT list
          eb.cast(eb.val(r.link_id), 'text').as('link_id'),
        ])
        .where(open);
    let union = rowQuery(rows[0]!);
    for (const r of rows.slice(1)) union = union.unionAll(rowQuery(r));
    const res = await db
      .insertInto('battle_events')
      .columns(['id', 'battle_id', 'seq', 'round', 'kind', 'payload_json', 'created_at', 'corrects_event_id', 'struck', 'link_id'])
      .expression(union)
      .executeTakeFirst();
    written = Number(res.numInsertedOrUpdatedRows ?? 0);
  } else {
    await db.insertInto('battle_events').values(rows).execute();
    written = rows.length;
  }
  const struck = events.map((e) => e.correctsEventId).filter((x): x is string => !!x);
  if (struck.length && written) await db.updateTable('battle_events').set({ struck: 1 }).where('battle_id', '=', battleId).where('id', 'in', struck).execute();
  return written;
}

export async function insertBattle(db: Db, row: BattlesTable): Promise<void> {
  await db.insertInto('battles').values(row).execute();
}

/** The battle of a campaign mission still being played, if any (a mission is played at one table at a time). */
export async function runningBattleOfMission(db: Db, campaignId: string, mission: number): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('battles')
    .select('id')
    .where('campaign_id', '=', campaignId)
    .where('mission', '=', mission)
    .where('status', '=', 'in_progress')
    .executeTakeFirst();
}

export async function listBattleRows(db: Db, f: { status?: BattlesTable['status']; campaignId?: string }): Promise<BattlesTable[]> {
  let q = battlesWithLastChange(db).orderBy('updated_at', 'desc');
  if (f.status) q = q.where('b.status', '=', f.status);
  if (f.campaignId) q = q.where('b.campaign_id', '=', f.campaignId);
  return q.execute();
}

/**
 * Campaign battles still in progress whose mission another battle (a paper form's, another table's, one a campaign
 * file or a league brought) has recorded meanwhile: they can no longer finish it (issue 40, one mission, one record).
 */
export async function battlesDisplacedFromTheirMission(db: Db, campaignIds?: readonly string[]): Promise<string[]> {
  if (campaignIds && campaignIds.length === 0) return [];
  let q = db
    .selectFrom('battles as b')
    .select('b.id')
    .where('b.status', '=', 'in_progress')
    .where('b.mode', '=', 'campaign')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('mission_finishes as f')
          .select('f.id')
          .whereRef('f.campaign_id', '=', 'b.campaign_id')
          .whereRef('f.mission', '=', 'b.mission')
          .whereRef('f.battle_id', '!=', 'b.id')
          .where('f.undone_by_event_id', 'is', null),
      ),
    );
  if (campaignIds) q = q.where('b.campaign_id', 'in', campaignIds);
  return (await q.execute()).map((r) => r.id);
}

/** How many events a battle has recorded and the highest round they reached. */
export async function battleEventCounts(db: Db, battleId: string): Promise<{ events: number; round: number; lastSeq: number }> {
  const counts = await db
    .selectFrom('battle_events')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max<number>('round').as('round'), eb.fn.max<number>('seq').as('seq')])
    .where('battle_id', '=', battleId)
    .executeTakeFirstOrThrow();
  return { events: Number(counts.n), round: Number(counts.round ?? 0), lastSeq: Number(counts.seq ?? 0) };
}

/**
 * What recording an event checks first, in one statement: the battle's
 * status, its last sequence number (0 before the first event) and the battle
 * an event id was already recorded in (null when the id is new).
 * Undefined when there is no such battle.
 */
export async function battleWriteHead(
  db: Db,
  battleId: string,
  eventId: string,
  opts: { lock?: boolean } = {},
): Promise<{ status: BattlesTable['status']; lastSeq: number; eventBattleId: string | null } | undefined> {
  const q = db
    .selectFrom('battles as b')
    .select((eb) => [
      'b.status',
      eb
        .selectFrom('battle_events as e')
        .select((e) => e.fn.max<number>('e.seq').as('m'))
        .whereRef('e.battle_id', '=', 'b.id')
        .as('last_seq'),
      eb.selectFrom('battle_events as s').select('s.battle_id').where('s.id', '=', eventId).as('event_battle_id'),
    ])
    .where('b.id', '=', battleId);
  // with `lock`, this read is the write's lock on the battle (lockedWrite's lockedByFirstRead)
  const row = await (opts.lock ? lockingRead(db, q, 'b') : q).executeTakeFirst();
  return row && { status: row.status, lastSeq: Number(row.last_seq ?? 0), eventBattleId: row.event_battle_id ?? null };
}

/** The battle an event id was recorded in, if that id is taken (a retried write is recognised by it). */
export async function battleOfEvent(db: Db, eventId: string): Promise<string | undefined> {
  const row = await db.selectFrom('battle_events').select('battle_id').where('id', '=', eventId).executeTakeFirst();
  return row?.battle_id;
}

/** Closes a battle still in progress with its outcome; a battle already closed is left as it is. */
export async function closeFinishedBattle(db: Db, battleId: string, outcomeJson: string, at: string): Promise<void> {
  await db
    .updateTable('battles')
    .set({ status: 'finished', finished_at: at, updated_at: at, outcome_json: outcomeJson })
    .where('id', '=', battleId)
    .where('status', '=', 'in_progress')
    .execute();
}

export async function markBattleAbandoned(db: Db, battleId: string, at: string): Promise<void> {
  await db.updateTable('battles').set({ status: 'abandoned', updated_at: at, finished_at: at }).where('id', '=', battleId).execute();
}

/**
 * Finished battles with an outcome, narrowed by campaign, mission, date
 * (finished_at) or exact ids, in the order they finished.
 */
export async function finishedBattleRows(
  db: Db,
  f: { campaignIds?: readonly string[]; missions?: readonly number[]; from?: string; to?: string; ids?: readonly string[] },
): Promise<{ id: string; updated_at: string }[]> {
  const base = () => {
    let q = db
      .selectFrom('battles')
      .select(['id', 'updated_at'])
      .where('status', '=', 'finished')
      .where('outcome_json', 'is not', null)
      .orderBy('finished_at')
      .orderBy('id');
    if (f.campaignIds?.length) q = q.where('campaign_id', 'in', f.campaignIds);
    if (f.missions?.length) q = q.where('mission', 'in', f.missions);
    if (f.from) q = q.where('finished_at', '>=', f.from);
    // finished_at is ISO: everything on the "to" day sorts below the next day
    if (f.to) q = q.where('finished_at', '<', `${f.to}\uffff`);
    return q;
  };
  if (!f.ids) return base().execute();
  return readInSlices(f.ids, (ids) => base().where('id', 'in', ids).execute());
}
