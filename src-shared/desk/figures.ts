import { VP_SOURCES } from '../reports/battle';
import type { BundleRecord, BundleSide } from '../playtest/bundle';
import { fisherExactTwoSided, meanInterval, medianIqr, pValueInWords, TOO_FEW, twoProportionZ, wilsonInterval, type Interval } from '../stats';

/**
 * The designer's figures over the desk's battles (issue 36): every figure
 * with its uncertainty, its n, whether it has too few games behind it (fewer
 * than TOO_FEW) and the keys of the battles behind it (`club/battle`, for the
 * trace). Pure: the backend loads the battles (db/tables/desk.table.ts).
 *
 * Counting follows the club's playtest report (src-shared/reports/aggregate.ts)
 * where the two show the same thing, so a desk over one club's bundle agrees
 * with that club's report: a faction's games, wins, draws and losses count
 * each side it played (a mirror match is a game for it twice), matchups and
 * disputes as there. Win-rate intervals leave mirror matches out, since one
 * side of them always wins: they would pull every faction towards a half.
 */
export interface DeskBattle {
  clubId: string;
  record: DeskRecord;
  /** `club/battle`: the battle's key in the trace, made once when it is read. */
  key?: string;
}

/** What the figures and the filter read of a side. */
export type DeskSide = Pick<BundleSide, 'factionId' | 'result' | 'points' | 'vp' | 'ratings'>;
/**
 * What the figures and the filter read of a battle's record: a whole BundleRecord is one, and the desk keeps
 * only this much of each battle between reports (the trace reads its page of whole records again), so that
 * 100,000 battles held in memory stay small enough for the figures' own garbage to be collected cheaply.
 */
export type DeskRecord = Pick<
  BundleRecord,
  'battleId' | 'playedAt' | 'mission' | 'variant' | 'rulesVersion' | 'firstMover' | 'roundSeconds' | 'rulings' | 'disputes'
> & {
  sides: readonly [DeskSide, DeskSide];
};

/** The part of a record the desk keeps (see DeskRecord). */
export function deskRecordOf(r: BundleRecord): DeskRecord {
  const side = (s: BundleSide): DeskSide => ({ factionId: s.factionId, result: s.result, points: s.points, vp: s.vp, ratings: s.ratings });
  return {
    battleId: r.battleId,
    playedAt: r.playedAt,
    mission: r.mission,
    variant: r.variant,
    rulesVersion: r.rulesVersion,
    firstMover: r.firstMover,
    roundSeconds: r.roundSeconds,
    rulings: r.rulings,
    disputes: r.disputes,
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

export interface FactionFigure extends FigureBase {
  factionId: string;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  mirrors: number;
  /** Wins over games against other factions (draws are not wins), with its Wilson 95% interval; n = those games. */
  winRate: Estimate;
  /** Its VP less its opponent's, per game against another faction, with a 95% t-interval. */
  vpDifference: Estimate;
}

export interface PairFigure extends FigureBase {
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
  test: 'fisher' | 'two-proportion' | null;
  p: number | null;
  /** The p-value in words, e.g. "no evidence of a difference at n = 34 (p = 0.48)". */
  words: string;
  tooFew: boolean;
}

export interface RulingFigure extends FigureBase {
  ruling: string;
  battles: { under: number; atDefault: number };
  /** The factions that played under it, each compared with its games at the default (the desk's battles without this ruling). */
  factions: RulingFactionComparison[];
}

export interface SpeedFigure extends FigureBase {
  /** The mission, or null for battles that played none. */
  mission: number | null;
  /** Minutes a round took (every timed round), and a battle (its rounds added), with median and quartiles (R type 7). */
  roundMinutes: { median: number; q1: number; q3: number; rounds: number } | null;
  battleMinutes: { median: number; q1: number; q3: number } | null;
}

export interface DisputeFigure extends FigureBase {
  ruleRef: string;
  /** Disputes recorded (a battle may dispute a rule twice), and per 100 battles of the figures. */
  count: number;
  per100: number;
  notes: string[];
}

export interface RatingFigure extends FigureBase {
  by: 'faction' | 'mission';
  key: string;
  fun: Estimate | null;
  clarity: Estimate | null;
}

export interface DeskFigures {
  battles: number;
  clubs: number;
  factions: FactionFigure[];
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

export const battleKey = (b: DeskBattle) => b.key ?? `${b.clubId}/${b.record.battleId}`;
function vpOf(s: DeskSide): number {
  let t = 0;
  for (const k of VP_SOURCES) t += s.vp[k];
  return t;
}
const rate = (wins: number, games: number) => (games ? wins / games : null);
function bucket<K, T>(map: Map<K, T>, key: K, make: () => T): T {
  let v = map.get(key);
  if (!v) map.set(key, (v = make()));
  return v;
}
/**
 * The battles behind one figure: counted always, listed only when the keys
 * are asked for. The screens ask for counts, and at 100,000 battles lists
 * of keys for every figure are most of what a report would allocate.
 */
interface Behind {
  count: number;
  last: string;
  keys: string[] | null;
}
const behind = (listed: boolean): Behind => ({ count: 0, last: '', keys: listed ? [] : null });
/** Adds a battle once, however many of the figure's rows it touches. */
const addKey = (b: Behind, key: string) => {
  if (b.last === key) return;
  b.last = key;
  b.count += 1;
  b.keys?.push(key);
};
const base = (id: string, n: number, b: Behind, battles = b.count): FigureBase => ({
  id,
  n,
  tooFew: battles < TOO_FEW,
  battleCount: b.count,
  keys: b.keys ?? [],
});
const before = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Compares a faction's wins under a ruling with its wins at the default: Fisher's exact test, or the z-test for large tables. */
export function compareWins(under: { games: number; wins: number }, atDefault: { games: number; wins: number }) {
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
export function deskFigures(battles: readonly DeskBattle[], { withKeys = true }: { withKeys?: boolean } = {}): DeskFigures {
  const factions = new Map<
    string,
    { games: number; wins: number; draws: number; losses: number; mirrors: number; xWins: number; xGames: number; vpDiff: number[]; keys: Behind }
  >();
  type Pair = { a: string; b: string; games: number; winsA: number; winsB: number; draws: number; keys: Behind };
  /** By the pair's first faction, then its second. */
  const pairs = new Map<string, Map<string, Pair>>();
  const rulings = new Map<string, { keys: Behind; factions: Map<string, { games: number; wins: number }> }>();
  const first = { wins: 0, n: 0, keys: behind(withKeys) };
  const speed = new Map<number | null, { rounds: number[]; battles: number[]; keys: Behind }>();
  const disputes = new Map<string, { count: number; notes: string[]; keys: Behind }>();
  const ratings = new Map<string, { by: 'faction' | 'mission'; key: string; fun: number[]; clarity: number[]; keys: Behind }>();
  const clubs = new Set<string>();

  for (const b of battles) {
    const r = b.record;
    const key = battleKey(b);
    clubs.add(b.clubId);
    const mirror = r.sides[0].factionId === r.sides[1].factionId;
    for (let i = 0; i < 2; i++) {
      const s = r.sides[i]!;
      const other = r.sides[1 - i]!;
      let f = factions.get(s.factionId);
      if (!f) factions.set(s.factionId, (f = { games: 0, wins: 0, draws: 0, losses: 0, mirrors: 0, xWins: 0, xGames: 0, vpDiff: [], keys: behind(withKeys) }));
      f.games += 1;
      if (s.result === 'win') f.wins += 1;
      else if (s.result === 'draw') f.draws += 1;
      else f.losses += 1;
      if (mirror) f.mirrors += 1;
      else {
        f.xGames += 1;
        if (s.result === 'win') f.xWins += 1;
        f.vpDiff.push(vpOf(s) - vpOf(other));
      }
      addKey(f.keys, key);
      if (s.ratings) {
        const rated = s.ratings;
        const rate = (by: 'faction' | 'mission', k: string) => {
          const row = bucket(ratings, `${by}:${k}`, () => ({ by, key: k, fun: [], clarity: [], keys: behind(withKeys) }));
          if (rated.fun !== null) row.fun.push(rated.fun);
          if (rated.clarity !== null) row.clarity.push(rated.clarity);
          addKey(row.keys, key);
        };
        rate('faction', s.factionId);
        rate('mission', r.mission === null ? 'none' : String(r.mission));
      }
    }
    // a pair is keyed by its factions in code-unit order, as the club report's matchups are
    const inOrder = r.sides[0].factionId <= r.sides[1].factionId;
    const a = inOrder ? r.sides[0] : r.sides[1];
    const z = inOrder ? r.sides[1] : r.sides[0];
    const withA = bucket(pairs, a.factionId, () => new Map<string, Pair>());
    let p = withA.get(z.factionId);
    if (!p) withA.set(z.factionId, (p = { a: a.factionId, b: z.factionId, games: 0, winsA: 0, winsB: 0, draws: 0, keys: behind(withKeys) }));
    p.games += 1;
    if (a.result === 'win') p.winsA += 1;
    else if (z.result === 'win') p.winsB += 1;
    else p.draws += 1;
    addKey(p.keys, key);
    for (const ruling of r.rulings.length > 1 ? new Set(r.rulings) : r.rulings) {
      const row = bucket(rulings, ruling, () => ({ keys: behind(withKeys), factions: new Map<string, { games: number; wins: number }>() }));
      addKey(row.keys, key);
      if (!mirror)
        for (const s of r.sides) {
          const f = bucket(row.factions, s.factionId, () => ({ games: 0, wins: 0 }));
          f.games += 1;
          if (s.result === 'win') f.wins += 1;
        }
    }
    if (r.firstMover !== null) {
      first.n += 1;
      if (r.sides[r.firstMover].result === 'win') first.wins += 1;
      addKey(first.keys, key);
    }
    if (r.roundSeconds.length) {
      const s = bucket(speed, r.mission, () => ({ rounds: [], battles: [], keys: behind(withKeys) }));
      for (const x of r.roundSeconds) s.rounds.push(x / 60);
      let seconds = 0;
      for (const x of r.roundSeconds) seconds += x;
      s.battles.push(seconds / 60);
      addKey(s.keys, key);
    }
    for (const d of r.disputes) {
      const row = bucket(disputes, d.ruleRef, () => ({ count: 0, notes: [], keys: behind(withKeys) }));
      row.count += 1;
      if (d.note && row.notes.length < 10 && !row.notes.includes(d.note)) row.notes.push(d.note);
      addKey(row.keys, key);
    }
  }

  const n = battles.length;
  const factionRows = [...factions].sort(([x], [y]) => x.localeCompare(y));
  return {
    battles: n,
    clubs: clubs.size,
    factions: factionRows.map(([factionId, f]) => ({
      ...base(`faction:${factionId}`, f.xGames, f.keys),
      factionId,
      games: f.games,
      wins: f.wins,
      draws: f.draws,
      losses: f.losses,
      mirrors: f.mirrors,
      winRate: est(wilsonInterval(f.xWins, f.xGames)),
      vpDifference: est(meanInterval(f.vpDiff)),
    })),
    pairs: [...pairs.values()]
      .flatMap((m) => [...m.values()])
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
      })),
    rulings: [...rulings]
      .sort(([x], [y]) => before(x, y))
      .map(([ruling, row]) => ({
        ...base(`ruling:${ruling}`, n, row.keys),
        ruling,
        battles: { under: row.keys.count, atDefault: n - row.keys.count },
        factions: [...row.factions]
          .sort(([x], [y]) => x.localeCompare(y))
          .map(([factionId, u]) => {
            const all = factions.get(factionId)!;
            const d = { games: all.xGames - u.games, wins: all.xWins - u.wins };
            const under = { ...u, winRate: rate(u.wins, u.games) };
            const atDefault = { ...d, winRate: rate(d.wins, d.games) };
            return {
              factionId,
              under,
              atDefault,
              difference: under.winRate !== null && atDefault.winRate !== null ? under.winRate - atDefault.winRate : null,
              ...compareWins(u, d),
              tooFew: u.games < TOO_FEW || d.games < TOO_FEW,
            };
          }),
      })),
    firstMover: { ...base('first-mover', first.n, first.keys), wins: first.wins, winRate: est(wilsonInterval(first.wins, first.n)) },
    speed: [...speed]
      .sort(([x], [y]) => (x ?? 99) - (y ?? 99))
      .map(([mission, s]) => {
        const rounds = medianIqr(s.rounds);
        const whole = medianIqr(s.battles);
        return {
          ...base(`speed:${mission ?? 'none'}`, s.battles.length, s.keys),
          mission,
          roundMinutes: rounds && { median: rounds.median, q1: rounds.q1, q3: rounds.q3, rounds: s.rounds.length },
          battleMinutes: whole && { median: whole.median, q1: whole.q1, q3: whole.q3 },
        };
      }),
    disputes: [...disputes]
      .sort(([xr, x], [yr, y]) => y.count - x.count || xr.localeCompare(yr))
      .map(([ruleRef, d]) => ({ ...base(`dispute:${ruleRef}`, n, d.keys, n), ruleRef, count: d.count, per100: n ? (100 * d.count) / n : 0, notes: d.notes })),
    ratings: [...ratings.values()]
      .sort((x, y) => x.by.localeCompare(y.by) || x.key.localeCompare(y.key))
      .map((r) => ({
        ...base(`rating:${r.by}:${r.key}`, Math.max(r.fun.length, r.clarity.length), r.keys),
        by: r.by,
        key: r.key,
        fun: r.fun.length ? est(meanInterval(r.fun)) : null,
        clarity: r.clarity.length ? est(meanInterval(r.clarity)) : null,
      })),
  };
}

/** Every figure of the figures, for the trace: by its id. */
export function figureById(f: DeskFigures, id: string): FigureBase | undefined {
  const all: FigureBase[] = [...f.factions, ...f.pairs, ...f.rulings, f.firstMover, ...f.speed, ...f.disputes, ...f.ratings];
  return all.find((x) => x.id === id);
}

/** The figures with each list of keys replaced by its length (what a screen is sent; the trace lists them a page at a time). */
export type DeskFigureCounts = ReturnType<typeof withoutKeys>;
export function withoutKeys(f: DeskFigures) {
  const c = <T extends FigureBase>({ keys: _keys, ...rest }: T) => rest;
  return {
    battles: f.battles,
    clubs: f.clubs,
    factions: f.factions.map(c),
    pairs: f.pairs.map(c),
    rulings: f.rulings.map(c),
    firstMover: c(f.firstMover),
    speed: f.speed.map(c),
    disputes: f.disputes.map(c),
    ratings: f.ratings.map(c),
  };
}
