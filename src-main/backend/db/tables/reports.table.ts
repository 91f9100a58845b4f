import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../../../src-shared/errors';
import { playtestBattleSchema, type PlaytestBattle, type ReportFilter } from '../../../../src-shared/reports/battle';
import type { Database } from '../schema';

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

type Db = Kysely<Database> | Transaction<Database>;

/** Stores records, replacing any with the same id (re-importing a file is harmless). */
export async function upsertPlaytestBattles(db: Db, battles: PlaytestBattle[], source: PlaytestBattlesTable['source'] = 'import'): Promise<void> {
  const now = new Date().toISOString();
  for (const b of battles) {
    const values = { id: b.id, campaign_id: b.campaignId, mission: b.mission, played_at: b.playedAt, record_json: JSON.stringify(b), source, created_at: now };
    await db
      .insertInto('playtest_battles')
      .values(values)
      .onConflict((oc) => oc.column('id').doUpdateSet({ campaign_id: values.campaign_id, mission: values.mission, played_at: values.played_at, record_json: values.record_json, source }))
      .execute();
  }
}

/**
 * Stored records narrowed in SQL by campaign, date and mission; the faction
 * filter is applied by the aggregation (it looks inside the record).
 */
export async function loadPlaytestBattles(db: Db, f: ReportFilter = {}): Promise<PlaytestBattle[]> {
  let q = db.selectFrom('playtest_battles').select(['id', 'record_json']).orderBy('played_at').orderBy('id');
  if (f.campaignIds?.length) q = q.where('campaign_id', 'in', f.campaignIds);
  if (f.missions?.length) q = q.where('mission', 'in', f.missions);
  if (f.from) q = q.where('played_at', '>=', f.from);
  // played_at is ISO: everything on the "to" day sorts below the next day
  if (f.to) q = q.where('played_at', '<', `${f.to}\uffff`);
  const rows = await q.execute();
  return rows.map((r) => {
    const parsed = playtestBattleSchema.safeParse(JSON.parse(r.record_json));
    if (!parsed.success) throw new AppError('DB_CORRUPT', `The stored playtest record ${r.id} cannot be read.`);
    return parsed.data;
  });
}
