import { keptRating, type BattleRatings, type SideRating } from '../../../../src-shared/battle/ratings';
import { SIDES, type Side } from '../../../../src-shared/battle/setup';
import type { Db } from '../schema';
import { readInSlices } from '../in-slices';

/**
 * The players' ratings of their battles (migration 0016, issue 36): one row
 * per battle and side that rated it, fun and clarity 1–5 and the rule that
 * confused them, each null when not given. A side with nothing to say has no
 * row. Keyed by the battle id as Play Mode, the post-battle form and an
 * imported playtest record name it.
 */
interface BattleRatingsTable {
  battle_id: string;
  side: Side;
  fun: number | null;
  clarity: number | null;
  confusing_rule: string | null;
  rated_at: string;
}

export interface BattleRatingTables {
  battle_ratings: BattleRatingsTable;
}

const NONE: BattleRatings = { A: null, B: null };

function ratingOf(row: Pick<BattleRatingsTable, 'fun' | 'clarity' | 'confusing_rule'>): SideRating {
  return { fun: row.fun === null ? null : Number(row.fun), clarity: row.clarity === null ? null : Number(row.clarity), confusingRule: row.confusing_rule };
}

/** One side's rating, replacing any it had; a rating with nothing in it (or null) removes the side's row. Run it in a write transaction. */
export async function writeSideRating(db: Db, battleId: string, side: Side, rating: SideRating | null | undefined, at: string): Promise<void> {
  await db.deleteFrom('battle_ratings').where('battle_id', '=', battleId).where('side', '=', side).execute();
  const kept = keptRating(rating);
  if (!kept) return;
  await db
    .insertInto('battle_ratings')
    .values({ battle_id: battleId, side, fun: kept.fun, clarity: kept.clarity, confusing_rule: kept.confusingRule, rated_at: at })
    .execute();
}

/** The ratings a finish carries, side by side: a side given (null included) is written, a side left out is left as it is. */
export async function writeBattleRatings(
  db: Db,
  battleId: string,
  ratings: Partial<Record<Side, SideRating | null | undefined>> | undefined,
  at: string,
): Promise<void> {
  if (!ratings) return;
  for (const side of SIDES) if (ratings[side] !== undefined) await writeSideRating(db, battleId, side, ratings[side], at);
}

/** Both sides' ratings at once, replacing the battle's (a playtest record's, as imported). */
export async function replaceBattleRatings(db: Db, battleId: string, ratings: BattleRatings, at: string): Promise<void> {
  await db.deleteFrom('battle_ratings').where('battle_id', '=', battleId).execute();
  const rows = SIDES.flatMap((side) => {
    const kept = keptRating(ratings[side]);
    return kept ? [{ battle_id: battleId, side, fun: kept.fun, clarity: kept.clarity, confusing_rule: kept.confusingRule, rated_at: at }] : [];
  });
  if (rows.length) await db.insertInto('battle_ratings').values(rows).execute();
}

/** A battle's ratings, null for a side that did not rate. */
export async function battleRatings(db: Db, battleId: string): Promise<BattleRatings> {
  const rows = await db.selectFrom('battle_ratings').select(['side', 'fun', 'clarity', 'confusing_rule']).where('battle_id', '=', battleId).execute();
  const out: BattleRatings = { ...NONE };
  for (const r of rows) out[r.side] = ratingOf(r);
  return out;
}

/** The ratings of these battles (every rated battle when `ids` is left out), by battle id; a battle no side rated is not in the map. */
export async function ratingsOfBattles(db: Db, ids?: readonly string[]): Promise<Map<string, BattleRatings>> {
  const query = () => db.selectFrom('battle_ratings').select(['battle_id', 'side', 'fun', 'clarity', 'confusing_rule']);
  let rows: Omit<BattleRatingsTable, 'rated_at'>[];
  if (ids) rows = await readInSlices(ids, (slice) => query().where('battle_id', 'in', slice).execute());
  else rows = await query().execute();
  const out = new Map<string, BattleRatings>();
  for (const r of rows) {
    let b = out.get(r.battle_id);
    if (!b) out.set(r.battle_id, (b = { ...NONE }));
    b[r.side] = ratingOf(r);
  }
  return out;
}

/**
 * What a battle id names, for a rating: a Play Mode battle by its status, `paper` for a game entered on the
 * post-battle form (a live finish in the register, no battles row), or null for neither.
 */
export async function ratedBattleKind(db: Db, battleId: string): Promise<'in_progress' | 'finished' | 'abandoned' | 'paper' | null> {
  const row = await db.selectFrom('battles').select('status').where('id', '=', battleId).executeTakeFirst();
  if (row) return row.status;
  const paper = await db
    .selectFrom('mission_finishes')
    .select('id')
    .where('battle_id', '=', battleId)
    .where('undone_by_event_id', 'is', null)
    .executeTakeFirst();
  return paper ? 'paper' : null;
}
