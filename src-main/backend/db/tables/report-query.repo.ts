import { sql, type RawBuilder } from 'kysely';
import { UNIT_TYPES, VP_SOURCES, type ReportFilter, type UnitType } from '../../../../src-shared/reports/battle';
import {
  ratingsSummary,
  type PlaytestReport,
  type ReportFigures,
  type RulingFactionRow,
  type RulingRow,
  type Trail,
  type UsageRow,
} from '../../../../src-shared/reports/aggregate';
import type { ReportTrace, TraceKind } from '../../../../src-shared/reports/trace';
import type { Db } from '../schema';
import { jsonArrayAgg } from '../dialect';

/**
 * The playtest report as grouped queries over the report facts
 * (report-facts.table.ts): the same figures as `buildReport` over the loaded
 * battles (the test oracle, test/integration/report-sql.test.ts), without
 * reading a single record into JavaScript. Id lists follow the battles in
 * (played_at, id) order, as the loaded battles are sorted.
 */

/**
 * 'all': every list of battle ids in full (reports.run, the CSV; the screen
 * asks for counts, sqlReportFigures). 'appendix':
 * what the PDF prints — the first `limit` battles of the report, the battles
 * of every disputed ruling (few), and no other lists, which at 100,000
 * battles would be millions of ids nobody prints.
 */
export type ReportIds = { kind: 'all' } | { kind: 'appendix'; limit: number };

const n = (x: number | null | undefined) => Number(x ?? 0);
const mean = (sum: number, count: number) => (count === 0 ? 0 : sum / count);
const countIf = (cond: RawBuilder<unknown>) => sql<number>`sum(case when ${cond} then 1 else 0 end)`;
const inList = (column: string, values: readonly (string | number)[]) => sql`${sql.ref(column)} in (${sql.join(values)})`;

/** A paper record's battle (issue 41), and any other: Play Mode's, or a record in its shape, which knows every field. */
const PAPER = sql`b.source = 'paper'`;
const PLAY = sql`b.source != 'paper'`;
/** A side's VP where its record gives it: the total kept (migration 0020), or in an older Play Mode row its sources' sum. */
const SIDE_VP = sql`case when s.vp_total is not null then s.vp_total when b.source != 'paper' then s.vp_objectives + s.vp_relic + s.vp_secondary + s.vp_cryptid_hunt end`;

/** The filter over report_battles aliased b, as matchesFilter reads it. */
function filterSql(f: ReportFilter): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`1 = 1`];
  if (f.campaignIds?.length) parts.push(inList('b.campaign_id', f.campaignIds));
  if (f.missions?.length) parts.push(inList('b.mission', f.missions));
  if (f.from) parts.push(sql`b.played_day >= ${f.from}`);
  if (f.to) parts.push(sql`b.played_day <= ${f.to}`);
  if (f.factionIds?.length) parts.push(sql`(${inList('b.faction_a', f.factionIds)} or ${inList('b.faction_b', f.factionIds)})`);
  if (f.source === 'paper') parts.push(PAPER);
  if (f.source === 'play') parts.push(PLAY);
  return sql.join(parts, sql` and `);
}

/**
 * Battle ids behind each group, once each, in battle order. `rows` selects
 * k1, k2, id, played_at (one row per fact, duplicates allowed).
 */
async function idLists(db: Db, rows: RawBuilder<unknown>): Promise<Map<string, string[]>> {
  const { rows: out } = await sql<{ k1: string; k2: string; ids: string }>`
    select k1, k2, ${jsonArrayAgg(db, sql`id`, sql`played_at, id`)} ids from (select distinct k1, k2, id, played_at from (${rows}) r) g
    group by k1, k2`.execute(db);
  return new Map(out.map((r) => [`${r.k1}|${r.k2}`, JSON.parse(r.ids) as string[]]));
}

const sidesOf = (where: RawBuilder<unknown>) => sql`report_sides s join report_battles b on b.id = s.battle_id where ${where}`;
const usesOf = (where: RawBuilder<unknown>, cond: RawBuilder<unknown>) =>
  sql`report_uses u join report_battles b on b.id = u.battle_id where ${where} and ${cond}`;
const disputesFrom = (where: RawBuilder<unknown>) => sql`report_disputes d join report_battles b on b.id = d.battle_id where ${where}`;
const rulingsFrom = (where: RawBuilder<unknown>) => sql`report_rulings r join report_battles b on b.id = r.battle_id where ${where}`;
const woundsOf = (where: RawBuilder<unknown>, t: UnitType) =>
  sql`select s.faction_id k1, ${t} k2, b.id id, b.played_at played_at from ${sidesOf(sql`${where} and ${sql.ref(`s.ranged_${t}`)} is not null`)}`;

/**
 * Where the battles behind each kind of row come from, for the filter `where`: one row of (k1, k2, id, played_at)
 * per fact, k1 and k2 naming the row (a faction and '', a faction and a unit type, a usage kind and its key…).
 */
const TRAILS = {
  faction: (w: RawBuilder<unknown>) => sql`select s.faction_id k1, '' k2, b.id id, b.played_at played_at from ${sidesOf(w)}`,
  matchup: (w: RawBuilder<unknown>) => sql`select matchup_a k1, matchup_b k2, b.id id, b.played_at played_at from report_battles b where ${w}`,
  wounds: (w: RawBuilder<unknown>) =>
    sql.join(
      UNIT_TYPES.map((t) => woundsOf(w, t)),
      sql` union all `,
    ),
  usage: (w: RawBuilder<unknown>) => sql`select u.kind k1, u.key k2, b.id id, b.played_at played_at from ${usesOf(w, sql`u.kind != 'uncloak'`)}`,
  uncloak: (w: RawBuilder<unknown>) => sql`select 'uncloak' k1, u.key k2, b.id id, b.played_at played_at from ${usesOf(w, sql`u.kind = 'uncloak'`)}`,
  event: (w: RawBuilder<unknown>) =>
    sql`select 'cryptid' k1, '' k2, b.id id, b.played_at played_at from report_battles b where ${w} and b.cryptid = 1
      union all select 'storm' k1, '' k2, b.id id, b.played_at played_at from report_battles b where ${w} and b.storm = 1`,
  dispute: (w: RawBuilder<unknown>) => sql`select d.rule_ref k1, '' k2, b.id id, b.played_at played_at from ${disputesFrom(w)}`,
  ruling: (w: RawBuilder<unknown>) => sql`select r.ruling k1, '' k2, b.id id, b.played_at played_at from ${rulingsFrom(w)}`,
};
type TrailSource = keyof typeof TRAILS;

/** The row of TRAILS a figure of the screen names (typed: a new kind of figure without its row does not compile). */
const TRACED: { [K in TraceKind]: (t: Extract<ReportTrace, { kind: K }>) => [TrailSource, string, string] } = {
  faction: (t) => ['faction', t.factionId, ''],
  matchup: (t) => ['matchup', t.factionA, t.factionB],
  wounds: (t) => ['wounds', t.factionId, t.unitType],
  usage: (t) => ['usage', t.usageKind, t.id],
  uncloak: (t) => ['uncloak', 'uncloak', String(t.round)],
  cryptid: () => ['event', 'cryptid', ''],
  storm: () => ['event', 'storm', ''],
  dispute: (t) => ['dispute', t.ruleRef, ''],
  ruling: (t) => ['ruling', t.ruling, ''],
};

/** How many different battles are behind each group. */
async function idCounts(db: Db, rows: RawBuilder<unknown>): Promise<Map<string, number>> {
  const { rows: out } = await sql<{ k1: string; k2: string; n: number }>`
    select k1, k2, count(distinct id) n from (${rows}) r group by k1, k2`.execute(db);
  return new Map(out.map((r) => [`${r.k1}|${r.k2}`, Number(r.n)]));
}

/**
 * One page of the battles behind one figure of the report, in battle order (played_at, then id), and how many there
 * are in all: the screen's click-through, which over a large club cannot be sent every figure's ids with the report.
 */
export async function traceBattleIds(
  db: Db,
  f: ReportFilter,
  trace: ReportTrace,
  page: { offset: number; limit: number },
): Promise<{ total: number; ids: string[] }> {
  const [source, k1, k2] = (TRACED[trace.kind] as (t: ReportTrace) => [TrailSource, string, string])(trace);
  const battles = sql`select distinct id, played_at from (${TRAILS[source](filterSql(f))}) r where k1 = ${k1} and k2 = ${k2}`;
  const [total, ids] = await Promise.all([
    sql<{ n: number }>`select count(*) n from (${battles}) x`.execute(db),
    sql<{ id: string }>`select id from (${battles}) x order by played_at, id limit ${page.limit} offset ${page.offset}`.execute(db),
  ]);
  return { total: Number(total.rows[0]!.n), ids: ids.rows.map((r) => r.id) };
}

interface Totals {
  games: number;
  paper: number;
  bag: number;
  alternating: number;
  battle_seconds: number | null;
  timed: number;
  cryptid_battles: number | null;
  cryptid_dealt: number | null;
  cryptid_known: number;
  cryptid_taken: number | null;
  cryptid_defeated: number | null;
  storm_battles: number | null;
  storm_dealt: number | null;
  [round: `s${number}` | `n${number}`]: number | null;
}

/** The report with its lists of battle ids: every list ('all': the CSV, the CLI), or only what the PDF's appendix prints. */
export async function sqlReport(db: Db, f: ReportFilter = {}, ids: ReportIds = { kind: 'all' }): Promise<PlaytestReport> {
  const where = filterSql(f);
  const all = ids.kind === 'all';
  const top = sql<{ ids: string }>`
    select ${jsonArrayAgg(db, sql`id`, sql`played_at, id`)} ids from (select b.id, b.played_at from report_battles b where ${where}
      order by b.played_at, b.id ${all ? sql`` : sql`limit ${ids.limit}`}) x`.execute(db);
  // the appendix prints the battles of every disputed ruling (few) besides the report's first
  const lists = trailsBy((s) => (all || s === 'dispute' ? idLists(db, TRAILS[s](where)) : Promise.resolve(new Map<string, string[]>())));
  const [figures, topIds, trails] = await Promise.all([queryFigures(db, where), top, lists]);
  return assemble(figures, { battleIds: JSON.parse(topIds.rows[0]!.ids) as string[] }, (s, k1, k2 = '') => ({
    battleIds: trails[s].get(`${k1}|${k2}`) ?? [],
  }));
}

/** The report's figures on screen: every row with how many battles are behind it; traceBattleIds lists them on demand. */
export async function sqlReportFigures(db: Db, f: ReportFilter = {}): Promise<ReportFigures> {
  const where = filterSql(f);
  const [q, queried] = await Promise.all([
    queryFigures(db, where),
    Promise.all(COUNTED_APART.map(async (s) => [s, await idCounts(db, TRAILS[s](where))] as const)),
  ]);
  const counts = { ...countsInFigures(q), wounds: await woundBattles(db, where, q), ...Object.fromEntries(queried) } as Record<
    TrailSource,
    Map<string, number>
  >;
  return assemble(q, { battleCount: n(q.totals.games) }, (s, k1, k2 = '') => ({ battleCount: counts[s].get(`${k1}|${k2}`) ?? 0 }));
}

/** The trails whose battles the figures do not count already: one grouped count each (a few rows of the uses and disputes). */
const COUNTED_APART = ['uncloak', 'dispute'] as const satisfies TrailSource[];

/**
 * A wounds row's battles: the sides that reported it, less the mirror matches where both sides did (two sides, one
 * battle), which are looked for only when the figures show a mirror match (counting distinct battles over every side
 * took longer than the rest of the figures together).
 */
async function woundBattles(db: Db, where: RawBuilder<unknown>, q: Figures): Promise<Map<string, number>> {
  const doubled = new Map<string, number>();
  if (q.matchups.some((m) => m.a === m.z)) {
    const both = UNIT_TYPES.map((t) => sql`case when count(${sql.ref(`s.ranged_${t}`)}) = 2 then 1 else 0 end ${sql.ref(`d_${t}`)}`);
    const sums = UNIT_TYPES.map((t) => sql`sum(${sql.ref(`d_${t}`)}) ${sql.ref(`d_${t}`)}`);
    const { rows } = await sql<{ faction_id: string } & Record<string, number | null>>`
      select faction_id, ${sql.join(sums)} from (
        select s.faction_id, ${sql.join(both)} from ${sidesOf(sql`${where} and b.matchup_a = b.matchup_b`)} group by s.battle_id, s.faction_id
      ) m group by faction_id`.execute(db);
    for (const r of rows) for (const t of UNIT_TYPES) doubled.set(`${r.faction_id}|${t}`, n(r[`d_${t}`]));
  }
  return new Map(
    q.wounds.flatMap((w) => UNIT_TYPES.map((t) => [`${w.faction_id}|${t}`, n(w[`n_${t}`]) - (doubled.get(`${w.faction_id}|${t}`) ?? 0)] as const)),
  );
}

/**
 * How many battles are behind the rows the figures count already: a usage row's, a ruling's and an event's battles,
 * a matchup's games (one per battle), a faction's games less its mirror matches (two sides, one battle).
 */
function countsInFigures(q: Figures): Record<Exclude<TrailSource, (typeof COUNTED_APART)[number] | 'wounds'>, Map<string, number>> {
  const mirrors = new Map(q.matchups.filter((m) => m.a === m.z).map((m) => [m.a, n(m.games)]));
  const rulings = new Map<string, number>();
  for (const r of q.rulings) rulings.set(`${r.ruling}|`, (rulings.get(`${r.ruling}|`) ?? 0) + n(r.games) / 2);
  return {
    faction: new Map(q.factions.map((r) => [`${r.faction_id}|`, n(r.games) - (mirrors.get(r.faction_id) ?? 0)])),
    matchup: new Map(q.matchups.map((m) => [`${m.a}|${m.z}`, n(m.games)])),
    usage: new Map(q.usage.map((u) => [`${u.kind}|${u.key}`, n(u.battles)])),
    event: new Map([
      ['cryptid|', n(q.totals.cryptid_battles)],
      ['storm|', n(q.totals.storm_battles)],
    ]),
    ruling: rulings,
  };
}

/** One query per kind of trail, at once. */
async function trailsBy<V>(query: (s: TrailSource) => Promise<V>): Promise<Record<TrailSource, V>> {
  const sources = Object.keys(TRAILS) as TrailSource[];
  const found = await Promise.all(sources.map(query));
  return Object.fromEntries(sources.map((s, i) => [s, found[i]!])) as Record<TrailSource, V>;
}

/** Every grouped query of the report over the battles `where` selects, run at once. */
async function queryFigures(db: Db, where: RawBuilder<unknown>) {
  const rounds = [1, 2, 3, 4, 5].map(
    (r) => sql`sum(${sql.ref(`round${r}_seconds`)}) ${sql.ref(`s${r}`)}, count(${sql.ref(`round${r}_seconds`)}) ${sql.ref(`n${r}`)}`,
  );
  const totals = sql<Totals>`
    select count(*) games, ${countIf(PAPER)} paper, ${countIf(sql`sequence = 'bag' and ${PLAY}`)} bag,
      ${countIf(sql`sequence = 'alternating' and ${PLAY}`)} alternating,
      sum(total_seconds) battle_seconds, count(total_seconds) timed, ${sql.join(rounds)},
      sum(cryptid) cryptid_battles, sum(cryptid_dealt) cryptid_dealt, count(cryptid_dealt) cryptid_known, sum(cryptid_taken) cryptid_taken,
      sum(cryptid_defeated) cryptid_defeated, sum(storm) storm_battles, sum(storm_dealt) storm_dealt
    from report_battles b where ${where}`.execute(db);
  const factions = sql<FactionCounts>`
    select s.faction_id, count(*) games, ${countIf(sql`s.result = 'win'`)} wins, ${countIf(sql`s.result = 'draw'`)} draws, ${countIf(sql`s.result = 'loss'`)} losses
    from ${sidesOf(where)} group by s.faction_id`.execute(db);
  const matchups = sql<{ a: string; z: string; games: number; wins_a: number; wins_b: number; draws: number }>`
    select matchup_a a, matchup_b z, count(*) games, ${countIf(sql`matchup_result = 'a'`)} wins_a, ${countIf(sql`matchup_result = 'b'`)} wins_b,
      ${countIf(sql`matchup_result = 'draw'`)} draws
    from report_battles b where ${where} group by matchup_a, matchup_b`.execute(db);
  // one pass over the sides for every unit type (a union of five scans took four times as long): a type counts for
  // a faction where some side reported its ranged wounds, as in the wounds trail
  const woundSums = UNIT_TYPES.map(
    (t) =>
      sql`count(${sql.ref(`s.ranged_${t}`)}) ${sql.ref(`n_${t}`)}, sum(${sql.ref(`s.ranged_${t}`)}) ${sql.ref(`r_${t}`)},
        sum(case when ${sql.ref(`s.ranged_${t}`)} is not null then ${sql.ref(`s.melee_${t}`)} end) ${sql.ref(`m_${t}`)}`,
  );
  const wounds = sql<{ faction_id: string } & Record<string, number | null>>`
    select s.faction_id, ${sql.join(woundSums)} from ${sidesOf(where)} group by s.faction_id`.execute(db);
  // VP by source over Play Mode's sides only (a paper side has only its total), VP per side over every side that gives it
  const sideSums = [
    ...VP_SOURCES.map((s) => sql`sum(case when ${PLAY} then ${sql.ref(`s.vp_${s === 'cryptidHunt' ? 'cryptid_hunt' : s}`)} end) ${sql.ref(`vp_${s}`)}`),
    sql`${countIf(PLAY)} vp_sides, sum(${SIDE_VP}) vp_total, count(${SIDE_VP}) vp_total_sides`,
    ...UNIT_TYPES.map((t) => sql`sum(${sql.ref(`s.formations_${t}`)}) ${sql.ref(`f_${t}`)}, sum(${sql.ref(`s.survived_${t}`)}) ${sql.ref(`v_${t}`)}`),
  ];
  const sides = sql<Record<string, number | null>>`select ${sql.join(sideSums)} from ${sidesOf(where)}`.execute(db);
  const usage = sql<{ kind: UsageRow['kind']; key: string; uses: number; battles: number }>`
    select u.kind, u.key, sum(u.n) uses, count(distinct u.battle_id) battles from ${usesOf(where, sql`u.kind != 'uncloak'`)} group by u.kind, u.key`.execute(
    db,
  );
  const uncloak = sql<{ key: string; count: number }>`select u.key, sum(u.n) count from ${usesOf(where, sql`u.kind = 'uncloak'`)} group by u.key`.execute(db);
  const disputes = sql<{ rule_ref: string; count: number }>`select d.rule_ref, count(*) count from ${disputesFrom(where)} group by d.rule_ref`.execute(db);
  // the first ten different notes of each ruling, in the order the battles were played
  const notes = sql<{ rule_ref: string; notes: string }>`
    select rule_ref, ${jsonArrayAgg(db, sql`note`, sql`k`)} notes from (
      select rule_ref, note, row_number() over (partition by rule_ref order by played_at, id, idx) k from (
        select d.rule_ref, d.note, b.played_at, b.id, d.idx, row_number() over (partition by d.rule_ref, d.note order by b.played_at, b.id, d.idx) rn
        from ${disputesFrom(where)} and d.note != ''
      ) firsts where rn = 1
    ) ranked where k <= 10 group by rule_ref`.execute(db);
  // results under each ruling that differs from the default, per faction (a battle has two sides: its battles are half its games)
  const rulings = sql<RulingCounts>`
    select r.ruling, s.faction_id, count(*) games, ${countIf(sql`s.result = 'win'`)} wins, ${countIf(sql`s.result = 'draw'`)} draws,
      ${countIf(sql`s.result = 'loss'`)} losses, sum(${SIDE_VP}) vp, count(${SIDE_VP}) vp_sides
    from report_rulings r join report_battles b on b.id = r.battle_id join report_sides s on s.battle_id = b.id
    where ${where} group by r.ruling, s.faction_id`.execute(db);
  // the players' ratings of the battles (migration 0016): how many sides gave each value, and named each confusing rule
  const ratingsFrom = sql`battle_ratings r join report_battles b on b.id = r.battle_id where ${where}`;
  const ratings = sql<{ k: 'sides' | 'fun' | 'clarity' | 'rule'; v: string | number | null; n: number }>`
    select 'sides' k, cast(null as text) v, count(*) n from ${ratingsFrom}
    union all select 'fun' k, cast(r.fun as text) v, count(*) n from ${ratingsFrom} and r.fun is not null group by r.fun
    union all select 'clarity' k, cast(r.clarity as text) v, count(*) n from ${ratingsFrom} and r.clarity is not null group by r.clarity
    union all select 'rule' k, r.confusing_rule v, count(*) n from ${ratingsFrom} and r.confusing_rule is not null group by r.confusing_rule`.execute(db);
  const rows = async <R>(q: Promise<{ rows: R[] }>) => (await q).rows;
  const [t, s] = await Promise.all([totals, sides]);
  return {
    totals: t.rows[0]!,
    sides: s.rows[0]!,
    factions: await rows(factions),
    matchups: await rows(matchups),
    wounds: await rows(wounds),
    usage: await rows(usage),
    uncloak: await rows(uncloak),
    disputes: await rows(disputes),
    notes: await rows(notes),
    rulings: await rows(rulings),
    ratings: await rows(ratings),
  };
}
type Figures = Awaited<ReturnType<typeof queryFigures>>;
type FactionCounts = { faction_id: string; games: number; wins: number; draws: number; losses: number };
type RulingCounts = FactionCounts & { ruling: string; vp: number; vp_sides: number };

/** The report from its grouped rows, each row carrying `trail` of its group: the battle ids behind it, or their count. */
function assemble<T extends Trail>(q: Figures, top: T, trail: (s: TrailSource, k1: string, k2?: string) => T): PlaytestReport<T> {
  const t = q.totals;
  const s = q.sides;
  const games = n(t.games);
  const paper = n(t.paper);
  const woundRowsOut = q.wounds.flatMap((w) =>
    UNIT_TYPES.filter((u) => n(w[`n_${u}`]) > 0).map((u) => ({
      factionId: w.faction_id,
      unitType: u,
      ranged: n(w[`r_${u}`]),
      melee: n(w[`m_${u}`]),
      ...trail('wounds', w.faction_id, u),
    })),
  );
  const noteOf = new Map(q.notes.map((r) => [r.rule_ref, JSON.parse(r.notes) as string[]]));
  const cryptidBattles = n(t.cryptid_battles);
  const stormBattles = n(t.storm_battles);

  // TypeScript cannot relate rows spread with a generic trail to the report's type: the report tests compare both kinds with buildReport
  const report = {
    games,
    ...top,
    sources: { play: games - paper, paper },
    vp: { total: n(s.vp_total), sides: n(s.vp_total_sides) },
    sequences: { bag: n(t.bag), alternating: n(t.alternating) },
    byFaction: q.factions.map((r) => ({ ...factionResults(r), ...trail('faction', r.faction_id) })).sort((x, y) => x.factionId.localeCompare(y.factionId)),
    matchups: q.matchups
      .map((r) => ({
        factionA: r.a,
        factionB: r.z,
        games: n(r.games),
        winsA: n(r.wins_a),
        winsB: n(r.wins_b),
        draws: n(r.draws),
        ...trail('matchup', r.a, r.z),
      }))
      .sort((x, y) => `${x.factionA}|${x.factionB}`.localeCompare(`${y.factionA}|${y.factionB}`)),
    roundTimes: [1, 2, 3, 4, 5]
      .filter((r) => n(t[`n${r}`]) > 0)
      .map((r) => ({ round: r, meanSeconds: mean(n(t[`s${r}`]), n(t[`n${r}`])), battles: n(t[`n${r}`]) })),
    meanBattleSeconds: mean(n(t.battle_seconds), n(t.timed)),
    wounds: woundRowsOut.sort((x, y) => x.factionId.localeCompare(y.factionId) || UNIT_TYPES.indexOf(x.unitType) - UNIT_TYPES.indexOf(y.unitType)),
    woundTotals: { ranged: woundRowsOut.reduce((a, w) => a + w.ranged, 0), melee: woundRowsOut.reduce((a, w) => a + w.melee, 0) },
    vpBySource: VP_SOURCES.map((v) => ({ source: v, total: n(s[`vp_${v}`]), meanPerSide: mean(n(s[`vp_${v}`]), n(s.vp_sides)), sides: n(s.vp_sides) })),
    usage: q.usage
      .map((u) => ({ kind: u.kind, id: u.key, uses: n(u.uses), battles: n(u.battles), ...trail('usage', u.kind, u.key) }))
      .sort((x, y) => x.kind.localeCompare(y.kind) || y.uses - x.uses || x.id.localeCompare(y.id)),
    uncloak: q.uncloak.map((u) => ({ round: Number(u.key), count: n(u.count), ...trail('uncloak', 'uncloak', u.key) })).sort((x, y) => x.round - y.round),
    cryptid: {
      battles: cryptidBattles,
      of: games,
      frequency: mean(cryptidBattles, games),
      // battles whose record does not say what the cryptid dealt are left out of that mean
      meanWoundsDealt: mean(n(t.cryptid_dealt), n(t.cryptid_known)),
      ...trail('event', 'cryptid'),
      defeated: n(t.cryptid_defeated),
      meanWoundsTaken: mean(n(t.cryptid_taken), cryptidBattles),
    },
    storm: {
      battles: stormBattles,
      // a paper record does not say whether the storm came: Play Mode's battles only
      of: games - paper,
      frequency: mean(stormBattles, games - paper),
      meanWoundsDealt: mean(n(t.storm_dealt), stormBattles),
      ...trail('event', 'storm'),
    },
    serviceMarks: UNIT_TYPES.filter((u) => n(s[`f_${u}`]) > 0).map((u) => ({
      unitType: u,
      formations: n(s[`f_${u}`]),
      survived: n(s[`v_${u}`]),
      rate: mean(n(s[`v_${u}`]), n(s[`f_${u}`])),
    })),
    disputes: q.disputes
      .map((d) => ({ ruleRef: d.rule_ref, count: n(d.count), notes: noteOf.get(d.rule_ref) ?? [], ...trail('dispute', d.rule_ref) }))
      .sort((x, y) => y.count - x.count || x.ruleRef.localeCompare(y.ruleRef)),
    byRuling: byRuling(q.rulings, (ruling) => trail('ruling', ruling)),
    ratings: ratingsSummary(
      n(q.ratings.find((r) => r.k === 'sides')?.n),
      q.ratings.filter((r) => r.k === 'fun').map((r) => [Number(r.v), n(r.n)] as const),
      q.ratings.filter((r) => r.k === 'clarity').map((r) => [Number(r.v), n(r.n)] as const),
      q.ratings.filter((r) => r.k === 'rule').map((r) => [String(r.v), n(r.n)] as const),
    ),
  };
  return report as PlaytestReport<T>;
}

/** A faction's results from a grouped row (games, wins, draws, losses). */
function factionResults(r: FactionCounts): RulingFactionRow {
  return { factionId: r.faction_id, games: n(r.games), wins: n(r.wins), draws: n(r.draws), losses: n(r.losses), winRate: mean(n(r.wins), n(r.games)) };
}

function byRuling<T extends Trail>(rows: RulingCounts[], trail: (ruling: string) => T): RulingRow<T>[] {
  const out = new Map<string, { vp: number; vpSides: number; sides: number; factions: RulingFactionRow[] }>();
  for (const r of rows) {
    let row = out.get(r.ruling);
    if (!row) out.set(r.ruling, (row = { vp: 0, vpSides: 0, sides: 0, factions: [] }));
    row.sides += n(r.games);
    row.vp += n(r.vp);
    row.vpSides += n(r.vp_sides);
    row.factions.push(factionResults(r));
  }
  return [...out]
    .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
    .map(([ruling, { vp, vpSides, sides, factions }]) => ({
      ruling,
      battles: sides / 2,
      factions: factions.sort((x, y) => x.factionId.localeCompare(y.factionId)),
      meanVpPerSide: mean(vp, vpSides),
      vpSides,
      ...trail(ruling),
    }));
}
