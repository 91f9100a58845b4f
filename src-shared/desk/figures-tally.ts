import { RATED_CLARITY, RATED_FUN, RESULT_DRAW, RESULT_WIN, type DeskColumns } from './columns';
import { FactionModelGames } from './faction-adjusted';

/**
 * The desk figures' one pass over the columns (figures.ts, `deskFiguresOver`): a row per faction, player, pair,
 * ruling, mission, rule and rating, each made when first met (rows whose names sort alike keep that order, as they
 * would in a Map); the samples behind the mean intervals are written into buffers kept with the columns, and the
 * medians' samples counted by their place among the distinct times (ranked when the columns were made).
 */

/**
 * The battles behind one figure: counted always, listed only when the keys
 * are asked for. The screens ask for counts, and at 100,000 battles lists
 * of keys for every figure are most of what a report would allocate.
 */
export interface Behind {
  count: number;
  /** The last battle added, as its row in the columns. */
  last: number;
  keys: string[] | null;
}
const behind = (listed: boolean): Behind => ({ count: 0, last: -1, keys: listed ? [] : null });

/** Wins and games by club (its place in the columns). */
export type ClubCounts = Map<number, { games: number; wins: number }>;

export type FactionRow = {
  place: number;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  mirrors: number;
  xWins: number;
  xGames: number;
  /** Its games against other factions, by club (its place): the strata of a ruling's comparison. */
  byClub: ClubCounts;
  keys: Behind;
};
export type PairRow = { a: string; b: string; games: number; winsA: number; winsB: number; draws: number; keys: Behind };
/** A faction's games under a ruling (against other factions), with their wins, by club too. */
export type RulingFactionCount = { games: number; wins: number; byClub: ClubCounts };
export type RulingRow = {
  ruling: string;
  keys: Behind;
  factions: Map<number, RulingFactionCount>;
  /** A signature of the battles it was played in, in the order met (equal for rulings always played together). */
  signature: number;
};
export type PlayerRow = { place: number; games: number; wins: number; draws: number; losses: number; factions: Map<number, number>; keys: Behind };
export type SpeedRow = { place: number; rounds: number; battles: number; keys: Behind };
export type DisputeRow = { ruleRef: string; count: number; notes: string[]; notePlaces: number[]; keys: Behind };
export type RatingRow = {
  by: 'faction' | 'mission';
  key: string;
  fun: Float64Array;
  clarity: Float64Array;
  from: number;
  funN: number;
  clarityN: number;
  keys: Behind;
};

/** Adds a game to a count by club. */
function countIn(byClub: ClubCounts, club: number, won: boolean): void {
  let x = byClub.get(club);
  if (!x) byClub.set(club, (x = { games: 0, wins: 0 }));
  x.games += 1;
  if (won) x.wins += 1;
}

/** Adds battle `i` (its key from `keys` when they are listed) to the battles behind a figure, once however many of its rows it touches. */
function addBattle(b: Behind, i: number, keys: readonly string[]): void {
  if (b.last === i) return;
  b.last = i;
  b.count += 1;
  if (b.keys) b.keys.push(keys[i]!);
}

/** Adds side `side`'s ratings to a rating row. */
function addRatings(row: RatingRow, c: DeskColumns, side: number, i: number): void {
  const rated = c.rated[side]!;
  if (rated & RATED_FUN) row.fun[row.from + row.funN++] = c.fun[side]!;
  if (rated & RATED_CLARITY) row.clarity[row.from + row.clarityN++] = c.clarity[side]!;
  addBattle(row.keys, i, c.keys);
}

/** Counts a result into a row's wins, draws and losses. */
function countResult(row: { wins: number; draws: number; losses: number }, res: number): void {
  if (res === RESULT_WIN) row.wins += 1;
  else if (res === RESULT_DRAW) row.draws += 1;
  else row.losses += 1;
}

/** The rows the figures are made from, counted battle by battle (`add`). */
export class DeskTally {
  clubs = 0;
  /** The battles whose records can say there was a dispute (a paper record has no disputes): the disputes' n. */
  disputable = 0;
  readonly factionsMet: FactionRow[] = [];
  readonly pointsGames: { difference: number; won: boolean }[] = [];
  readonly modelGames: FactionModelGames;
  readonly playersMet: PlayerRow[] = [];
  /** By the pair's first faction (in the order first met as one), then its second. */
  readonly pairsByFirst: PairRow[][] = [];
  readonly rulingsMet: RulingRow[] = [];
  readonly first: { wins: number; n: number; keys: Behind };
  readonly speedMet: SpeedRow[] = [];
  readonly disputesMet: DisputeRow[] = [];
  readonly ratingsMet: RatingRow[] = [];
  /** By the faction's place. */
  readonly factions: (FactionRow | undefined)[];
  private readonly players: (PlayerRow | undefined)[];
  private readonly pairs: (PairRow | undefined)[];
  private readonly pairsOf: (PairRow[] | undefined)[];
  private readonly rulings: (RulingRow | undefined)[];
  private readonly speed: (SpeedRow | undefined)[];
  private readonly disputes: (DisputeRow | undefined)[];
  private readonly byFaction: (RatingRow | undefined)[];
  private readonly byMission: (RatingRow | undefined)[];
  private readonly clubSeen: Uint8Array;

  constructor(
    private readonly c: DeskColumns,
    private readonly withKeys: boolean,
  ) {
    this.factions = new Array(c.factions.length).fill(undefined);
    this.modelGames = new FactionModelGames(c);
    this.players = new Array(c.players.length).fill(undefined);
    this.pairs = new Array(c.pairA.length).fill(undefined);
    this.pairsOf = new Array(c.factions.length).fill(undefined);
    this.rulings = new Array(c.rulings.length).fill(undefined);
    this.first = { wins: 0, n: 0, keys: behind(withKeys) };
    this.speed = new Array(c.missions.length).fill(undefined);
    this.disputes = new Array(c.ruleRefs.length).fill(undefined);
    this.byFaction = new Array(c.factions.length).fill(undefined);
    this.byMission = new Array(c.missions.length).fill(undefined);
    this.clubSeen = new Uint8Array(c.clubs.length);
    for (const counts of c.scratch.roundCounts) counts.fill(0);
    for (const counts of c.scratch.battleCounts) counts.fill(0);
  }

  /** Counts battle `i` (its row in the columns) into every row it touches. */
  add(i: number): void {
    const c = this.c;
    const club = c.club[i]!;
    if (!this.clubSeen[club]) {
      this.clubSeen[club] = 1;
      this.clubs += 1;
    }
    if (!c.paper[i]) this.disputable += 1;
    const mirror = c.faction[2 * i] === c.faction[2 * i + 1];
    this.modelGames.add(i);
    for (let s = 0; s < 2; s++) {
      this.addFactionSide(i, s, mirror);
      this.addPlayerSide(i, 2 * i + s);
      if (c.rated[2 * i + s]) this.addRatingsOf(i, 2 * i + s);
    }
    this.addPair(i);
    for (let k = c.rulingsFrom[i]!; k < c.rulingsFrom[i + 1]!; k++) this.addRuling(i, c.ruling[k]!, mirror);
    this.addPoints(i);
    this.addFirstMover(i);
    this.addSpeed(i);
    for (let k = c.disputesFrom[i]!; k < c.disputesFrom[i + 1]!; k++) this.addDispute(i, k);
  }

  private factionRow(place: number): FactionRow {
    let f = this.factions[place];
    if (f === undefined) {
      this.factions[place] = f = {
        place,
        games: 0,
        wins: 0,
        draws: 0,
        losses: 0,
        mirrors: 0,
        xWins: 0,
        xGames: 0,
        byClub: new Map(),
        keys: behind(this.withKeys),
      };
      this.factionsMet.push(f);
    }
    return f;
  }

  private addFactionSide(i: number, s: number, mirror: boolean): void {
    const c = this.c;
    const side = 2 * i + s;
    const place = c.faction[side]!;
    const f = this.factionRow(place);
    // a mirror match is counted apart, once, and in no other column of the faction (MIRROR_NOTE)
    if (mirror) {
      if (s === 0) f.mirrors += 1;
      return;
    }
    const res = c.result[side]!;
    f.games += 1;
    countResult(f, res);
    c.scratch.vp[c.vpFrom[place]! + f.xGames] = c.vp[side]! - c.vp[2 * i + 1 - s]!;
    f.xGames += 1;
    if (res === RESULT_WIN) f.xWins += 1;
    countIn(f.byClub, c.club[i]!, res === RESULT_WIN);
    addBattle(f.keys, i, c.keys);
  }

  private addPlayerSide(i: number, side: number): void {
    const c = this.c;
    const who = c.player[side]!;
    let p = this.players[who];
    if (p === undefined) {
      this.players[who] = p = { place: who, games: 0, wins: 0, draws: 0, losses: 0, factions: new Map(), keys: behind(this.withKeys) };
      this.playersMet.push(p);
    }
    const place = c.faction[side]!;
    p.games += 1;
    countResult(p, c.result[side]!);
    p.factions.set(place, (p.factions.get(place) ?? 0) + 1);
    addBattle(p.keys, i, c.keys);
  }

  /** A rated side counts into its faction's rating row, then its mission's. */
  private addRatingsOf(i: number, side: number): void {
    const c = this.c;
    const place = c.faction[side]!;
    let byF = this.byFaction[place];
    if (byF === undefined) {
      this.byFaction[place] = byF = this.ratingRow('faction', c.factions[place]!, c.scratch.factionFun, c.scratch.factionClarity, c.ratedFactionFrom[place]!);
    }
    addRatings(byF, c, side, i);
    const m = c.mission[i]!;
    let byM = this.byMission[m];
    if (byM === undefined) {
      const x = c.missions[m]!;
      const key = x === null ? 'none' : String(x);
      this.byMission[m] = byM = this.ratingRow('mission', key, c.scratch.missionFun, c.scratch.missionClarity, c.ratedMissionFrom[m]!);
    }
    addRatings(byM, c, side, i);
  }

  private ratingRow(by: RatingRow['by'], key: string, fun: Float64Array, clarity: Float64Array, from: number): RatingRow {
    const row: RatingRow = { by, key, fun, clarity, from, funN: 0, clarityN: 0, keys: behind(this.withKeys) };
    this.ratingsMet.push(row);
    return row;
  }

  /** A pair is keyed by its factions in code-unit order, as the club report's matchups are. */
  private addPair(i: number): void {
    const c = this.c;
    const pp = c.pair[i]!;
    let p = this.pairs[pp];
    if (p === undefined) {
      const a = c.pairA[pp]!;
      this.pairs[pp] = p = { a: c.factions[a]!, b: c.factions[c.pairB[pp]!]!, games: 0, winsA: 0, winsB: 0, draws: 0, keys: behind(this.withKeys) };
      let withA = this.pairsOf[a];
      if (withA === undefined) this.pairsByFirst.push((this.pairsOf[a] = withA = []));
      withA.push(p);
    }
    const inOrder = c.factionOrder[c.faction[2 * i]!]! <= c.factionOrder[c.faction[2 * i + 1]!]!;
    const resA = c.result[inOrder ? 2 * i : 2 * i + 1]!;
    const resB = c.result[inOrder ? 2 * i + 1 : 2 * i]!;
    p.games += 1;
    if (resA === RESULT_WIN) p.winsA += 1;
    else if (resB === RESULT_WIN) p.winsB += 1;
    else p.draws += 1;
    addBattle(p.keys, i, c.keys);
  }

  private addRuling(i: number, place: number, mirror: boolean): void {
    const c = this.c;
    let row = this.rulings[place];
    if (row === undefined) {
      this.rulings[place] = row = { ruling: c.rulings[place]!, keys: behind(this.withKeys), factions: new Map(), signature: 0 };
      this.rulingsMet.push(row);
    }
    if (row.keys.last !== i) row.signature = (Math.imul(row.signature, 31) + i + 1) | 0;
    addBattle(row.keys, i, c.keys);
    if (mirror) return;
    for (let side = 2 * i; side < 2 * i + 2; side++) {
      let f = row.factions.get(c.faction[side]!);
      if (!f) row.factions.set(c.faction[side]!, (f = { games: 0, wins: 0, byClub: new Map() }));
      f.games += 1;
      if (c.result[side] === RESULT_WIN) f.wins += 1;
      countIn(f.byClub, c.club[i]!, c.result[side] === RESULT_WIN);
    }
  }

  private addPoints(i: number): void {
    const c = this.c;
    const [pa, pb] = [c.points[2 * i]!, c.points[2 * i + 1]!];
    if (!Number.isNaN(pa) && !Number.isNaN(pb) && c.result[2 * i] !== RESULT_DRAW)
      this.pointsGames.push({ difference: pa - pb, won: c.result[2 * i] === RESULT_WIN });
  }

  private addFirstMover(i: number): void {
    const fm = this.c.firstMover[i]!;
    if (fm === -1) return;
    this.first.n += 1;
    if (this.c.result[2 * i + fm] === RESULT_WIN) this.first.wins += 1;
    addBattle(this.first.keys, i, this.c.keys);
  }

  private addSpeed(i: number): void {
    const c = this.c;
    const r0 = c.roundsFrom[i]!;
    const r1 = c.roundsFrom[i + 1]!;
    if (r1 <= r0) return;
    const m = c.mission[i]!;
    let row = this.speed[m];
    if (row === undefined) {
      this.speed[m] = row = { place: m, rounds: 0, battles: 0, keys: behind(this.withKeys) };
      this.speedMet.push(row);
    }
    const counts = c.scratch.roundCounts[m]!;
    for (let r = r0; r < r1; r++) counts[c.roundRank[r]!]! += 1;
    row.rounds += r1 - r0;
    c.scratch.battleCounts[m]![c.battleRank[i]!]! += 1;
    row.battles += 1;
    addBattle(row.keys, i, c.keys);
  }

  /** The dispute at `k` in the columns' disputes, of battle `i`. */
  private addDispute(i: number, k: number): void {
    const c = this.c;
    const place = c.disputeRule[k]!;
    let row = this.disputes[place];
    if (row === undefined) {
      this.disputes[place] = row = { ruleRef: c.ruleRefs[place]!, count: 0, notes: [], notePlaces: [], keys: behind(this.withKeys) };
      this.disputesMet.push(row);
    }
    row.count += 1;
    // the first ten notes, each once (the same text is the same place)
    const note = c.disputeNote[k]!;
    if (c.notes[note] && row.notes.length < 10 && !row.notePlaces.includes(note)) {
      row.notes.push(c.notes[note]);
      row.notePlaces.push(note);
    }
    addBattle(row.keys, i, c.keys);
  }
}
