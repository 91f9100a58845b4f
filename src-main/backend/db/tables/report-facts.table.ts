import { UNIT_TYPES, sideVpTotal, type PlaytestBattle, type PlaytestSide, type UnitType } from '../../../../src-shared/reports/battle';
import type { Db } from '../schema';
import { forEachUse, type UsageKind } from '../../../../src-shared/reports/aggregate';
import { replaceBattleRatings } from './battle-ratings.table';

/**
 * The playtest report's facts (migration 0010): what `buildReport` needs of
 * each battle, flattened so the report is grouped SQL (report-query.repo.ts).
 * `writeReportFacts` is the one place a PlaytestBattle becomes fact rows.
 */
type Seconds = { [R in 1 | 2 | 3 | 4 | 5 as `round${R}_seconds`]: number | null };
export type ReportFactSource = 'played' | 'import' | 'paper';

interface ReportBattlesTable extends Seconds {
  id: string;
  source: ReportFactSource;
  campaign_id: string | null;
  mission: number | null;
  played_at: string;
  /** playedAt's first ten characters, the day the date filters compare. */
  played_day: string;
  sequence: 'bag' | 'alternating';
  /** Null when the record has no round times. */
  total_seconds: number | null;
  faction_a: string;
  faction_b: string;
  /** The matchup's factions in the report's fixed order, and which of the two won. */
  matchup_a: string;
  matchup_b: string;
  matchup_result: 'a' | 'b' | 'draw';
  cryptid: 0 | 1;
  cryptid_dealt: number | null;
  cryptid_taken: number | null;
  cryptid_defeated: 0 | 1 | null;
  storm: 0 | 1;
  storm_dealt: number | null;
}

type SideUnitColumns = { [T in UnitType as `ranged_${T}` | `melee_${T}`]: number | null } & {
  [T in UnitType as `formations_${T}` | `survived_${T}`]: number;
};
interface ReportSidesTable extends SideUnitColumns {
  battle_id: string;
  side: 0 | 1;
  faction_id: string;
  result: 'win' | 'draw' | 'loss';
  vp_objectives: number;
  vp_relic: number;
  vp_secondary: number;
  vp_cryptid_hunt: number;
  /** The side's VP: its sources added, or a paper side's total as entered (migration 0020; null in older rows: the sources' sum). */
  vp_total: number | null;
}

/** A usage kind of the report, or the round a patrol uncloaked in. */
type UseKind = UsageKind | 'uncloak';
interface ReportUsesTable {
  battle_id: string;
  side: 0 | 1;
  kind: UseKind;
  /** An order, gambit or ability id, or an uncloak round. */
  key: string;
  n: number;
}

interface ReportDisputesTable {
  battle_id: string;
  idx: number;
  rule_ref: string;
  note: string;
}

/** A ruling (`option=value`) a reported battle was played under, differing from the default (migration 0012). */
interface ReportRulingsTable {
  battle_id: string;
  ruling: string;
}

export interface ReportFactTables {
  report_battles: ReportBattlesTable;
  report_sides: ReportSidesTable;
  report_uses: ReportUsesTable;
  report_disputes: ReportDisputesTable;
  report_rulings: ReportRulingsTable;
}

function battleRow(b: PlaytestBattle, source: ReportFactSource): ReportBattlesTable {
  const [s0, s1] = b.sides;
  // the same fixed order as buildReport's matchups (plain comparison)
  const [a, z] = s0.factionId <= s1.factionId ? [s0, s1] : [s1, s0];
  const seconds = (r: number) => b.roundSeconds[r - 1] ?? null;
  return {
    id: b.id,
    source,
    campaign_id: b.campaignId,
    mission: b.mission,
    played_at: b.playedAt,
    played_day: b.playedAt.slice(0, 10),
    // a paper record has none: its row says 'bag', and every figure of the sequence counts Play Mode's rows only (source)
    sequence: b.sequence ?? 'bag',
    total_seconds: b.roundSeconds.length ? b.roundSeconds.reduce((n, x) => n + x, 0) : null,
    round1_seconds: seconds(1),
    round2_seconds: seconds(2),
    round3_seconds: seconds(3),
    round4_seconds: seconds(4),
    round5_seconds: seconds(5),
    faction_a: s0.factionId,
    faction_b: s1.factionId,
    matchup_a: a.factionId,
    matchup_b: z.factionId,
    matchup_result: a.result === 'win' ? 'a' : z.result === 'win' ? 'b' : 'draw',
    cryptid: b.cryptid ? 1 : 0,
    cryptid_dealt: b.cryptid?.woundsDealt ?? null,
    cryptid_taken: b.cryptid?.woundsTaken ?? null,
    cryptid_defeated: b.cryptid ? (b.cryptid.defeated ? 1 : 0) : null,
    storm: b.storm ? 1 : 0,
    storm_dealt: b.storm?.woundsDealt ?? null,
  };
}

function sideRow(battleId: string, side: 0 | 1, s: PlaytestSide): ReportSidesTable {
  const units: Record<string, number | null> = {};
  for (const t of UNIT_TYPES) {
    const wounds = s.wounds.filter((w) => w.unitType === t);
    units[`ranged_${t}`] = wounds.length ? wounds.reduce((n, w) => n + w.ranged, 0) : null;
    units[`melee_${t}`] = wounds.length ? wounds.reduce((n, w) => n + w.melee, 0) : null;
    const formations = s.formations.filter((f) => f.unitType === t);
    units[`formations_${t}`] = formations.length;
    units[`survived_${t}`] = formations.filter((f) => f.survived).length;
  }
  return {
    battle_id: battleId,
    side,
    faction_id: s.factionId,
    result: s.result,
    // a paper side's sources are not known: zero here, and the VP by source counts Play Mode's sides only (source)
    vp_objectives: s.vp?.objectives ?? 0,
    vp_relic: s.vp?.relic ?? 0,
    vp_secondary: s.vp?.secondary ?? 0,
    vp_cryptid_hunt: s.vp?.cryptidHunt ?? 0,
    vp_total: sideVpTotal(s),
    ...(units as SideUnitColumns),
  };
}

function useRows(battleId: string, side: 0 | 1, s: PlaytestSide): ReportUsesTable[] {
  const rows: ReportUsesTable[] = [];
  forEachUse(s, (kind, key, n) => rows.push({ battle_id: battleId, side, kind, key, n }));
  const rounds = new Map<number, number>();
  for (const r of s.uncloakRounds) rounds.set(r, (rounds.get(r) ?? 0) + 1);
  for (const [r, n] of rounds) rows.push({ battle_id: battleId, side, kind: 'uncloak', key: String(r), n });
  return rows;
}

/** Replaces a battle's facts with those of this record. Run it in the transaction that stores the record. */
export async function writeReportFacts(db: Db, b: PlaytestBattle, source: ReportFactSource): Promise<void> {
  await db.deleteFrom('report_battles').where('id', '=', b.id).execute();
  // a paper record is told by its row's source however it came (the post-battle form, or a record file of one)
  await db
    .insertInto('report_battles')
    .values(battleRow(b, b.source === 'paper' ? 'paper' : source))
    .execute();
  await db
    .insertInto('report_sides')
    .values(b.sides.map((s, i) => sideRow(b.id, i as 0 | 1, s)))
    .execute();
  const uses = b.sides.flatMap((s, i) => useRows(b.id, i as 0 | 1, s));
  if (uses.length) await db.insertInto('report_uses').values(uses).execute();
  if (b.disputes.length)
    await db
      .insertInto('report_disputes')
      .values(b.disputes.map((d, idx) => ({ battle_id: b.id, idx, rule_ref: d.ruleRef, note: d.note })))
      .execute();
  const rulings = [...new Set(b.rulings)];
  if (rulings.length)
    await db
      .insertInto('report_rulings')
      .values(rulings.map((ruling) => ({ battle_id: b.id, ruling })))
      .execute();
}

/**
 * Writes a stored record's facts, and the ratings its sides carry, unless a Play Mode battle with the same id already
 * holds them (the report prefers it, and its players' own ratings).
 */
export async function writeStoredReportFacts(db: Db, b: PlaytestBattle, source: Exclude<ReportFactSource, 'played'>): Promise<void> {
  const held = await db.selectFrom('report_battles').select('source').where('id', '=', b.id).executeTakeFirst();
  if (held?.source === 'played') return;
  await writeReportFacts(db, b, source);
  // a paper battle's ratings are its finish's rows (and a later rating's), never its record's: left as they are
  if (b.source === 'paper') return;
  await replaceBattleRatings(db, b.id, { A: b.sides[0].ratings ?? null, B: b.sides[1].ratings ?? null }, new Date().toISOString());
}

/** Stored records and finished Play Mode battles whose facts are missing (stored before migration 0010). */
export async function idsMissingReportFacts(db: Db): Promise<{ stored: string[]; played: string[] }> {
  const stored = await db
    .selectFrom('playtest_battles as p')
    .leftJoin('report_battles as f', 'f.id', 'p.id')
    .select('p.id')
    .where('f.id', 'is', null)
    .execute();
  const played = await db
    .selectFrom('battles as b')
    .leftJoin('report_battles as f', 'f.id', 'b.id')
    .select('b.id')
    .where('b.status', '=', 'finished')
    .where('b.outcome_json', 'is not', null)
    .where((eb) => eb.or([eb('f.id', 'is', null), eb('f.source', '!=', 'played')]))
    .execute();
  return { stored: stored.map((r) => r.id), played: played.map((r) => r.id) };
}
