import type { Kysely, Transaction } from 'kysely';
import { battleOutcomeSchema } from '../../../src-shared/battle/outcome';
import { struckIds, victoryPoints } from '../../../src-shared/battle/reducer';
import { battleRules } from '../../../src-shared/battle/rules-of-pack';
import { playtestFromPlayed, type PlaytestBattle, type ReportFilter } from '../../../src-shared/reports';
import type { Database } from '../db/schema';
import { battleState } from '../battles/battles';
import { loadPlaytestBattles } from '../db/tables/reports.table';

type Db = Kysely<Database> | Transaction<Database>;

/** Finished Play Mode battles in the filter's campaigns, missions and dates, mapped into playtest records. */
export async function loadPlayedBattles(db: Db, f: ReportFilter = {}): Promise<PlaytestBattle[]> {
  let q = db.selectFrom('battles').select('id').where('status', '=', 'finished').where('outcome_json', 'is not', null).orderBy('finished_at').orderBy('id');
  if (f.campaignIds?.length) q = q.where('campaign_id', 'in', f.campaignIds);
  if (f.missions?.length) q = q.where('mission', 'in', f.missions);
  if (f.from) q = q.where('finished_at', '>=', f.from);
  if (f.to) q = q.where('finished_at', '<', `${f.to}\uffff`);
  const out: PlaytestBattle[] = [];
  for (const { id } of await q.execute()) {
    const { state, loaded, events } = await battleState(db, id);
    const struck = struckIds(events);
    const live = events.filter((e) => !struck.has(e.id) && !e.struck);
    const recordedVp = live.flatMap((e) => (e.body.kind === 'record.vp' ? [{ side: e.body.side, source: e.body.source, amount: e.body.amount }] : []));
    out.push(
      playtestFromPlayed({
        id,
        campaignId: loaded.row.campaign_id,
        mission: loaded.row.mission,
        finishedAt: loaded.row.finished_at ?? loaded.row.updated_at,
        activation: loaded.row.activation,
        state,
        outcome: battleOutcomeSchema.parse(JSON.parse(loaded.row.outcome_json!)),
        totalVp: victoryPoints(state, battleRules(loaded.pack, loaded.options)),
        recordedVp,
      }),
    );
  }
  return out;
}

/** Every battle a report covers: played in Play Mode, plus records entered or imported; sorted by date. */
export async function loadReportBattles(db: Db, f: ReportFilter = {}): Promise<PlaytestBattle[]> {
  const [played, stored] = await Promise.all([loadPlayedBattles(db, f), loadPlaytestBattles(db, f)]);
  const seen = new Set(played.map((b) => b.id));
  return [...played, ...stored.filter((b) => !seen.has(b.id))].sort((a, b) => a.playedAt.localeCompare(b.playedAt) || a.id.localeCompare(b.id));
}
