import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../../../src-shared/errors';
import type { BattleEvent, BattleEventBody } from '../../../../src-shared/battle/events';
import type { Database } from '../schema';

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

export interface BattleEventsTable {
  id: string;
  battle_id: string;
  seq: number;
  round: number;
  kind: string;
  payload_json: string;
  created_at: string;
  corrects_event_id: string | null;
  struck: number;
}

export interface BattleTables {
  battles: BattlesTable;
  battle_events: BattleEventsTable;
}

type Db = Kysely<Database> | Transaction<Database>;

export async function requireBattleRow(db: Db, id: string): Promise<BattlesTable> {
  const row = await db.selectFrom('battles').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'There is no battle with that id.', { path: ['battleId'] });
  return row;
}

/** A stored event as the domain sees it. Payloads were checked when written, so they are not re-parsed here. */
export function rowToEvent(r: BattleEventsTable): BattleEvent {
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
  const rows = await db.selectFrom('battle_events').selectAll().where('battle_id', '=', battleId).orderBy('seq').execute();
  return rows.map(rowToEvent);
}

export async function insertBattleEvents(
  db: Db,
  battleId: string,
  firstSeq: number,
  round: number,
  events: { id: string; body: BattleEventBody; correctsEventId: string | null }[],
  at: string,
): Promise<void> {
  if (events.length === 0) return;
  await db
    .insertInto('battle_events')
    .values(
      events.map((e, i) => ({
        id: e.id,
        battle_id: battleId,
        seq: firstSeq + i,
        round,
        kind: e.body.kind,
        payload_json: JSON.stringify(e.body),
        created_at: at,
        corrects_event_id: e.correctsEventId,
        struck: 0,
      })),
    )
    .execute();
  const struck = events.map((e) => e.correctsEventId).filter((x): x is string => !!x);
  if (struck.length) await db.updateTable('battle_events').set({ struck: 1 }).where('battle_id', '=', battleId).where('id', 'in', struck).execute();
}
