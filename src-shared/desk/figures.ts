import type { BundleRecord, BundleSide } from '../playtest/bundle';
import { fisherExactTwoSided, meanInterval, medianIqrOfSorted, pValueInWords, TOO_FEW, twoProportionZ, wilsonInterval, type Interval } from '../stats';
import { scaleSummary } from '../stats/rating-scale';
import {
  cochranMantelHaenszel,
  exactStratifiedP,
  gamesToDetect,
  holmAdjust,
  newcombeDifference,
  pointsCurveAt,
  pointsLogit,
  type Table2x2,
} from '../stats/compare';
import { deskColumns, type DeskColumns } from './columns';
import type { AdjustedStrength, FactionModelSummary } from './faction-adjusted';
import {
  DeskTally,
  type Behind,
  type ClubCounts,
  type DisputeRow,
  type FactionRow,
  type PairRow,
  type PlayerRow,
  type RatingRow,
  type RulingFactionCount,
  type RulingRow,
  type SpeedRow,
} from './figures-tally';
import { unitFigureList, unitFiguresOf, unitFiguresWithoutKeys, type UnitFigureCounts, type UnitFigures } from './unit-figures';

/**
 * The designer's figures over the desk's battles (issue 36): every figure
 * with its uncertainty, its n, whether it has too few games behind it (fewer
 * than TOO_FEW) and the keys of the battles behind it (`club/battle`, for the
 * trace). Pure: the backend loads the battles (db/tables/desk.table.ts).
 *
 * Counting follows the club's playtest report (src-shared/reports/aggregate.ts)
 * where the two show the same thing (matchups and disputes as there), but a
 * faction's figures leave mirror matches out of every column (games, wins,
 * draws, losses, the win rate and its n, the VP difference, the battles
 * behind it) and count them apart, once per battle (issue 41, point 5): one
 * side of a mirror always wins, so it would pull every faction towards a half,
 * and a row whose games count it while its rate does not reads as a mistake.
 */

/** The footnote every faction table carries (screen, CSV, PDF): how mirror matches are counted. */
export const MIRROR_NOTE =
  'Mirror matches (the same faction on both sides) are left out of every faction column (games, wins, draws, losses, the win rate and its n, the VP difference and the battles behind them) and counted apart, once per battle, under "Mirror matches": one side of a mirror always wins, so they would pull every faction towards 50%. Head to head lists them as a faction against itself.';
export interface DeskBattle {
  clubId: string;
  record: DeskRecord;
  /** `club/battle`: the battle's key in the trace, made once when it is read. */
  key?: string;
}

/** What the figures and the filter read of a side. */
export type DeskSide = Pick<BundleSide, 'player' | 'factionId' | 'result' | 'points' | 'vp' | 'vpTotal' | 'ratings' | 'wounds' | 'explosions'> &
  Partial<Pick<BundleSide, 'formations' | 'orders' | 'gambits' | 'abilities' | 'rulesOfCool' | 'rulesOfCoolSucceeded'>>;
/**
 * What the figures and the filter read of a battle's record: a whole BundleRecord is one, and the desk keeps
 * only this much of each battle between reports (the trace reads its page of whole records again), so that
 * 100,000 battles held in memory stay small enough for the figures' own garbage to be collected cheaply.
 */
export type DeskRecord = Pick<
  BundleRecord,
  'battleId' | 'source' | 'playedAt' | 'mission' | 'variant' | 'rulesVersion' | 'packDigest' | 'firstMover' | 'roundSeconds' | 'rulings' | 'disputes'
> &
  Partial<Pick<BundleRecord, 'cryptid'>> & {
    sides: readonly [DeskSide, DeskSide];
  };

/** The part of a record the desk keeps (see DeskRecord). */
export function deskRecordOf(r: BundleRecord): DeskRecord {
  // a paper record's side has its VP as a total, a Play Mode record's by source (issue 41)
  const side = (s: BundleSide): DeskSide => ({
    player: s.player,
    factionId: s.factionId,
    result: s.result,
    points: s.points,
    ...(s.vp ? { vp: s.vp } : { vpTotal: s.vpTotal }),
    ratings: s.ratings,
    // the unit figures' (unit-figures.ts): formations always, Wounds and explosions where Play Mode recorded them
    formations: s.formations,
    ...(s.wounds ? { wounds: s.wounds } : {}),
    ...(s.explosions ? { explosions: s.explosions } : {}),
    // orders, gambits, abilities and Rule of Cool where Play Mode counted them (usage-figures.ts)
    ...(s.orders ? { orders: s.orders } : {}),
    ...(s.gambits ? { gambits: s.gambits } : {}),
    ...(s.abilities ? { abilities: s.abilities } : {}),
    ...(s.rulesOfCool ? { rulesOfCool: s.rulesOfCool, rulesOfCoolSucceeded: s.rulesOfCoolSucceeded ?? {} } : {}),
  });
  return {
    battleId: r.battleId,
    ...(r.source ? { source: r.source } : {}),
    playedAt: r.playedAt,
    mission: r.mission,
    variant: r.variant,
    rulesVersion: r.rulesVersion,
    packDigest: r.packDigest ?? null,
    firstMover: r.firstMover,
    roundSeconds: r.roundSeconds,
    rulings: r.rulings,
    disputes: r.disputes,
    cryptid: r.cryptid,
    sides: [side(r.sides[0]), side(r.sides[1])],
  };
}

/** What every figure carries. */
export interface FigureBase {
  /** Names the figure for the trace (desk.trace). */
  id: string;
  /** The sample size the interval or test rests on. */
  n: number;
  /** Fewer than TOO_FEW battles behind it: shown, and marked "too few games" everywhere. */
  tooFew: boolean;
  /** How many battles are behind it. */
  battleCount: number;
  /** The battles behind it, as `club/battle`, in the order they were played: gathered only when asked (the trace, CSV, PDF). */
  keys: string[];
}

/** An interval as the figures carry it: null where nothing is known (no games; a mean of fewer than two values has no interval). */
export interface Estimate {
  estimate: number | null;
  lower: number | null;
  upper: number | null;
}
const fin = (x: number) => (Number.isFinite(x) ? x : null);
const est = (i: Interval): Estimate => ({ estimate: fin(i.estimate), lower: fin(i.lower), upper: fin(i.upper) });

interface FactionFigure extends FigureBase {
  factionId: string;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  /** Its mirror matches (battles against itself), counted in no other column. */
  mirrors: number;
  /** Wins over games against other factions (draws are not wins), with its Wilson 95% interval; n = those games. */
  winRate: Estimate;
  /** Its VP less its opponent's, per game against another faction, with a 95% t-interval. */
  vpDifference: Estimate;
  /** Its strength adjusted for who played it (the faction model, faction-adjusted.ts); null where it won or lost no game against another faction. */
  adjusted: AdjustedStrength | null;
}

interface PairFigure extends FigureBase {
  factionA: string;
  factionB: string;
  games: number;
  winsA: number;
  winsB: number;
  draws: number;
  /** A's wins over the pair's games, with its Wilson interval. */
  winRateA: Estimate;
}

export interface RulingFactionComparison {
  factionId: string;
  under: { games: number; wins: number; winRate: number | null };
  atDefault: { games: number; wins: number; winRate: number | null };
  /** Under less at default; null when either has no games. */
  difference: number | null;
  /** The difference with Newcombe's 95% interval (null where a side has no games). */
  differenceInterval: Estimate;
  /** The pooled test: every club's games at the default together. */
  test: 'fisher' | 'two-proportion' | null;
  p: number | null;
  /** The pooled p-value in words, e.g. "no evidence of a difference at n = 34 (p = 0.48)". */
  words: string;
  /**
   * The test stratified by club (each club's games under the ruling against its own games at the default), so a
   * club's strength is not read as the ruling's effect: Cochran–Mantel–Haenszel, exact where the games are few.
   */
  stratified: { test: 'cmh' | 'exact' | null; p: number | null; clubs: number; words: string };
  /** The stratified p-value adjusted (Holm) across every comparison of the figures. */
  adjustedP: number | null;
  /** Games each side would need to find a 10-point difference from the default's win rate at 80% power. */
  gamesNeeded: number | null;
  tooFew: boolean;
}

export interface RulingFigure extends FigureBase {
  ruling: string;
  /** Other rulings played in exactly the same battles: their effects cannot be told apart from this one's. */
  confoundedWith: string[];
  battles: { under: number; atDefault: number };
  /** The factions that played under it, each compared with its games at the default (the desk's battles without this ruling). */
  factions: RulingFactionComparison[];
}

interface SpeedFigure extends FigureBase {
  /** The mission, or null for battles that played none. */
  mission: number | null;
  /** Minutes a round took (every timed round), and a battle (its rounds added), with median and quartiles (R type 7). */
  roundMinutes: { median: number; q1: number; q3: number; rounds: number } | null;
  battleMinutes: { median: number; q1: number; q3: number } | null;
}

interface DisputeFigure extends FigureBase {
  ruleRef: string;
  /** Disputes recorded (a battle may dispute a rule twice), and per 100 battles of the figures. */
  count: number;
  per100: number;
  notes: string[];
}

/**
 * One rating on the 1–5 scale, counted on its own (fun and clarity are rated apart, so each has its own n): the mean
 * (`estimate`) with a percentile-bootstrap interval that stays on the scale, the median, how many gave each value, and
 * "too few" decided on this n.
 */
export interface RatingScale extends Estimate {
  n: number;
  median: number;
  counts: [number, number, number, number, number];
  tooFew: boolean;
}

interface RatingFigure extends FigureBase {
  by: 'faction' | 'mission';
  key: string;
  fun: RatingScale | null;
  clarity: RatingScale | null;
}

/** A rating's figure from its sample (null when nobody gave it). */
export function ratingScale(values: ArrayLike<number>): RatingScale | null {
  const s = scaleSummary(values);
  return s && { estimate: s.mean, lower: s.lower, upper: s.upper, n: s.n, median: s.median, counts: s.counts, tooFew: s.n < TOO_FEW };
}

/**
 * One player, by the pseudonym the club sends (or the name, where it sent names): games, results and the factions
 * played. A player's games are not independent of each other: one strong player's many games weigh on a faction's rate.
 */
interface PlayerFigure extends FigureBase {
  player: string;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  /** The factions played, most played first (then by id), with their games. */
  factions: { factionId: string; games: number }[];
}

/**
 * The win chance against the difference in army points: a logistic curve through 50% at equal points, fitted over the
 * battles where both armies' points are known and one side won, with its 95% band at a few differences.
 */
export interface PointsCurve {
  n: number;
  /** The slope on the logit scale per 100 points, with its 95% Wald interval. */
  slope: Estimate;
  at: ({ difference: number } & Estimate)[];
}

/** The differences in points the curve is read at. */
const CURVE_DIFFERENCES = [-200, -150, -100, -50, 0, 50, 100, 150, 200];

/** The curve from the games (side A's difference and whether A won), or null where nothing can be fitted. */
export function pointsCurveOf(games: readonly { difference: number; won: boolean }[]): PointsCurve | null {
  const fit = pointsLogit(games);
  if (!fit) return null;
  const half = 1.959963984540054 * fit.se;
  return {
    n: fit.n,
    slope: { estimate: fit.slope, lower: fit.slope - half, upper: fit.slope + half },
    at: CURVE_DIFFERENCES.map((difference) => ({ difference, ...est(pointsCurveAt(fit, difference)) })),
  };
}

export interface DeskFigures {
  battles: number;
  clubs: number;
  /** Win chance against the difference in army points (null where no battle knows both armies' points and a winner). */
  pointsCurve: PointsCurve | null;
  /** The faction model behind each faction's `adjusted` (null where nothing could be fitted). */
  factionModel: FactionModelSummary | null;
  factions: FactionFigure[];
  /** Per unit type, Heavy explosions, the cryptid and VP by source (unit-figures.ts), each over the records that hold its field. */
  units: UnitFigures;
  /** Players with most games first (then by pseudonym, in code-unit order). */
  players: PlayerFigure[];
  pairs: PairFigure[];
  rulings: RulingFigure[];
  /** The side that held the initiative from the set-up roll-off: its wins over battles where the record says who it was. */
  firstMover: FigureBase & { wins: number; winRate: Estimate };
  speed: SpeedFigure[];
  disputes: DisputeFigure[];
  ratings: RatingFigure[];
}

/** Battles below this many in one comparison's table are tested exactly (Fisher); larger ones by the two-proportion z-test. */
export const FISHER_UP_TO = 2000;

const rate = (wins: number, games: number) => (games ? wins / games : null);
const base = (id: string, n: number, b: Behind, battles = b.count): FigureBase => ({
  id,
  n,
  tooFew: battles < TOO_FEW,
  battleCount: b.count,
  keys: b.keys ?? [],
});
const before = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Stratified tests up to this many games are exact (the conditional test over the strata); larger ones CMH's. */
const EXACT_STRATIFIED_UP_TO = 200;

/** Wins and games, by club (its id). */
export type ByClub = Map<string, { games: number; wins: number }>;

/**
 * A faction's games under a ruling against its games at the default, club by club (`under` and `all` by club id, the
 * default being all less under): the difference's interval, the stratified test, and the games that would settle it.
 * The Holm adjustment is made over every comparison at once (`adjustAcrossFigures`).
 */
export function fairComparison(under: ByClub, all: ByClub): Pick<RulingFactionComparison, 'differenceInterval' | 'stratified' | 'gamesNeeded'> {
  let u = { games: 0, wins: 0 };
  let d = { games: 0, wins: 0 };
  const strata: Table2x2[] = [];
  for (const club of [...all.keys()].sort()) {
    const a = all.get(club)!;
    const x = under.get(club) ?? { games: 0, wins: 0 };
    const y = { games: a.games - x.games, wins: a.wins - x.wins };
    u = { games: u.games + x.games, wins: u.wins + x.wins };
    d = { games: d.games + y.games, wins: d.wins + y.wins };
    // a club that played only one way compares nothing within itself
    if (x.games && y.games) strata.push({ a: x.wins, b: x.games - x.wins, c: y.wins, d: y.games - y.wins });
  }
  const games = strata.reduce((s, t) => s + t.a + t.b + t.c + t.d, 0);
  const test = strata.length === 0 ? null : games <= EXACT_STRATIFIED_UP_TO ? 'exact' : 'cmh';
  const p = test === 'exact' ? exactStratifiedP(strata) : test === 'cmh' ? cochranMantelHaenszel(strata).p : NaN;
  const needed = d.games ? gamesToDetect(d.wins / d.games).perSide : NaN;
  return {
    differenceInterval: est(newcombeDifference(u.wins, u.games, d.wins, d.games)),
    stratified: { test, p: fin(p), clubs: strata.length, words: test ? pValueInWords(p, games) : 'no club played both ways' },
    gamesNeeded: Number.isFinite(needed) ? needed : null,
  };
}

/** Holm's adjustment of every comparison's stratified p-value, across the figures (a page of twelve tests is twelve chances). */
export function adjustAcrossFigures(rulings: RulingFigure[]): void {
  const all = rulings.flatMap((r) => r.factions);
  const adjusted = holmAdjust(all.map((c) => c.stratified.p ?? NaN));
  all.forEach((c, i) => (c.adjustedP = fin(adjusted[i]!)));
}

/** Rulings whose battles are the same battles (by a signature of them), each told which others it cannot be told apart from. */
export function markConfounded(rulings: RulingFigure[], signatureOf: (r: RulingFigure) => string): void {
  const bySignature = new Map<string, string[]>();
  for (const r of rulings) bySignature.set(signatureOf(r), [...(bySignature.get(signatureOf(r)) ?? []), r.ruling]);
  for (const r of rulings) r.confoundedWith = bySignature.get(signatureOf(r))!.filter((x) => x !== r.ruling);
}

/** Compares a faction's wins under a ruling with its wins at the default: Fisher's exact test, or the z-test for large tables. */
function compareWins(under: { games: number; wins: number }, atDefault: { games: number; wins: number }) {
  const n = under.games + atDefault.games;
  if (!under.games || !atDefault.games) return { test: null, p: null, words: pValueInWords(NaN, n) };
  const test: 'fisher' | 'two-proportion' = n <= FISHER_UP_TO ? 'fisher' : 'two-proportion';
  const p =
    test === 'fisher'
      ? fisherExactTwoSided(under.wins, under.games - under.wins, atDefault.wins, atDefault.games - atDefault.wins)
      : twoProportionZ(under.wins, under.games, atDefault.wins, atDefault.games).p;
  return { test, p, words: pValueInWords(p, n) };
}

/** The figures over these battles; `withKeys: false` leaves every figure's `keys` empty (its battleCount is kept). */
export function deskFigures(battles: readonly DeskBattle[], options: { withKeys?: boolean } = {}): DeskFigures {
  return deskFiguresOver(deskColumns(battles), null, options);
}

/**
 * A sorted sample, listed into `out` (a list kept with the columns, its length set to the sample's) from its distinct
 * values (ascending) and how many times each was counted, each divided by `by`. Kept rather than made: a list of
 * more than 16,000 numbers is a large object to V8, given memory mapped afresh each time one is made (twice for a
 * `new Array(n)`, whose first fraction moves it to a list of doubles), and over 100,000 battles making these lists
 * cost more than counting the samples.
 */
function listed(out: number[], values: Float64Array, counts: Uint32Array, total: number, by: number): number[] {
  let k = 0;
  for (let v = 0; v < values.length; v++) {
    const x = values[v]! / by;
    for (let times = counts[v]!; times > 0; times--) {
      if (k < out.length) out[k] = x;
      else out.push(x);
      k += 1;
    }
  }
  out.length = total;
  return out;
}
/** The players' figures from their rows: most games first, then by pseudonym; each player's factions most played first. */
function playerFigures(rows: readonly PlayerRow[], nameOf: (place: number) => string, factionOf: (place: number) => string): PlayerFigure[] {
  return rows
    .map((p) => [nameOf(p.place), p] as const)
    .sort(([x, a], [y, b]) => b.games - a.games || before(x, y))
    .map(([player, p]) => ({
      ...base(`player:${player}`, p.games, p.keys),
      player,
      games: p.games,
      wins: p.wins,
      draws: p.draws,
      losses: p.losses,
      factions: [...p.factions].map(([f, games]) => ({ factionId: factionOf(f), games })).sort((x, y) => y.games - x.games || before(x.factionId, y.factionId)),
    }));
}

/** The factions' figures, by faction id; `adjusted` from the faction model (by the faction's place). */
function factionFigures(c: DeskColumns, met: readonly FactionRow[], adjusted: readonly (AdjustedStrength | null)[]): FactionFigure[] {
  return met
    .map((f) => [c.factions[f.place]!, f] as const)
    .sort(([x], [y]) => x.localeCompare(y))
    .map(([factionId, f]) => ({
      ...base(`faction:${factionId}`, f.xGames, f.keys),
      factionId,
      games: f.games,
      wins: f.wins,
      draws: f.draws,
      losses: f.losses,
      mirrors: f.mirrors,
      winRate: est(wilsonInterval(f.xWins, f.xGames)),
      vpDifference: est(meanInterval(c.scratch.vp.subarray(c.vpFrom[f.place]!, c.vpFrom[f.place]! + f.xGames))),
      adjusted: adjusted[f.place] ?? null,
    }));
}

function pairFigures(pairsByFirst: readonly PairRow[][]): PairFigure[] {
  return pairsByFirst
    .flat()
    .sort((x, y) => `${x.a}|${x.b}`.localeCompare(`${y.a}|${y.b}`))
    .map((p) => ({
      ...base(`pair:${p.a}|${p.b}`, p.games, p.keys),
      factionA: p.a,
      factionB: p.b,
      games: p.games,
      winsA: p.winsA,
      winsB: p.winsB,
      draws: p.draws,
      winRateA: est(wilsonInterval(p.winsA, p.games)),
    }));
}

/** One faction under a ruling (`u`) against its games at the default (all its games against other factions less `u`). */
function rulingFactionComparison(c: DeskColumns, factionId: string, u: RulingFactionCount, all: FactionRow): RulingFactionComparison {
  const d = { games: all.xGames - u.games, wins: all.xWins - u.wins };
  const under = { games: u.games, wins: u.wins, winRate: rate(u.wins, u.games) };
  const atDefault = { ...d, winRate: rate(d.wins, d.games) };
  const byId = (m: ClubCounts): ByClub => new Map([...m].map(([club, x]) => [c.clubs[club]!, x]));
  return {
    factionId,
    under,
    atDefault,
    difference: under.winRate !== null && atDefault.winRate !== null ? under.winRate - atDefault.winRate : null,
    ...compareWins(u, d),
    ...fairComparison(byId(u.byClub), byId(all.byClub)),
    adjustedP: null,
    tooFew: u.games < TOO_FEW || d.games < TOO_FEW,
  };
}

/** The rulings' figures, by ruling, each with its factions' comparisons (by faction id); `n` is the battles of the figures. */
function rulingFigures(c: DeskColumns, met: RulingRow[], factions: readonly (FactionRow | undefined)[], n: number): RulingFigure[] {
  return met
    .sort((x, y) => before(x.ruling, y.ruling))
    .map((row) => ({
      ...base(`ruling:${row.ruling}`, n, row.keys),
      ruling: row.ruling,
      battles: { under: row.keys.count, atDefault: n - row.keys.count },
      confoundedWith: [],
      factions: [...row.factions]
        .map(([place, u]) => [c.factions[place]!, place, u] as const)
        .sort(([x], [y]) => x.localeCompare(y))
        .map(([factionId, place, u]) => rulingFactionComparison(c, factionId, u, factions[place]!)),
    }));
}

/** The speed figures by mission (none last), their medians listed from the counts the pass kept. */
function speedFigures(c: DeskColumns, met: readonly SpeedRow[]): SpeedFigure[] {
  const scratch = c.scratch;
  return met
    .map((s) => [c.missions[s.place]!, s] as const)
    .sort(([x], [y]) => (x ?? 99) - (y ?? 99))
    .map(([mission, s]) => {
      const values = c.speedValues[s.place]!;
      const rounds = medianIqrOfSorted(listed(scratch.roundLists[s.place]!, values.rounds, scratch.roundCounts[s.place]!, s.rounds, 60));
      const whole = medianIqrOfSorted(listed(scratch.battleLists[s.place]!, values.battles, scratch.battleCounts[s.place]!, s.battles, 60));
      return {
        ...base(`speed:${mission ?? 'none'}`, s.battles, s.keys),
        mission,
        roundMinutes: rounds && { median: rounds.median, q1: rounds.q1, q3: rounds.q3, rounds: s.rounds },
        battleMinutes: whole && { median: whole.median, q1: whole.q1, q3: whole.q3 },
      };
    });
}

/** The disputes' figures, most disputed first; `disputable` is the battles whose records can hold a dispute. */
function disputeFigures(met: DisputeRow[], disputable: number): DisputeFigure[] {
  return met
    .sort((x, y) => y.count - x.count || x.ruleRef.localeCompare(y.ruleRef))
    .map((d) => ({
      ...base(`dispute:${d.ruleRef}`, disputable, d.keys, disputable),
      ruleRef: d.ruleRef,
      count: d.count,
      per100: disputable ? (100 * d.count) / disputable : 0,
      notes: d.notes,
    }));
}

function ratingFigures(met: RatingRow[]): RatingFigure[] {
  return met
    .sort((x, y) => x.by.localeCompare(y.by) || x.key.localeCompare(y.key))
    .map((r) => ({
      // the figure's n is its battles; each rating counts its own raters
      ...base(`rating:${r.by}:${r.key}`, r.keys.count, r.keys),
      by: r.by,
      key: r.key,
      fun: ratingScale(r.fun.subarray(r.from, r.from + r.funN)),
      clarity: ratingScale(r.clarity.subarray(r.from, r.from + r.clarityN)),
    }));
}

/**
 * The figures over the battles at these rows of the columns (every battle when null), in the rows' order: what
 * `deskFigures` gives for those battles. One pass counts into a row per faction, pair, ruling, mission, rule and
 * rating (figures-tally.ts), each made when first met (rows whose names sort alike keep that order, as they would
 * in a Map); the samples behind the mean intervals are written into buffers kept with the columns, and the medians'
 * samples are counted by their place among the distinct times (ranked when the columns were made), then listed from
 * the counts in order, so no sample is sorted and no array grows one value at a time.
 */
export function deskFiguresOver(c: DeskColumns, rows: Uint32Array | null, { withKeys = true }: { withKeys?: boolean } = {}): DeskFigures {
  const n = rows ? rows.length : c.length;
  const keys = c.keys;
  const t = new DeskTally(c, withKeys);
  for (let j = 0; j < n; j++) t.add(rows ? rows[j]! : j);
  const model = t.modelGames.fit();
  const figures: DeskFigures = {
    battles: n,
    clubs: t.clubs,
    pointsCurve: pointsCurveOf(t.pointsGames),
    factionModel: model.summary,
    units: unitFiguresOf(
      n,
      (j) => keys[rows ? rows[j]! : j]!,
      (j) => c.battles[rows ? rows[j]! : j]!.record,
      { withKeys },
    ),
    factions: factionFigures(c, t.factionsMet, model.byFaction),
    players: playerFigures(
      t.playersMet,
      (x) => c.players[x]!,
      (x) => c.factions[x]!,
    ),
    pairs: pairFigures(t.pairsByFirst),
    rulings: rulingFigures(c, t.rulingsMet, t.factions, n),
    firstMover: { ...base('first-mover', t.first.n, t.first.keys), wins: t.first.wins, winRate: est(wilsonInterval(t.first.wins, t.first.n)) },
    speed: speedFigures(c, t.speedMet),
    disputes: disputeFigures(t.disputesMet, t.disputable),
    ratings: ratingFigures(t.ratingsMet),
  };
  const signature = new Map(t.rulingsMet.map((r) => [r.ruling, `${r.keys.count}:${r.signature}`]));
  markConfounded(figures.rulings, (r) => signature.get(r.ruling)!);
  adjustAcrossFigures(figures.rulings);
  return figures;
}

/** Every figure of the figures, for the trace: by its id. */
export function figureById(f: DeskFigures, id: string): FigureBase | undefined {
  const all: FigureBase[] = [
    ...f.factions,
    ...f.players,
    ...f.pairs,
    ...f.rulings,
    f.firstMover,
    ...f.speed,
    ...f.disputes,
    ...f.ratings,
    ...unitFigureList(f.units),
  ];
  return all.find((x) => x.id === id);
}

/** The figures with each list of keys replaced by its length (what a screen is sent; the trace lists them a page at a time). */
export function withoutKeys(f: DeskFigures) {
  const c = <T extends FigureBase>({ keys: _keys, ...rest }: T) => rest;
  const units: UnitFigureCounts = unitFiguresWithoutKeys(f.units);
  return {
    battles: f.battles,
    clubs: f.clubs,
    pointsCurve: f.pointsCurve,
    factionModel: f.factionModel,
    factions: f.factions.map(c),
    units,
    players: f.players.map(c),
    pairs: f.pairs.map(c),
    rulings: f.rulings.map(c),
    firstMover: c(f.firstMover),
    speed: f.speed.map(c),
    disputes: f.disputes.map(c),
    ratings: f.ratings.map(c),
  };
}
