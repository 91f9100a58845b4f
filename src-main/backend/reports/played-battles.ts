import type { Kysely, Transaction } from 'kysely';
import { battleOutcomeSchema } from '../../../src-shared/battle/outcome';
import { vpBySource } from '../../../src-shared/battle/victory-points';
import { battleRules } from '../../../src-shared/battle/rules-of-pack';
import { playtestFromPlayed, type PlaytestBattle, type ReportFilter } from '../../../src-shared/reports';
import type { Database, Db } from '../db/schema';
import { battleState } from '../battles/battle-state';
import { loadPlaytestBattles } from '../db/tables/reports.table';
import { idsMissingReportFacts, writeReportFacts, writeStoredReportFacts } from '../db/tables/report-facts.table';
import { isAppError } from '../../../src-shared/errors';
import { finishedBattleRows } from '../db/tables/battles.table';
import { writeTransaction } from '../db/dialect';
import { registerLedgerCache } from '../ledger-caches';
import { ratingsOfBattles } from '../db/tables/battle-ratings.table';

/** Which battles to read: a report's filter, or the exact ids behind a figure (click-through). */
export type BattleSelection = ReportFilter & { ids?: readonly string[] };

/**
 * A finished battle's record is closed (battles.act refuses it), so its
 * playtest record is computed once and kept, keyed by id and checked against
 * the row's updated_at. Replaying every battle's events on every report would
 * make the report slower with every game the club plays.
 */
const records = new Map<string, { updatedAt: string; record: PlaytestBattle }>();
registerLedgerCache(() => records.clear());
const MAX_CACHED = 20_000;

async function playedRecord(db: Db, id: string): Promise<PlaytestBattle> {
  const { state, loaded } = await battleState(db, id);
  return playtestFromPlayed({
    id,
    campaignId: loaded.row.campaign_id,
    mission: loaded.row.mission,
    finishedAt: loaded.row.finished_at ?? loaded.row.updated_at,
    activation: loaded.row.activation,
    state,
    outcome: battleOutcomeSchema.parse(JSON.parse(loaded.row.outcome_json!)),
    vpBySource: vpBySource(state, battleRules(loaded.pack, loaded.options)),
    options: loaded.options,
  });
}

/** Finished Play Mode battles in the selection's campaigns, missions and dates, mapped into playtest records. */
async function loadPlayedBattles(db: Db, f: BattleSelection = {}): Promise<PlaytestBattle[]> {
  if (f.ids && f.ids.length === 0) return [];
  const out: PlaytestBattle[] = [];
  for (const { id, updated_at } of await finishedBattleRows(db, f)) {
    const hit = records.get(id);
    if (hit && hit.updatedAt === updated_at) {
      out.push(hit.record);
      continue;
    }
    const record = await playedRecord(db, id);
    if (records.size >= MAX_CACHED) records.clear();
    records.set(id, { updatedAt: updated_at, record });
    out.push(record);
  }
  return out;
}

/** Code-unit order, the order SQL sorts the report's facts in, so the loaded battles and the SQL report list ids alike. */
const before = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Every battle a report covers: played in Play Mode, plus records entered or imported; sorted by date, then id. Each
 * side carries the players' ratings as `battle_ratings` holds them (a rating may come after the finish), the same
 * rows the SQL report counts.
 */
export async function loadReportBattles(db: Db, f: BattleSelection = {}): Promise<PlaytestBattle[]> {
  const [played, stored, ratings] = await Promise.all([loadPlayedBattles(db, f), loadPlaytestBattles(db, f), ratingsOfBattles(db, f.ids)]);
  const seen = new Set(played.map((b) => b.id));
  return [...played, ...stored.filter((b) => !seen.has(b.id))]
    .sort((a, b) => before(a.playedAt, b.playedAt) || before(a.id, b.id))
    .map((b) => {
      const r = ratings.get(b.id);
      // the records are cached and shared: a battle with ratings of its own is a new object, never the cached one changed
      if (!r && !b.sides.some((s) => s.ratings)) return b;
      return {
        ...b,
        sides: [
          { ...b.sides[0], ratings: r?.A ?? null },
          { ...b.sides[1], ratings: r?.B ?? null },
        ],
      };
    });
}

/** Writes a just-finished Play Mode battle's report facts, inside the transaction that closes it. */
export async function storePlayedFacts(trx: Transaction<Database>, battleId: string): Promise<void> {
  await writeReportFacts(trx, await playedRecord(trx, battleId), 'played');
}

const FILL_SLICE = 500;

/**
 * Report facts of records stored before migration 0010 (or by an older app
 * on a restored ledger), filled in one write transaction when the ledger is
 * opened, so the report itself only ever reads. A stored record that cannot
 * be parsed gets no facts: the report leaves it out rather than refusing to open.
 */
export async function fillMissingReportFacts(db: Kysely<Database>): Promise<number> {
  const missing = await idsMissingReportFacts(db);
  if (!missing.stored.length && !missing.played.length) return 0;
  let filled = 0;
  await writeTransaction(db, async (trx) => {
    filled = 0;
    for (let i = 0; i < missing.stored.length; i += FILL_SLICE) {
      const ids = missing.stored.slice(i, i + FILL_SLICE);
      for (const b of await readableRecords(trx, ids)) {
        await writeStoredReportFacts(trx, b, 'import');
        filled += 1;
      }
    }
    for (const id of missing.played) {
      await storePlayedFacts(trx, id);
      filled += 1;
    }
  });
  return filled;
}

async function readableRecords(db: Db, ids: string[]): Promise<PlaytestBattle[]> {
  try {
    return await loadPlaytestBattles(db, { ids });
  } catch (e) {
    if (!isAppError(e) || e.code !== 'DB_CORRUPT') throw e;
    const one = await Promise.all(ids.map((id) => loadPlaytestBattles(db, { ids: [id] }).catch(() => [])));
    return one.flat();
  }
}
