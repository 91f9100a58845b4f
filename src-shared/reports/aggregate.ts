import {
  UNIT_TYPES,
  VP_SOURCES,
  matchesFilter,
  sideVpTotal,
  type PlaytestBattle,
  type PlaytestSide,
  type ReportFilter,
  type UnitType,
  type VpSource,
} from './battle';
import { keptRating } from '../battle/ratings';

/**
 * The playtest report: pure aggregation over normalised battles. Every row
 * carries the ids of the battles behind it so the app can click through and
 * the PDF can list them in its appendix; the screen's figures carry how many
 * they are instead, and ask for the battles of one figure when it is opened
 * (trace.ts), since over a large club the lists are millions of ids.
 */

/** What a row carries to the battles behind it: their ids, in battle order. */
interface BattleIds {
  battleIds: string[];
}
/** What a row of the screen's figures carries instead: how many battles are behind it. */
interface BattleCount {
  battleCount: number;
}
export type Trail = BattleIds | BattleCount;

interface FactionResults {
  factionId: string;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  winRate: number;
}
type FactionRow<T extends Trail = BattleIds> = FactionResults & T;
type MatchupRow<T extends Trail = BattleIds> = {
  factionA: string;
  factionB: string;
  games: number;
  winsA: number;
  winsB: number;
  draws: number;
} & T;
interface RoundTimeRow {
  round: number;
  meanSeconds: number;
  battles: number;
}
type WoundsRow<T extends Trail = BattleIds> = {
  factionId: string;
  unitType: UnitType;
  ranged: number;
  melee: number;
} & T;
interface VpRow {
  source: VpSource;
  total: number;
  meanPerSide: number;
  /** The sides whose record gives VP by source (Play Mode's; a paper record has only the total): the mean's n. */
  sides: number;
}
/** What a usage row counts: orders, gambits and Captain abilities by id; Rule of Cool attempts and successes by D20 band; Heavy explosions by cause; unit abilities by id. */
export const USAGE_KINDS = ['order', 'gambit', 'ability', 'rule-of-cool', 'rule-of-cool-success', 'explosion', 'unit-ability'] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];

/** The side's tally each usage kind counts; typed so that a new kind without its tally does not compile. */
const USAGE_TALLIES = {
  order: 'orders',
  gambit: 'gambits',
  ability: 'abilities',
  // a Rule of Cool attempt's key is its D20 band
  'rule-of-cool': 'rulesOfCool',
  'rule-of-cool-success': 'rulesOfCoolSucceeded',
  // Heavy explosions by cause, limited unit abilities by id (issue 16)
  explosion: 'explosions',
  'unit-ability': 'unitAbilities',
} as const satisfies Record<UsageKind, keyof PlaytestSide>;

/** Calls `use` for every use a side made: its kind, its key (an id or D20 band) and how many times; zero counts left out. */
export function forEachUse(side: PlaytestSide, use: (kind: UsageKind, key: string, n: number) => void): void {
  for (const kind of USAGE_KINDS) for (const [key, n] of Object.entries(side[USAGE_TALLIES[kind]])) if (n > 0) use(kind, key, n);
}
export type UsageRow<T extends Trail = BattleIds> = {
  kind: UsageKind;
  id: string;
  uses: number;
  battles: number;
} & T;
type UncloakRow<T extends Trail = BattleIds> = {
  round: number;
  count: number;
} & T;
type EventImpact<T extends Trail = BattleIds> = {
  battles: number;
  /** The battles whose record says whether it came (a paper record knows the cryptid, not the storm): the frequency's n. */
  of: number;
  frequency: number;
  meanWoundsDealt: number;
} & T;
interface ServiceMarkRow {
  unitType: UnitType;
  formations: number;
  survived: number;
  rate: number;
}
type DisputeRow<T extends Trail = BattleIds> = {
  ruleRef: string;
  count: number;
  notes: string[];
} & T;
/** A faction's results in the battles played under one ruling. */
export type RulingFactionRow = FactionResults;
/**
 * The results of the battles played under a ruling that differs from the
 * default (`option=value`, src-shared/ruleset/options.ts): the report sets
 * them beside the whole report's, so the designer sees what the ruling
 * changed (DIGEST product decision 2).
 */
export type RulingRow<T extends Trail = BattleIds> = {
  ruling: string;
  battles: number;
  factions: RulingFactionRow[];
  /** Victory points per side, over the sides whose record gives them (`vpSides`; a paper record's total as entered). */
  meanVpPerSide: number;
  vpSides: number;
} & T;

/** One ruling's results beside those of the report's other battles (played at the default). */
export interface RulingComparison {
  /** Battles under the ruling, and the others. */
  battles: { under: number; atDefault: number };
  /** Every faction of the report: its games and win rate under the ruling and at the default (null: no games). */
  factions: { factionId: string; under: { games: number; winRate: number | null }; atDefault: { games: number; winRate: number | null } }[];
  meanVpPerSide: { under: number | null; atDefault: number | null };
  /** The sides each mean counts: those whose record gives their VP (a paper record's total included). */
  vpSides: { under: number; atDefault: number };
}

/** One rating (fun or clarity, 1–5) over the sides that gave it: how many did, the mean and the median (null when none did). */
export interface RatingFigure {
  n: number;
  mean: number | null;
  median: number | null;
}

/** What the players said of the battles (Field Manual §12, "speed, clarity and fun"): their ratings and the rules that confused them. */
export interface RatingsSummary {
  /** Sides that rated their battle at all (fun, clarity or a rule that confused them). */
  sides: number;
  fun: RatingFigure;
  clarity: RatingFigure;
  /** The rules the players named as confusing, each with how many sides named it, the most named first. */
  confusingRules: { rule: string; count: number }[];
}

/** A rating's figures from how many sides gave each value (value → sides): the SQL report and `buildReport` both end here. */
export function ratingFigure(counts: Iterable<readonly [number, number]>): RatingFigure {
  const values = [...counts].filter(([, c]) => c > 0).sort(([x], [y]) => x - y);
  const n = values.reduce((t, [, c]) => t + c, 0);
  if (n === 0) return { n: 0, mean: null, median: null };
  const sum = values.reduce((t, [v, c]) => t + v * c, 0);
  // the value of the k-th side in rating order (k from 0)
  const at = (k: number) => {
    let seen = 0;
    for (const [v, c] of values) if (k < (seen += c)) return v;
    return values[values.length - 1]![0];
  };
  return { n, mean: sum / n, median: n % 2 === 1 ? at((n - 1) / 2) : (at(n / 2 - 1) + at(n / 2)) / 2 };
}

/** The ratings' summary from the counts: sides that rated, each value's sides for fun and for clarity, each confusing rule's sides. */
export function ratingsSummary(
  sides: number,
  fun: Iterable<readonly [number, number]>,
  clarity: Iterable<readonly [number, number]>,
  rules: Iterable<readonly [string, number]>,
): RatingsSummary {
  return {
    sides,
    fun: ratingFigure(fun),
    clarity: ratingFigure(clarity),
    confusingRules: [...rules].map(([rule, count]) => ({ rule, count })).sort((x, y) => y.count - x.count || x.rule.localeCompare(y.rule)),
  };
}

/** The report with every list of battle ids (`BattleIds`), or as the screen's figures with their counts (`BattleCount`). */
export type PlaytestReport<T extends Trail = BattleIds> = {
  games: number;
  /** The games by kind of record: Play Mode's (the n of every figure only Play Mode records) and the paper form's. */
  sources: { play: number; paper: number };
  /** VP of every side whose record gives them (a paper record's total as entered included): their sum and the sides. */
  vp: { total: number; sides: number };
  sequences: { bag: number; alternating: number };
  byFaction: FactionRow<T>[];
  matchups: MatchupRow<T>[];
  roundTimes: RoundTimeRow[];
  meanBattleSeconds: number;
  wounds: WoundsRow<T>[];
  woundTotals: { ranged: number; melee: number };
  vpBySource: VpRow[];
  usage: UsageRow<T>[];
  uncloak: UncloakRow<T>[];
  cryptid: EventImpact<T> & { defeated: number; meanWoundsTaken: number };
  storm: EventImpact<T>;
  serviceMarks: ServiceMarkRow[];
  disputes: DisputeRow<T>[];
  byRuling: RulingRow<T>[];
  ratings: RatingsSummary;
} & T;
/** The screen's figures: every row says how many battles are behind it, and a click asks for them (trace.ts). */
export type ReportFigures = PlaytestReport<BattleCount>;

const mean = (sum: number, n: number) => (n === 0 ? 0 : sum / n);
function bucket<K, T>(map: Map<K, T>, key: K, make: () => T): T {
  let v = map.get(key);
  if (!v) map.set(key, (v = make()));
  return v;
}
/** Adds a battle id once (battles are visited in order, so checking the last suffices). */
function addId(ids: string[], id: string) {
  if (ids[ids.length - 1] !== id) ids.push(id);
}

/** Counts a result into a row's wins, draws and losses. */
function countResult(row: { wins: number; draws: number; losses: number }, result: PlaytestSide['result']): void {
  if (result === 'win') row.wins += 1;
  else if (result === 'draw') row.draws += 1;
  else row.losses += 1;
}
const countIn = <K>(m: Map<K, number>, k: K) => m.set(k, (m.get(k) ?? 0) + 1);
const inCodeUnits = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

type RulingTally = { battles: number; vp: number; vpSides: number; factions: Map<string, RulingFactionRow>; battleIds: string[] };

/** The report's rows, counted battle by battle (`add`), and the report made from them (`report`). */
class ReportTally {
  private readonly factions = new Map<string, FactionRow>();
  private readonly matchups = new Map<string, MatchupRow>();
  private readonly rounds: { sum: number; n: number }[] = [];
  private readonly wounds = new Map<string, Map<UnitType, WoundsRow>>();
  private readonly vp: Record<VpSource, number> = { objectives: 0, relic: 0, secondary: 0, cryptidHunt: 0 };
  private readonly usage = new Map<string, UsageRow & { lastBattle?: string }>();
  private readonly uncloak = new Map<string, UncloakRow>();
  private readonly marks = new Map<UnitType, ServiceMarkRow>(UNIT_TYPES.map((t) => [t, { unitType: t, formations: 0, survived: 0, rate: 0 }]));
  private readonly disputes = new Map<string, DisputeRow>();
  private readonly rulings = new Map<string, RulingTally>();
  private readonly cryptid = { battles: 0, of: 0, frequency: 0, meanWoundsDealt: 0, battleIds: [] as string[], defeated: 0, meanWoundsTaken: 0 };
  private readonly storm = { battles: 0, of: 0, frequency: 0, meanWoundsDealt: 0, battleIds: [] as string[] };
  private readonly sources = { play: 0, paper: 0 };
  private readonly vpKnown = { total: 0, sides: 0 };
  private vpSides = 0;
  private cryptidDealt = 0;
  private cryptidDealtKnown = 0;
  private cryptidTaken = 0;
  private stormDealt = 0;
  private battleSeconds = 0;
  private timedBattles = 0;
  private readonly sequences = { bag: 0, alternating: 0 };
  private ranged = 0;
  private melee = 0;
  private readonly rated = { sides: 0, fun: new Map<number, number>(), clarity: new Map<number, number>(), rules: new Map<string, number>() };

  add(b: PlaytestBattle): void {
    this.addBattleCounts(b);
    for (const side of b.sides) this.addSide(b.id, side);
    this.addMatchup(b);
    this.addCryptidAndStorm(b);
    for (const ruling of new Set(b.rulings)) this.addRuling(b, ruling);
    for (const d of b.disputes) {
      const row = bucket(this.disputes, d.ruleRef, () => ({ ruleRef: d.ruleRef, count: 0, notes: [], battleIds: [] }));
      row.count += 1;
      if (d.note && row.notes.length < 10 && !row.notes.includes(d.note)) row.notes.push(d.note);
      addId(row.battleIds, b.id);
    }
  }

  /** Sources, sequences, the battles the cryptid and storm are counted over, and times. */
  private addBattleCounts(b: PlaytestBattle): void {
    this.sources[b.source] += 1;
    // a paper record knows neither the sequence nor the storm: they count Play Mode's records only
    if (b.sequence) this.sequences[b.sequence] += 1;
    this.cryptid.of += 1;
    if (b.source === 'play') this.storm.of += 1;
    if (b.roundSeconds.length) {
      this.battleSeconds += b.roundSeconds.reduce((a, x) => a + x, 0);
      this.timedBattles += 1;
    }
    b.roundSeconds.forEach((s, i) => {
      const r = (this.rounds[i] ??= { sum: 0, n: 0 });
      r.sum += s;
      r.n += 1;
    });
  }

  private addSide(id: string, side: PlaytestSide): void {
    const f = bucket(this.factions, side.factionId, () => ({ factionId: side.factionId, games: 0, wins: 0, draws: 0, losses: 0, winRate: 0, battleIds: [] }));
    f.games += 1;
    countResult(f, side.result);
    addId(f.battleIds, id);
    this.addWounds(id, side);
    this.addVp(side);
    forEachUse(side, (kind, key, n) => {
      const u = bucket(this.usage, `${kind}|${key}`, () => ({ kind, id: key, uses: 0, battles: 0, battleIds: [] }));
      u.uses += n;
      if (u.battleIds[u.battleIds.length - 1] !== id) u.battles += 1;
      addId(u.battleIds, id);
    });
    for (const r of side.uncloakRounds) {
      const u = bucket(this.uncloak, String(r), () => ({ round: r, count: 0, battleIds: [] }));
      u.count += 1;
      addId(u.battleIds, id);
    }
    for (const fm of side.formations) {
      const m = this.marks.get(fm.unitType)!;
      m.formations += 1;
      if (fm.survived) m.survived += 1;
    }
    this.addRating(side);
  }

  private addWounds(id: string, side: PlaytestSide): void {
    const factionWounds = bucket(this.wounds, side.factionId, () => new Map<UnitType, WoundsRow>());
    for (const w of side.wounds) {
      const row = bucket(factionWounds, w.unitType, () => ({ factionId: side.factionId, unitType: w.unitType, ranged: 0, melee: 0, battleIds: [] }));
      row.ranged += w.ranged;
      row.melee += w.melee;
      this.ranged += w.ranged;
      this.melee += w.melee;
      addId(row.battleIds, id);
    }
  }

  private addVp(side: PlaytestSide): void {
    if (side.vp) {
      for (const s of VP_SOURCES) this.vp[s] += side.vp[s];
      this.vpSides += 1;
    }
    const total = sideVpTotal(side);
    if (total !== null) {
      this.vpKnown.total += total;
      this.vpKnown.sides += 1;
    }
  }

  private addRating(side: PlaytestSide): void {
    const rating = keptRating(side.ratings);
    if (!rating) return;
    this.rated.sides += 1;
    if (rating.fun !== null) countIn(this.rated.fun, rating.fun);
    if (rating.clarity !== null) countIn(this.rated.clarity, rating.clarity);
    if (rating.confusingRule !== null) countIn(this.rated.rules, rating.confusingRule);
  }

  /** A matchup is keyed by its factions in a fixed order (plain comparison: localeCompare per battle costs more than the rest of the loop). */
  private addMatchup(b: PlaytestBattle): void {
    const [a, z] = b.sides[0].factionId <= b.sides[1].factionId ? b.sides : [b.sides[1], b.sides[0]];
    const mu = bucket(this.matchups, `${a.factionId}|${z.factionId}`, () => ({
      factionA: a.factionId,
      factionB: z.factionId,
      games: 0,
      winsA: 0,
      winsB: 0,
      draws: 0,
      battleIds: [],
    }));
    mu.games += 1;
    if (a.result === 'win') mu.winsA += 1;
    else if (z.result === 'win') mu.winsB += 1;
    else mu.draws += 1;
    mu.battleIds.push(b.id);
  }

  private addCryptidAndStorm(b: PlaytestBattle): void {
    if (b.cryptid) {
      this.cryptid.battles += 1;
      this.cryptid.battleIds.push(b.id);
      if (b.cryptid.woundsDealt !== null) {
        this.cryptidDealt += b.cryptid.woundsDealt;
        this.cryptidDealtKnown += 1;
      }
      this.cryptidTaken += b.cryptid.woundsTaken;
      if (b.cryptid.defeated) this.cryptid.defeated += 1;
    }
    if (b.storm) {
      this.storm.battles += 1;
      this.storm.battleIds.push(b.id);
      this.stormDealt += b.storm.woundsDealt;
    }
  }

  private addRuling(b: PlaytestBattle, ruling: string): void {
    const row = bucket(this.rulings, ruling, () => ({
      battles: 0,
      vp: 0,
      vpSides: 0,
      factions: new Map<string, RulingFactionRow>(),
      battleIds: [] as string[],
    }));
    row.battles += 1;
    row.battleIds.push(b.id);
    for (const side of b.sides) {
      const total = sideVpTotal(side);
      if (total !== null) {
        row.vp += total;
        row.vpSides += 1;
      }
      const f = bucket(row.factions, side.factionId, () => ({ factionId: side.factionId, games: 0, wins: 0, draws: 0, losses: 0, winRate: 0 }));
      f.games += 1;
      countResult(f, side.result);
    }
  }

  /** The cryptid's and the storm's means, over the battles counted. */
  private eventImpacts() {
    const { cryptid, storm } = this;
    cryptid.frequency = mean(cryptid.battles, cryptid.of);
    // battles whose record does not say what the cryptid dealt are left out of that mean
    cryptid.meanWoundsDealt = mean(this.cryptidDealt, this.cryptidDealtKnown);
    cryptid.meanWoundsTaken = mean(this.cryptidTaken, cryptid.battles);
    storm.frequency = mean(storm.battles, storm.of);
    storm.meanWoundsDealt = mean(this.stormDealt, storm.battles);
    return { cryptid, storm };
  }

  private byRuling(): RulingRow[] {
    return [...this.rulings]
      .sort(([x], [y]) => inCodeUnits(x, y))
      .map(([ruling, r]) => ({
        ruling,
        battles: r.battles,
        factions: [...r.factions.values()].map((f) => ({ ...f, winRate: mean(f.wins, f.games) })).sort((x, y) => x.factionId.localeCompare(y.factionId)),
        meanVpPerSide: mean(r.vp, r.vpSides),
        vpSides: r.vpSides,
        battleIds: r.battleIds,
      }));
  }

  /** The report over `battles`, the battles counted, in their order. */
  report(battles: readonly PlaytestBattle[]): PlaytestReport {
    const { cryptid, storm } = this.eventImpacts();
    const { vp, vpSides } = this;
    const byFaction = [...this.factions.values()].map((f) => ({ ...f, winRate: mean(f.wins, f.games) })).sort((x, y) => x.factionId.localeCompare(y.factionId));
    return {
      games: battles.length,
      battleIds: battles.map((b) => b.id),
      sources: this.sources,
      vp: this.vpKnown,
      sequences: this.sequences,
      byFaction,
      matchups: [...this.matchups.values()].sort((x, y) => `${x.factionA}|${x.factionB}`.localeCompare(`${y.factionA}|${y.factionB}`)),
      roundTimes: this.rounds.map((r, i) => ({ round: i + 1, meanSeconds: mean(r.sum, r.n), battles: r.n })),
      meanBattleSeconds: mean(this.battleSeconds, this.timedBattles),
      wounds: [...this.wounds.values()]
        .flatMap((m) => [...m.values()])
        .sort((x, y) => x.factionId.localeCompare(y.factionId) || UNIT_TYPES.indexOf(x.unitType) - UNIT_TYPES.indexOf(y.unitType)),
      woundTotals: { ranged: this.ranged, melee: this.melee },
      vpBySource: VP_SOURCES.map((s) => ({ source: s, total: vp[s], meanPerSide: mean(vp[s], vpSides), sides: vpSides })),
      usage: [...this.usage.values()].sort((x, y) => x.kind.localeCompare(y.kind) || y.uses - x.uses || x.id.localeCompare(y.id)),
      uncloak: [...this.uncloak.values()].sort((x, y) => x.round - y.round),
      cryptid,
      storm,
      serviceMarks: [...this.marks.values()].filter((m) => m.formations > 0).map((m) => ({ ...m, rate: mean(m.survived, m.formations) })),
      disputes: [...this.disputes.values()].sort((x, y) => y.count - x.count || x.ruleRef.localeCompare(y.ruleRef)),
      byRuling: this.byRuling(),
      ratings: ratingsSummary(this.rated.sides, this.rated.fun, this.rated.clarity, this.rated.rules),
    };
  }
}

export function buildReport(all: readonly PlaytestBattle[], filter: ReportFilter = {}): PlaytestReport {
  const battles = all.filter((b) => matchesFilter(b, filter));
  const tally = new ReportTally();
  for (const b of battles) tally.add(b);
  return tally.report(battles);
}

/** The report's results under one of its rulings beside those of its other battles: the report's totals less the ruling's. */
export function compareRuling<T extends Trail>(r: PlaytestReport<T>, row: RulingRow<T>): RulingComparison {
  const atDefault = r.games - row.battles;
  // every side whose VP the record gives, paper totals included, less the ruling's
  const vpUnder = row.meanVpPerSide * row.vpSides;
  const sidesAtDefault = r.vp.sides - row.vpSides;
  const rate = (wins: number, games: number) => (games === 0 ? null : wins / games);
  return {
    battles: { under: row.battles, atDefault },
    factions: r.byFaction.map((f) => {
      const u = row.factions.find((x) => x.factionId === f.factionId);
      const games = u?.games ?? 0;
      const wins = u?.wins ?? 0;
      return {
        factionId: f.factionId,
        under: { games, winRate: rate(wins, games) },
        atDefault: { games: f.games - games, winRate: rate(f.wins - wins, f.games - games) },
      };
    }),
    meanVpPerSide: { under: row.vpSides ? row.meanVpPerSide : null, atDefault: sidesAtDefault ? (r.vp.total - vpUnder) / sidesAtDefault : null },
    vpSides: { under: row.vpSides, atDefault: sidesAtDefault },
  };
}

/** The report's figures with each list of battle ids replaced by its length: what the screen is sent, from the full report. */
export function figuresOf(r: PlaytestReport): ReportFigures {
  const c = <R extends BattleIds>({ battleIds, ...rest }: R) => ({ ...rest, battleCount: battleIds.length });
  return {
    ...c(r),
    byFaction: r.byFaction.map(c),
    matchups: r.matchups.map(c),
    wounds: r.wounds.map(c),
    usage: r.usage.map(c),
    uncloak: r.uncloak.map(c),
    cryptid: c(r.cryptid),
    storm: c(r.storm),
    disputes: r.disputes.map(c),
    byRuling: r.byRuling.map(c),
  };
}
