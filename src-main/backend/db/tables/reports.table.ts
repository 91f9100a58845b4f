import { AppError } from '../../../../src-shared/errors';
import { safeParseJson } from '../../../../src-shared/json-parse';
import { playtestBattleSchema, type PlaytestBattle, type ReportFilter } from '../../../../src-shared/reports/battle';
import type { Db } from '../schema';
import { registerLedgerCache } from '../../ledger-caches';
import { writeStoredReportFacts } from './report-facts.table';
import { readInSlices } from '../in-slices';

export interface PlaytestBattlesTable {
  id: string;
  campaign_id: string | null;
  mission: number | null;
  played_at: string;
  /** A PlaytestBattle (src-shared/reports/battle.ts). */
  record_json: string;
  source: 'import' | 'paper';
  created_at: string;
}

export interface ReportTables {
  playtest_battles: PlaytestBattlesTable;
}

/** Stores records with their report facts, replacing any with the same id (re-importing a file is harmless). Run it in a transaction. */
export async function upsertPlaytestBattles(db: Db, battles: PlaytestBattle[], source: PlaytestBattlesTable['source'] = 'import'): Promise<void> {
  const now = new Date().toISOString();
  for (const b of battles) {
    const values = { id: b.id, campaign_id: b.campaignId, mission: b.mission, played_at: b.playedAt, record_json: JSON.stringify(b), source, created_at: now };
    await db
      .insertInto('playtest_battles')
      .values(values)
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet({ campaign_id: values.campaign_id, mission: values.mission, played_at: values.played_at, record_json: values.record_json, source }),
      )
      .execute();
    await writeStoredReportFacts(db, b, source);
  }
}

/**
 * Stores a paper battle's record (issue 41, recorded on the post-battle form) with its report facts. Its ratings are
 * not the record's: the finish wrote them to battle_ratings, where a later rating changes them, so they are left alone.
 * Run it in the finish's transaction.
 */
export async function storePaperBattle(db: Db, b: PlaytestBattle): Promise<void> {
  const values = { id: b.id, campaign_id: b.campaignId, mission: b.mission, played_at: b.playedAt, record_json: JSON.stringify(b), source: 'paper' as const };
  await db
    .insertInto('playtest_battles')
    .values({ ...values, created_at: values.played_at })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({ campaign_id: values.campaign_id, mission: values.mission, played_at: values.played_at, record_json: values.record_json }),
    )
    .execute();
  await writeStoredReportFacts(db, b, 'paper');
}

/**
 * Takes a paper battle's record and its report facts out (its finish was undone, issue 41): a mission undone and
 * recorded again on the form must not count twice. Its ratings stay, as a redo brings the record back. A battle that
 * is no paper record is left alone. Run it in the undo's transaction.
 */
export async function forgetPaperBattle(db: Db, battleId: string): Promise<void> {
  const held = await db.selectFrom('playtest_battles').select('id').where('id', '=', battleId).where('source', '=', 'paper').executeTakeFirst();
  if (!held) return;
  await db.deleteFrom('playtest_battles').where('id', '=', battleId).execute();
  await db.deleteFrom('report_battles').where('id', '=', battleId).where('source', '=', 'paper').execute();
}

/**
 * Whether a mission finish's battle was recorded on the post-battle form: it has no Play Mode record in this ledger
 * (the form's battle exists only as its finish). A redo of such a finish brings its paper record back.
 */
export async function isPaperFinish(db: Db, battleId: string): Promise<boolean> {
  return !(await db.selectFrom('battles').select('id').where('id', '=', battleId).executeTakeFirst());
}

/**
 * Parsed records by id, with the text they were parsed from: a report is
 * re-run on every change of filter, and parsing and checking ten thousand
 * records again each time would cost more than the report itself. A record
 * is re-read whenever its stored text differs.
 */
const parsed = new Map<string, { json: string; record: PlaytestBattle }>();
registerLedgerCache(() => parsed.clear());
const MAX_PARSED = 50_000;

/**
 * Stored records narrowed in SQL by campaign, date, mission or exact ids; the
 * faction filter is applied by the aggregation (it looks inside the record).
 */
export async function loadPlaytestBattles(db: Db, f: ReportFilter & { ids?: readonly string[] } = {}): Promise<PlaytestBattle[]> {
  const query = () => {
    let q = db.selectFrom('playtest_battles').select(['id', 'record_json']).orderBy('played_at').orderBy('id');
    if (f.campaignIds?.length) q = q.where('campaign_id', 'in', f.campaignIds);
    if (f.missions?.length) q = q.where('mission', 'in', f.missions);
    if (f.from) q = q.where('played_at', '>=', f.from);
    // played_at is ISO: everything on the "to" day sorts below the next day
    if (f.to) q = q.where('played_at', '<', `${f.to}\uffff`);
    return q;
  };
  let rows: { id: string; record_json: string }[];
  if (f.ids) rows = await readInSlices(f.ids, (ids) => query().where('id', 'in', ids).execute());
  else rows = await query().execute();
  if (parsed.size + rows.length > MAX_PARSED) parsed.clear();
  return rows.map((r) => {
    const hit = parsed.get(r.id);
    if (hit && hit.json === r.record_json) return hit.record;
    const result = safeParseJson(playtestBattleSchema, r.record_json);
    if (!result.success) throw new AppError('DB_CORRUPT', `The stored playtest record ${r.id} cannot be read.`);
    parsed.set(r.id, { json: r.record_json, record: result.data });
    return result.data;
  });
}
