import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { UNIT_TYPES, VP_SOURCES, type ReportFilter, type UnitType } from '../../../../src-shared/reports/battle';
import type { PlaytestReport, RulingFactionRow, UsageRow } from '../../../../src-shared/reports/aggregate';
import type { Database } from '../schema';
import { jsonArrayAgg } from '../dialect';

/**
 * The playtest report as grouped queries over the report facts
 * (report-facts.table.ts): the same figures as `buildReport` over the loaded
 * battles (the test oracle, test/integration/report-sql.test.ts), without
 * reading a single record into JavaScript. Id lists follow the battles in
 * (played_at, id) order, as the loaded battles are sorted.
 */
type Db = Kysely<Database> | Transaction<Database>;

/**
 * 'all': every list of battle ids in full (the app, the CSV). 'appendix':
 * what the PDF prints — the first `limit` battles of the report, the battles
 * of every disputed ruling (few), and no other lists, which at 100,000
 * battles would be millions of ids nobody prints.
 */
export type ReportIds = { kind: 'all' } | { kind: 'appendix'; limit: number };

const n = (x: number | null | undefined) => Number(x ?? 0);
const mean = (sum: number, count: number) => (count === 0 ? 0 : sum / count);
const countIf = (cond: RawBuilder<unknown>) => sql<number>`sum(case when ${cond} then 1 else 0 end)`;
const inList = (column: string, values: readonly (string | number)[]) => sql`${sql.ref(column)} in (${sql.join(values)})`;

/** The filter over report_battles aliased b, as matchesFilter reads it. */
function filterSql(f: ReportFilter): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`1 = 1`];
  if (f.campaignIds?.length) parts.push(inList('b.campaign_id', f.campaignIds));
  if (f.missions?.length) parts.push(inList('b.mission', f.missions));
  if (f.from) parts.push(sql`b.played_day >= ${f.from}`);
  if (f.to) parts.push(sql`b.played_day <= ${f.to}`);
  if (f.factionIds?.length) parts.push(sql`(${inList('b.faction_a', f.factionIds)} or ${inList('b.faction_b', f.factionIds)})`);
  return sql.join(parts, sql` and `);
}

/**
 * Battle ids behind each group, once each, in battle order. `rows` selects
 * k1, k2, id, played_at (one row per fact, duplicates allowed).
 */
async function idLists(db: Db, rows: RawBuilder<unknown>, limit?: number): Promise<Map<string, string[]>> {
  const distinct = sql`select distinct k1, k2, id, played_at from (${rows}) r`;
  const ranked =
    limit === undefined
      ? distinct
      : sql`select * from (select d.*, row_number() over (partition by k1, k2 order by played_at, id) rn from (${distinct}) d) w where rn <= ${limit}`;
  const { rows: out } = await sql<{ k1: string; k2: string; ids: string }>`
    select k1, k2, ${jsonArrayAgg(db, sql`id`, sql`played_at, id`)} ids from (${ranked}) g group by k1, k2`.execute(db);
  return new Map(out.map((r) => [`${r.k1}|${r.k2}`, JSON.parse(r.ids) as string[]]));
}

const sidesOf = (where: RawBuilder<unknown>) => sql`report_sides s join report_battles b on b.id = s.battle_id where ${where}`;

interface Totals {
  games: number;
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

export async function sqlReport(db: Db, f: ReportFilter = {}, ids: ReportIds = { kind: 'all' }): Promise<PlaytestReport> {
  const where = filterSql(f);
  const all = ids.kind === 'all';
  const rounds = [1, 2, 3, 4, 5].map(
    (r) => sql`sum(${sql.ref(`round${r}_seconds`)}) ${sql.ref(`s${r}`)}, count(${sql.ref(`round${r}_seconds`)}) ${sql.ref(`n${r}`)}`,
  );
  const totals = sql<Totals>`
    select count(*) games, ${countIf(sql`sequence = 'bag'`)} bag, ${countIf(sql`sequence = 'alternating'`)} alternating,
      sum(total_seconds) battle_seconds, count(total_seconds) timed, ${sql.join(rounds)},
      sum(cryptid) cryptid_battles, sum(cryptid_dealt) cryptid_dealt, count(cryptid_dealt) cryptid_known, sum(cryptid_taken) cryptid_taken,
      sum(cryptid_defeated) cryptid_defeated, sum(storm) storm_battles, sum(storm_dealt) storm_dealt
    from report_battles b where ${where}`.execute(db);
  const battleIds = sql<{ ids: string }>`
    select ${jsonArrayAgg(db, sql`id`, sql`played_at, id`)} ids from (select b.id, b.played_at from report_battles b where ${where}
      order by b.played_at, b.id ${all ? sql`` : sql`limit ${ids.limit}`}) x`.execute(db);
  const factions = sql<{ faction_id: string; games: number; wins: number; draws: number; losses: number }>`
    select s.faction_id, count(*) games, ${countIf(sql`s.result = 'win'`)} wins, ${countIf(sql`s.result = 'draw'`)} draws, ${countIf(sql`s.result = 'loss'`)} losses
    from ${sidesOf(where)} group by s.faction_id`.execute(db);
  const matchups = sql<{ a: string; z: string; games: number; wins_a: number; wins_b: number; draws: number }>`
    select matchup_a a, matchup_b z, count(*) games, ${countIf(sql`matchup_result = 'a'`)} wins_a, ${countIf(sql`matchup_result = 'b'`)} wins_b,
      ${countIf(sql`matchup_result = 'draw'`)} draws
    from report_battles b where ${where} group by matchup_a, matchup_b`.execute(db);
  const woundsOf = (t: UnitType) =>
    sql`select s.faction_id k1, ${t} k2, ${sql.ref(`s.ranged_${t}`)} ranged, ${sql.ref(`s.melee_${t}`)} melee, b.id id, b.played_at played_at
      from ${sidesOf(sql`${where} and ${sql.ref(`s.ranged_${t}`)} is not null`)}`;
  const woundRows = sql.join(
    UNIT_TYPES.map((t) => woundsOf(t)),
    sql` union all `,
  );
  // one pass over the sides for every unit type (a union of five scans took four times as long): a type counts for
  // a faction where some side reported its ranged wounds, as in woundRows
  const woundSums = UNIT_TYPES.map(
    (t) =>
      sql`count(${sql.ref(`s.ranged_${t}`)}) ${sql.ref(`n_${t}`)}, sum(${sql.ref(`s.ranged_${t}`)}) ${sql.ref(`r_${t}`)},
        sum(case when ${sql.ref(`s.ranged_${t}`)} is not null then ${sql.ref(`s.melee_${t}`)} end) ${sql.ref(`m_${t}`)}`,
  );
  const wounds = sql<{ faction_id: string } & Record<string, number | null>>`
    select s.faction_id, ${sql.join(woundSums)} from ${sidesOf(where)} group by s.faction_id`.execute(db);
  const sideSums = [
    ...VP_SOURCES.map((s) => sql`sum(${sql.ref(`s.vp_${s === 'cryptidHunt' ? 'cryptid_hunt' : s}`)}) ${sql.ref(`vp_${s}`)}`),
    ...UNIT_TYPES.map((t) => sql`sum(${sql.ref(`s.formations_${t}`)}) ${sql.ref(`f_${t}`)}, sum(${sql.ref(`s.survived_${t}`)}) ${sql.ref(`v_${t}`)}`),
  ];
  const sides = sql<Record<string, number | null>>`select ${sql.join(sideSums)} from ${sidesOf(where)}`.execute(db);
  const usesOf = (cond: RawBuilder<unknown>) => sql`report_uses u join report_battles b on b.id = u.battle_id where ${where} and ${cond}`;
  const usage = sql<{ kind: UsageRow['kind']; key: string; uses: number; battles: number }>`
    select u.kind, u.key, sum(u.n) uses, count(distinct u.battle_id) battles from ${usesOf(sql`u.kind != 'uncloak'`)} group by u.kind, u.key`.execute(db);
  const uncloak = sql<{ key: string; count: number }>`select u.key, sum(u.n) count from ${usesOf(sql`u.kind = 'uncloak'`)} group by u.key`.execute(db);
  const disputesFrom = sql`report_disputes d join report_battles b on b.id = d.battle_id where ${where}`;
  const disputes = sql<{ rule_ref: string; count: number }>`select d.rule_ref, count(*) count from ${disputesFrom} group by d.rule_ref`.execute(db);
  // the first ten different notes of each ruling, in the order the battles were played
  const notes = sql<{ rule_ref: string; notes: string }>`
    select rule_ref, ${jsonArrayAgg(db, sql`note`, sql`k`)} notes from (
      select rule_ref, note, row_number() over (partition by rule_ref order by played_at, id, idx) k from (
        select d.rule_ref, d.note, b.played_at, b.id, d.idx, row_number() over (partition by d.rule_ref, d.note order by b.played_at, b.id, d.idx) rn
        from ${disputesFrom} and d.note != ''
      ) firsts where rn = 1
    ) ranked where k <= 10 group by rule_ref`.execute(db);

  // results under each ruling that differs from the default, per faction (a battle has two sides: its battles are half its games)
  const rulingsFrom = sql`report_rulings r join report_battles b on b.id = r.battle_id where ${where}`;
  const rulings = sql<{ ruling: string; faction_id: string; games: number; wins: number; draws: number; losses: number; vp: number }>`
    select r.ruling, s.faction_id, count(*) games, ${countIf(sql`s.result = 'win'`)} wins, ${countIf(sql`s.result = 'draw'`)} draws,
      ${countIf(sql`s.result = 'loss'`)} losses, sum(s.vp_objectives + s.vp_relic + s.vp_secondary + s.vp_cryptid_hunt) vp
    from report_rulings r join report_battles b on b.id = r.battle_id join report_sides s on s.battle_id = b.id
    where ${where} group by r.ruling, s.faction_id`.execute(db);

  const none = async () => new Map<string, string[]>();
  const [factionIds, matchupIds, woundIds, usageIds, uncloakIds, eventIds, disputeIds, rulingIds] = await Promise.all([
    all ? idLists(db, sql`select s.faction_id k1, '' k2, b.id id, b.played_at played_at from ${sidesOf(where)}`) : none(),
    all ? idLists(db, sql`select matchup_a k1, matchup_b k2, b.id id, b.played_at played_at from report_battles b where ${where}`) : none(),
    all ? idLists(db, woundRows) : none(),
    all ? idLists(db, sql`select u.kind k1, u.key k2, b.id id, b.played_at played_at from ${usesOf(sql`1 = 1`)}`) : none(),
    all ? idLists(db, sql`select 'uncloak' k1, u.key k2, b.id id, b.played_at played_at from ${usesOf(sql`u.kind = 'uncloak'`)}`) : none(),
    all
      ? idLists(
          db,
          sql`select 'cryptid' k1, '' k2, b.id id, b.played_at played_at from report_battles b where ${where} and b.cryptid = 1
            union all select 'storm' k1, '' k2, b.id id, b.played_at played_at from report_battles b where ${where} and b.storm = 1`,
        )
      : none(),
    idLists(db, sql`select d.rule_ref k1, '' k2, b.id id, b.played_at played_at from ${disputesFrom}`),
    all ? idLists(db, sql`select r.ruling k1, '' k2, b.id id, b.played_at played_at from ${rulingsFrom}`) : none(),
  ]);
  const t = (await totals).rows[0]!;
  const s = (await sides).rows[0]!;
  const games = n(t.games);
  const list = (m: Map<string, string[]>, k1: string, k2 = '') => m.get(`${k1}|${k2}`) ?? [];
  const woundRowsOut = (await wounds).rows.flatMap((w) =>
    UNIT_TYPES.filter((t) => n(w[`n_${t}`]) > 0).map((t) => ({
      factionId: w.faction_id,
      unitType: t,
      ranged: n(w[`r_${t}`]),
      melee: n(w[`m_${t}`]),
      battleIds: list(woundIds, w.faction_id, t),
    })),
  );
  const noteOf = new Map((await notes).rows.map((r) => [r.rule_ref, JSON.parse(r.notes) as string[]]));
  const cryptidBattles = n(t.cryptid_battles);
  const stormBattles = n(t.storm_battles);

  return {
    games,
    battleIds: JSON.parse((await battleIds).rows[0]!.ids) as string[],
    sequences: { bag: n(t.bag), alternating: n(t.alternating) },
    byFaction: (await factions).rows
      .map((r) => ({ ...factionResults(r), battleIds: list(factionIds, r.faction_id) }))
      .sort((x, y) => x.factionId.localeCompare(y.factionId)),
    matchups: (await matchups).rows
      .map((r) => ({
        factionA: r.a,
        factionB: r.z,
        games: n(r.games),
        winsA: n(r.wins_a),
        winsB: n(r.wins_b),
        draws: n(r.draws),
        battleIds: list(matchupIds, r.a, r.z),
      }))
      .sort((x, y) => `${x.factionA}|${x.factionB}`.localeCompare(`${y.factionA}|${y.factionB}`)),
    roundTimes: [1, 2, 3, 4, 5]
      .filter((r) => n(t[`n${r}`]) > 0)
      .map((r) => ({ round: r, meanSeconds: mean(n(t[`s${r}`]), n(t[`n${r}`])), battles: n(t[`n${r}`]) })),
    meanBattleSeconds: mean(n(t.battle_seconds), n(t.timed)),
    wounds: woundRowsOut.sort((x, y) => x.factionId.localeCompare(y.factionId) || UNIT_TYPES.indexOf(x.unitType) - UNIT_TYPES.indexOf(y.unitType)),
    woundTotals: { ranged: woundRowsOut.reduce((a, w) => a + w.ranged, 0), melee: woundRowsOut.reduce((a, w) => a + w.melee, 0) },
    vpBySource: VP_SOURCES.map((v) => ({ source: v, total: n(s[`vp_${v}`]), meanPerSide: mean(n(s[`vp_${v}`]), games * 2) })),
    usage: (await usage).rows
      .map((u) => ({ kind: u.kind, id: u.key, uses: n(u.uses), battles: n(u.battles), battleIds: list(usageIds, u.kind, u.key) }))
      .sort((x, y) => x.kind.localeCompare(y.kind) || y.uses - x.uses || x.id.localeCompare(y.id)),
    uncloak: (await uncloak).rows
      .map((u) => ({ round: Number(u.key), count: n(u.count), battleIds: list(uncloakIds, 'uncloak', u.key) }))
      .sort((x, y) => x.round - y.round),
    cryptid: {
      battles: cryptidBattles,
      frequency: mean(cryptidBattles, games),
      // battles whose record does not say what the cryptid dealt are left out of that mean
      meanWoundsDealt: mean(n(t.cryptid_dealt), n(t.cryptid_known)),
      battleIds: list(eventIds, 'cryptid'),
      defeated: n(t.cryptid_defeated),
      meanWoundsTaken: mean(n(t.cryptid_taken), cryptidBattles),
    },
    storm: {
      battles: stormBattles,
      frequency: mean(stormBattles, games),
      meanWoundsDealt: mean(n(t.storm_dealt), stormBattles),
      battleIds: list(eventIds, 'storm'),
    },
    serviceMarks: UNIT_TYPES.filter((u) => n(s[`f_${u}`]) > 0).map((u) => ({
      unitType: u,
      formations: n(s[`f_${u}`]),
      survived: n(s[`v_${u}`]),
      rate: mean(n(s[`v_${u}`]), n(s[`f_${u}`])),
    })),
    disputes: (await disputes).rows
      .map((d) => ({ ruleRef: d.rule_ref, count: n(d.count), notes: noteOf.get(d.rule_ref) ?? [], battleIds: list(disputeIds, d.rule_ref) }))
      .sort((x, y) => y.count - x.count || x.ruleRef.localeCompare(y.ruleRef)),
    byRuling: byRuling((await rulings).rows, (ruling) => list(rulingIds, ruling)),
  };
}

/** A faction's results from a grouped row (games, wins, draws, losses). */
function factionResults(r: { faction_id: string; games: number; wins: number; draws: number; losses: number }): RulingFactionRow {
  return { factionId: r.faction_id, games: n(r.games), wins: n(r.wins), draws: n(r.draws), losses: n(r.losses), winRate: mean(n(r.wins), n(r.games)) };
}

function byRuling(
  rows: { ruling: string; faction_id: string; games: number; wins: number; draws: number; losses: number; vp: number }[],
  ids: (ruling: string) => string[],
): PlaytestReport['byRuling'] {
  const out = new Map<string, PlaytestReport['byRuling'][number] & { vp: number; sides: number }>();
  for (const r of rows) {
    let row = out.get(r.ruling);
    if (!row) out.set(r.ruling, (row = { ruling: r.ruling, battles: 0, factions: [], meanVpPerSide: 0, battleIds: ids(r.ruling), vp: 0, sides: 0 }));
    row.sides += n(r.games);
    row.vp += n(r.vp);
    row.factions.push(factionResults(r));
  }
  return [...out.values()]
    .sort((x, y) => (x.ruling < y.ruling ? -1 : x.ruling > y.ruling ? 1 : 0))
    .map(({ vp, sides, ...row }) => ({
      ...row,
      battles: sides / 2,
      meanVpPerSide: mean(vp, sides),
      factions: row.factions.sort((x, y) => x.factionId.localeCompare(y.factionId)),
    }));
}
