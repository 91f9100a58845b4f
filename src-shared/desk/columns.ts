import { versionNamer } from './versions';
import { VP_SOURCES } from '../reports/battle';
import type { DeskBattle, DeskSide } from './figures';

/**
 * The desk's battles as columns (issue 36): what the figures and the filter read of each battle, one typed array
 * per field, in the battles' order (side A of battle i at 2i, side B at 2i + 1), with each text kept once in a list
 * and the battles holding its place in that list. Built once when the desk's battles are read, and kept with them.
 *
 * The figures read every battle the filter selects. Read from 100,000 records, each an object with its sides and
 * their VP in objects of their own scattered over a heap of 150 MB, every battle cost several cache misses, and the
 * figures took four times longer per battle at 100,000 than at 10,000; read from columns of a few megabytes side
 * by side, the pass over 100,000 battles costs about what it costs over 10,000, ten times over.
 */
export interface DeskColumns {
  readonly length: number;
  /** The battles themselves, in the columns' order: the unit figures (unit-figures.ts) read their records. */
  readonly battles: readonly DeskBattle[];
  /** Each battle's key, `club/battle` (the trace's). */
  readonly keys: readonly string[];
  readonly playedAt: readonly string[];
  /** The battle's club, as its place in `clubs`. */
  readonly club: Uint32Array;
  readonly clubs: readonly string[];
  /** The game data version and the variant, as places in `versions` and `variants`; -1 for none. */
  readonly version: Int32Array;
  readonly versions: readonly string[];
  readonly variant: Int32Array;
  readonly variants: readonly string[];
  /** The mission (or none) as a place in `missions`. */
  readonly mission: Uint32Array;
  readonly missions: readonly (number | null)[];
  /** The side that held the initiative, or -1 where the record does not say. */
  readonly firstMover: Int8Array;
  /**
   * 1 for a paper battle's record (issue 41), which has no round times, storm or disputes and its VP only as a total:
   * a figure of those counts the other battles only (its n says so).
   */
  readonly paper: Uint8Array;

  /** Per side (2i, 2i + 1): its faction as a place in `factions`. */
  readonly faction: Uint32Array;
  readonly factions: readonly string[];
  /** Per side: its player (a pseudonym, or a name where the club sent names) as a place in `players`. */
  readonly player: Uint32Array;
  readonly players: readonly string[];
  /** Each faction's place in the factions' code-unit order (a pair is keyed by its factions in that order). */
  readonly factionOrder: Uint32Array;
  /** Per side: RESULT_WIN, RESULT_DRAW or RESULT_LOSS. */
  readonly result: Uint8Array;
  /** Per side: its VP, every source added in VP_SOURCES' order (a paper record's total as entered). */
  readonly vp: Float64Array;
  /** Per side: its army's points, NaN where not known (the records' points are whole numbers). */
  readonly points: Float64Array;
  /** Per side: RATED when it has ratings, with RATED_FUN and RATED_CLARITY for the ratings given (in fun and clarity). */
  readonly rated: Uint8Array;
  readonly fun: Float64Array;
  readonly clarity: Float64Array;

  /** The battle's pair of factions (A, B in code-unit order) as a place in pairA/pairB. */
  readonly pair: Uint32Array;
  readonly pairA: Uint32Array;
  readonly pairB: Uint32Array;

  /** Battle i's rulings (each once, in the order the record first names them) are ruling[rulingsFrom[i] … rulingsFrom[i + 1]), places in `rulings`. */
  readonly rulingsFrom: Uint32Array;
  readonly ruling: Uint32Array;
  readonly rulings: readonly string[];
  /** Battle i's disputes are disputeRule/disputeNote[disputesFrom[i] … disputesFrom[i + 1]), the rule as a place in `ruleRefs`, the note in `notes`. */
  readonly disputesFrom: Uint32Array;
  readonly disputeRule: Uint32Array;
  readonly disputeNote: Uint32Array;
  readonly ruleRefs: readonly string[];
  readonly notes: readonly string[];

  /** Battle i's timed rounds are roundSeconds[roundsFrom[i] … roundsFrom[i + 1]). */
  readonly roundsFrom: Uint32Array;
  readonly roundSeconds: Float64Array;
  /** Each round's place among its mission's distinct round times (speedValues' rounds of that mission, ascending). */
  readonly roundRank: Uint32Array;
  /** Per battle with timed rounds: its rounds' seconds added in order, and its place among its mission's distinct battle times. */
  readonly battleSeconds: Float64Array;
  readonly battleRank: Uint32Array;
  /** By mission (its place): the distinct round and battle times in seconds, ascending (-0 before 0, as a sort puts them). */
  readonly speedValues: readonly { rounds: Float64Array; battles: Float64Array }[];

  /**
   * Per faction and per mission (by their places), bounds on the samples a report gathers over any selection of these
   * battles: the faction's sides against another faction (VP differences), and the rated sides of the faction and
   * of the mission. A report writes each sample into its place in one buffer kept here (`scratch`) rather than
   * into arrays grown one value at a time.
   */
  readonly vpFrom: Uint32Array;
  readonly ratedFactionFrom: Uint32Array;
  readonly ratedMissionFrom: Uint32Array;
  readonly scratch: DeskScratch;
}

/** Buffers a report fills, kept with the columns so that each report reuses memory already in use (see vpFrom). */
interface DeskScratch {
  vp: Float64Array;
  factionFun: Float64Array;
  factionClarity: Float64Array;
  missionFun: Float64Array;
  missionClarity: Float64Array;
  roundCounts: Uint32Array[];
  battleCounts: Uint32Array[];
  /** The medians' samples, listed in order from the counts (see `listed` in figures.ts). */
  roundLists: number[][];
  battleLists: number[][];
}

export const RESULT_WIN = 0;
export const RESULT_DRAW = 1;
const RESULT_LOSS = 2;
const RESULTS = { win: RESULT_WIN, draw: RESULT_DRAW, loss: RESULT_LOSS } as const;
const RATED = 1;
export const RATED_FUN = 2;
export const RATED_CLARITY = 4;

/** The key a battle is traced by. */
const battleKey = (b: DeskBattle) => b.key ?? `${b.clubId}/${b.record.battleId}`;

function vpOf(s: DeskSide): number {
  if (!s.vp) return s.vpTotal ?? NaN;
  let t = 0;
  for (const k of VP_SOURCES) t += s.vp[k];
  return t;
}

/** Values kept once, each with its place. */
class Places<T> {
  readonly list: T[] = [];
  private readonly at = new Map<T, number>();
  of(x: T): number {
    let i = this.at.get(x);
    if (i === undefined) this.at.set(x, (i = this.list.push(x) - 1));
    return i;
  }
}

/** Sorted distinct values (Object.is: -0 is kept apart from 0), and each value's place among them; sorts `values` in place. */
function ranked(values: Float64Array): { distinct: Float64Array; rank: (x: number) => number } {
  const sorted = values.sort();
  let d = 0;
  for (let i = 0; i < sorted.length; i++) if (d === 0 || !Object.is(sorted[i], sorted[d - 1])) sorted[d++] = sorted[i]!;
  const distinct = sorted.slice(0, d);
  const rank = (x: number) => {
    let lo = 0;
    let hi = d - 1;
    // a typed array's sort puts -0 before 0, which compare equal: the binary search finds the pair, Object.is picks
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (distinct[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    if (!Object.is(distinct[lo], x)) lo += 1;
    return lo;
  };
  return { distinct, rank };
}

/** The columns read battle by battle (`readBattle`), with the lists of texts their places point into. */
class BattleColumns {
  readonly clubs = new Places<string>();
  readonly versions = new Places<string>();
  readonly variants = new Places<string>();
  readonly missions = new Places<number | null>();
  readonly factions = new Places<string>();
  readonly players = new Places<string>();
  readonly rulings = new Places<string>();
  readonly ruleRefs = new Places<string>();
  readonly notes = new Places<string>();
  readonly keys: string[];
  readonly playedAt: string[];
  readonly club: Uint32Array;
  readonly version: Int32Array;
  readonly variant: Int32Array;
  readonly mission: Uint32Array;
  readonly firstMover: Int8Array;
  readonly paper: Uint8Array;
  readonly faction: Uint32Array;
  readonly player: Uint32Array;
  readonly result: Uint8Array;
  readonly vp: Float64Array;
  readonly points: Float64Array;
  readonly rated: Uint8Array;
  readonly fun: Float64Array;
  readonly clarity: Float64Array;
  readonly rulingsFrom: Uint32Array;
  readonly disputesFrom: Uint32Array;
  readonly roundsFrom: Uint32Array;
  readonly ruling: number[] = [];
  readonly disputeRule: number[] = [];
  readonly disputeNote: number[] = [];
  readonly rounds: Float64Array;
  readonly battleSeconds: Float64Array;
  private readonly versionOf: ReturnType<typeof versionNamer>;

  constructor(battles: readonly DeskBattle[]) {
    const n = battles.length;
    this.keys = new Array<string>(n);
    this.playedAt = new Array<string>(n);
    this.club = new Uint32Array(n);
    this.version = new Int32Array(n);
    this.variant = new Int32Array(n);
    this.mission = new Uint32Array(n);
    this.firstMover = new Int8Array(n);
    this.paper = new Uint8Array(n);
    this.faction = new Uint32Array(2 * n);
    this.player = new Uint32Array(2 * n);
    this.result = new Uint8Array(2 * n);
    this.vp = new Float64Array(2 * n);
    this.points = new Float64Array(2 * n);
    this.rated = new Uint8Array(2 * n);
    this.fun = new Float64Array(2 * n);
    this.clarity = new Float64Array(2 * n);
    this.rulingsFrom = new Uint32Array(n + 1);
    this.disputesFrom = new Uint32Array(n + 1);
    this.roundsFrom = new Uint32Array(n + 1);
    // sized first: a list grown one value at a time past 16,000 values is copied into memory mapped afresh each time
    let roundCount = 0;
    for (const b of battles) roundCount += b.record.roundSeconds?.length ?? 0;
    this.rounds = new Float64Array(roundCount);
    this.battleSeconds = new Float64Array(n);
    // a version is its pack digest where the record has one, under one name (desk/versions.ts)
    this.versionOf = versionNamer(battles.map((b) => [b.record.rulesVersion, b.record.packDigest] as const));
    for (let i = 0; i < n; i++) this.readBattle(i, battles[i]!);
  }

  private readBattle(i: number, b: DeskBattle): void {
    const r = b.record;
    this.keys[i] = battleKey(b);
    this.playedAt[i] = r.playedAt;
    this.club[i] = this.clubs.of(b.clubId);
    const named = this.versionOf(r.rulesVersion, r.packDigest);
    this.version[i] = named === null ? -1 : this.versions.of(named);
    this.variant[i] = r.variant === null ? -1 : this.variants.of(r.variant);
    this.mission[i] = this.missions.of(r.mission);
    this.firstMover[i] = r.firstMover ?? -1;
    this.paper[i] = r.source === 'paper' ? 1 : 0;
    this.readSide(2 * i, r.sides[0]);
    this.readSide(2 * i + 1, r.sides[1]);
    this.readRulings(i, r.rulings);
    for (const d of r.disputes ?? []) {
      this.disputeRule.push(this.ruleRefs.of(d.ruleRef));
      this.disputeNote.push(this.notes.of(d.note));
    }
    this.disputesFrom[i + 1] = this.disputeRule.length;
    this.readRounds(i, r.roundSeconds ?? []);
  }

  private readSide(at: number, side: DeskSide): void {
    this.faction[at] = this.factions.of(side.factionId);
    this.player[at] = this.players.of(side.player);
    this.result[at] = RESULTS[side.result];
    this.vp[at] = vpOf(side);
    this.points[at] = side.points ?? NaN;
    const ratings = side.ratings;
    if (!ratings) return;
    this.rated[at] = RATED | (ratings.fun !== null ? RATED_FUN : 0) | (ratings.clarity !== null ? RATED_CLARITY : 0);
    this.fun[at] = ratings.fun ?? 0;
    this.clarity[at] = ratings.clarity ?? 0;
  }

  /** Each once, in the order first named. */
  private readRulings(i: number, rulings: readonly string[]): void {
    const ruling = this.ruling;
    for (const x of rulings) {
      const id = this.rulings.of(x);
      let named = false;
      for (let k = this.rulingsFrom[i]!; k < ruling.length && !named; k++) named = ruling[k] === id;
      if (!named) ruling.push(id);
    }
    this.rulingsFrom[i + 1] = ruling.length;
  }

  private readRounds(i: number, roundSeconds: readonly number[]): void {
    let seconds = 0;
    let at = this.roundsFrom[i]!;
    for (const x of roundSeconds) {
      this.rounds[at++] = x;
      seconds += x;
    }
    this.roundsFrom[i + 1] = at;
    this.battleSeconds[i] = seconds;
  }
}

/** A pair is keyed by its factions in code-unit order, as the club report's matchups are. */
function pairColumns(factions: readonly string[], faction: Uint32Array, n: number) {
  const byCodeUnits = factions.map((_, i) => i).sort((x, y) => (factions[x]! < factions[y]! ? -1 : factions[x]! > factions[y]! ? 1 : 0));
  const factionOrder = new Uint32Array(factions.length);
  byCodeUnits.forEach((f, place) => (factionOrder[f] = place));
  const pairs = new Map<number, number>();
  const pairA: number[] = [];
  const pairB: number[] = [];
  const pair = new Uint32Array(n);
  const F = factions.length;
  for (let i = 0; i < n; i++) {
    const x = faction[2 * i]!;
    const y = faction[2 * i + 1]!;
    const [a, b] = factionOrder[x]! <= factionOrder[y]! ? [x, y] : [y, x];
    let p = pairs.get(a * F + b);
    if (p === undefined) {
      pairs.set(a * F + b, (p = pairA.length));
      pairA.push(a);
      pairB.push(b);
    }
    pair[i] = p;
  }
  return { factionOrder, pair, pairA: Uint32Array.from(pairA), pairB: Uint32Array.from(pairB) };
}

/** Each mission's round and battle times, ranked once, so that a report lists them in order by counting. */
function speedColumns(w: BattleColumns, n: number) {
  const { roundsFrom, mission, rounds, battleSeconds } = w;
  const timed = (i: number) => roundsFrom[i + 1]! > roundsFrom[i]!;
  const roundRank = new Uint32Array(rounds.length);
  const battleRank = new Uint32Array(n);
  const M = w.missions.list.length;
  const roundsOf = new Uint32Array(M);
  const battlesOf = new Uint32Array(M);
  for (let i = 0; i < n; i++)
    if (timed(i)) {
      roundsOf[mission[i]!]! += roundsFrom[i + 1]! - roundsFrom[i]!;
      battlesOf[mission[i]!]! += 1;
    }
  const roundValues = Array.from(roundsOf, (k) => new Float64Array(k));
  const battleValues = Array.from(battlesOf, (k) => new Float64Array(k));
  roundsOf.fill(0);
  battlesOf.fill(0);
  for (let i = 0; i < n; i++)
    if (timed(i)) {
      const m = mission[i]!;
      for (let p = roundsFrom[i]!; p < roundsFrom[i + 1]!; p++) roundValues[m]![roundsOf[m]!++] = rounds[p]!;
      battleValues[m]![battlesOf[m]!++] = battleSeconds[i]!;
    }
  const byRound = roundValues.map(ranked);
  const byBattle = battleValues.map(ranked);
  for (let i = 0; i < n; i++)
    if (timed(i)) {
      const m = mission[i]!;
      for (let p = roundsFrom[i]!; p < roundsFrom[i + 1]!; p++) roundRank[p] = byRound[m]!.rank(rounds[p]!);
      battleRank[i] = byBattle[m]!.rank(battleSeconds[i]!);
    }
  const speedValues = byRound.map((r, m) => ({ rounds: r.distinct, battles: byBattle[m]!.distinct }));
  return { roundRank, battleRank, speedValues };
}

/** Where each faction's and mission's samples start in the report's buffers (see DeskColumns' vpFrom). */
function sampleBounds(w: BattleColumns, n: number) {
  const { faction, rated, mission } = w;
  const F = w.factions.list.length;
  const M = w.missions.list.length;
  const vpFrom = new Uint32Array(F + 1);
  const ratedFactionFrom = new Uint32Array(F + 1);
  const ratedMissionFrom = new Uint32Array(M + 1);
  for (let i = 0; i < n; i++) {
    const mirror = faction[2 * i] === faction[2 * i + 1];
    for (let s = 0; s < 2; s++) {
      const f = faction[2 * i + s]!;
      if (!mirror) vpFrom[f + 1]! += 1;
      if (rated[2 * i + s]) {
        ratedFactionFrom[f + 1]! += 1;
        ratedMissionFrom[mission[i]! + 1]! += 1;
      }
    }
  }
  for (let f = 0; f < F; f++) {
    vpFrom[f + 1]! += vpFrom[f]!;
    ratedFactionFrom[f + 1]! += ratedFactionFrom[f]!;
  }
  for (let m = 0; m < M; m++) ratedMissionFrom[m + 1]! += ratedMissionFrom[m]!;
  return { vpFrom, ratedFactionFrom, ratedMissionFrom };
}

/** The battles as columns, in their order. */
export function deskColumns(battles: readonly DeskBattle[]): DeskColumns {
  const n = battles.length;
  const w = new BattleColumns(battles);
  const columns: Omit<DeskColumns, 'scratch' | 'battles'> = {
    length: n,
    keys: w.keys,
    playedAt: w.playedAt,
    club: w.club,
    clubs: w.clubs.list,
    version: w.version,
    versions: w.versions.list,
    variant: w.variant,
    variants: w.variants.list,
    mission: w.mission,
    missions: w.missions.list,
    firstMover: w.firstMover,
    paper: w.paper,
    faction: w.faction,
    factions: w.factions.list,
    player: w.player,
    players: w.players.list,
    result: w.result,
    vp: w.vp,
    points: w.points,
    rated: w.rated,
    fun: w.fun,
    clarity: w.clarity,
    ...pairColumns(w.factions.list, w.faction, n),
    rulingsFrom: w.rulingsFrom,
    ruling: Uint32Array.from(w.ruling),
    rulings: w.rulings.list,
    disputesFrom: w.disputesFrom,
    disputeRule: Uint32Array.from(w.disputeRule),
    disputeNote: Uint32Array.from(w.disputeNote),
    ruleRefs: w.ruleRefs.list,
    notes: w.notes.list,
    roundsFrom: w.roundsFrom,
    roundSeconds: w.rounds,
    ...speedColumns(w, n),
    battleSeconds: w.battleSeconds,
    ...sampleBounds(w, n),
  };
  return { ...columns, battles, scratch: scratchFor(columns) };
}

/** The buffers a report over these columns fills. */
function scratchFor(c: Omit<DeskColumns, 'scratch' | 'battles'>): DeskScratch {
  return {
    vp: new Float64Array(c.vpFrom[c.vpFrom.length - 1]!),
    factionFun: new Float64Array(c.ratedFactionFrom[c.ratedFactionFrom.length - 1]!),
    factionClarity: new Float64Array(c.ratedFactionFrom[c.ratedFactionFrom.length - 1]!),
    missionFun: new Float64Array(c.ratedMissionFrom[c.ratedMissionFrom.length - 1]!),
    missionClarity: new Float64Array(c.ratedMissionFrom[c.ratedMissionFrom.length - 1]!),
    roundCounts: c.speedValues.map((v) => new Uint32Array(v.rounds.length)),
    battleCounts: c.speedValues.map((v) => new Uint32Array(v.battles.length)),
    // lists of numbers from the start, so that V8 keeps them as doubles however the first value falls
    roundLists: c.speedValues.map(() => doubles()),
    battleLists: c.speedValues.map(() => doubles()),
  };
}

function doubles(): number[] {
  const list = [0.5];
  list.length = 0;
  return list;
}
