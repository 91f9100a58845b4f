import jStat from 'jstat';
import { CholeskyDecomposition, Matrix } from 'ml-matrix';

/**
 * Faction strength adjusted for player skill (issue 41, point 3): a Bradley–Terry model, i.e. a logistic regression
 * of "side A won" on a player effect and a faction effect per side,
 *
 *   logit P(A beats B) = (skill[player A] − skill[player B]) + (strength[faction A] − strength[faction B]),
 *
 * fitted over the games that one side won (draws say nothing here). A faction's strength is then what is left of its
 * results once who played it is accounted for: a strong player who always brings the same faction no longer makes it
 * look strong.
 *
 * Penalised (ridge) maximum likelihood: the log-likelihood less playerPenalty/2 · Σ skill² and factionPenalty/2 · Σ
 * strength², the same as normal priors of variance 1/penalty (defaults: a player's skill sd 1 on the logit scale, a
 * faction's strength sd 2). Without it, a player who won every game has an infinite skill and the fit never ends;
 * with it every fit converges, and with a few games per player the skills are pulled towards the average (so a part
 * of a lucky or skilled few's results stays with their faction: see the caveat in the README). The penalty also
 * makes the effects sum to zero (the likelihood cannot see a shift of every player or every faction), so a strength
 * is measured against the average of the factions fitted.
 *
 * Intervals: Wald, from the inverse of the penalised fit's information matrix at the estimate (X'WX + the penalty),
 * for each faction's strength less the factions' mean (its contrast with the average faction), so the direction the
 * data cannot see (a shift of every faction) adds nothing to them.
 *
 * Newton's method with step halving. The players split into groups that never met across (clubs, in practice), so
 * the information matrix is block-diagonal in the players; each Newton step solves each group's block by its
 * Cholesky decomposition (ml-matrix) and the factions' block by the Schur complement, so that 100,000 battles from
 * hundreds of clubs of 80 players cost a few small decompositions rather than one of thousands of rows.
 */

export interface ModelGames {
  /** Per game, the players (0 … players − 1) and factions (0 … factions − 1) of side A and side B, and whether A won. */
  playerA: ArrayLike<number>;
  playerB: ArrayLike<number>;
  factionA: ArrayLike<number>;
  factionB: ArrayLike<number>;
  winA: ArrayLike<number | boolean>;
  length: number;
}

export interface FactionModelOptions {
  players: number;
  factions: number;
  /** The penalty on each player's skill (1 / its prior variance). */
  playerPenalty?: number;
  /** The penalty on each faction's strength (1 / its prior variance). */
  factionPenalty?: number;
  maxIterations?: number;
}

export interface FactionModelFit {
  /** Games fitted. */
  n: number;
  /** Each faction's strength on the logit scale (summing to zero over the factions that played), NaN for a faction with no game. */
  strength: Float64Array;
  /** Each strength's standard error (the contrast with the mean of the factions), NaN for a faction with no game. */
  se: Float64Array;
  /** The strengths' covariance (factions × factions, row-major), of their contrasts with the mean. */
  covariance: Float64Array;
  /** Each player's skill on the logit scale (0 for a player with no game). */
  skill: Float64Array;
  iterations: number;
  /** The penalised log-likelihood at the estimate. */
  logLikelihood: number;
}

export const PLAYER_PENALTY = 1;
export const FACTION_PENALTY = 0.25;

/** The players' groups: players linked by a game between them are in one group. Returns each group's players in order. */
function groupsOf(games: ModelGames, players: number, used: Uint8Array): number[][] {
  const parent = new Int32Array(players).map((_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) x = parent[x] = parent[parent[x]!]!;
    return x;
  };
  for (let g = 0; g < games.length; g++) {
    const a = find(games.playerA[g]!);
    const b = find(games.playerB[g]!);
    if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
  }
  const byRoot = new Map<number, number[]>();
  for (let p = 0; p < players; p++) {
    if (!used[p]) continue;
    const r = find(p);
    let list = byRoot.get(r);
    if (!list) byRoot.set(r, (list = []));
    list.push(p);
  }
  return [...byRoot.values()];
}

const logistic = (t: number) => 1 / (1 + Math.exp(-t));
/** log(1 + e^t) without overflow. */
const softplus = (t: number) => (t > 0 ? t + Math.log1p(Math.exp(-t)) : Math.log1p(Math.exp(t)));

/** The games as typed columns, with the players and factions that played and whether two factions ever met. */
function gameColumns(games: ModelGames, P: number, F: number) {
  const n = games.length;
  const usedPlayer = new Uint8Array(P);
  const usedFaction = new Uint8Array(F);
  const pa = new Uint32Array(n);
  const pb = new Uint32Array(n);
  const fa = new Uint32Array(n);
  const fb = new Uint32Array(n);
  const y = new Float64Array(n);
  let crossFaction = false;
  for (let g = 0; g < n; g++) {
    pa[g] = games.playerA[g]!;
    pb[g] = games.playerB[g]!;
    fa[g] = games.factionA[g]!;
    fb[g] = games.factionB[g]!;
    y[g] = games.winA[g] ? 1 : 0;
    usedPlayer[pa[g]!] = usedPlayer[pb[g]!] = 1;
    usedFaction[fa[g]!] = usedFaction[fb[g]!] = 1;
    if (fa[g] !== fb[g]) crossFaction = true;
  }
  return { n, pa, pb, fa, fb, y, usedPlayer, usedFaction, crossFaction };
}

/** What a fit works over: the games' columns, the penalties and the players' groups (each player's group and place in it, each group's games). */
interface ModelSetup {
  n: number;
  P: number;
  F: number;
  lp: number;
  lf: number;
  pa: Uint32Array;
  pb: Uint32Array;
  fa: Uint32Array;
  fb: Uint32Array;
  y: Float64Array;
  groups: number[][];
  placeOf: Int32Array;
  gamesOf: number[][];
  /** Each game's weight p(1 − p) at the current estimate, written by `newtonSystem`. */
  w: Float64Array;
}

function modelSetup(columns: ReturnType<typeof gameColumns>, games: ModelGames, P: number, F: number, lp: number, lf: number): ModelSetup {
  const { n, pa } = columns;
  const groups = groupsOf(games, P, columns.usedPlayer);
  // each player's group and place in it
  const groupOf = new Int32Array(P).fill(-1);
  const placeOf = new Int32Array(P).fill(-1);
  groups.forEach((members, k) => members.forEach((p, i) => ((groupOf[p] = k), (placeOf[p] = i))));
  // each group's games, so a group's block is built from its own games
  const gamesOf: number[][] = groups.map(() => []);
  for (let g = 0; g < n; g++) gamesOf[groupOf[pa[g]!]!]!.push(g);
  return { ...columns, P, F, lp, lf, groups, placeOf, gamesOf, w: new Float64Array(n) };
}

function penalisedLogLikelihood(m: ModelSetup, s: Float64Array, b: Float64Array): number {
  const { n, pa, pb, fa, fb, y, P, F, lp, lf } = m;
  let ll = 0;
  for (let g = 0; g < n; g++) {
    const t = s[pa[g]!]! - s[pb[g]!]! + b[fa[g]!]! - b[fb[g]!]!;
    ll += y[g]! * t - softplus(t);
  }
  let ss = 0;
  for (let p = 0; p < P; p++) ss += s[p]! * s[p]!;
  let bb = 0;
  for (let f = 0; f < F; f++) bb += b[f]! * b[f]!;
  return ll - (lp * ss) / 2 - (lf * bb) / 2;
}

/** The gradient (players', factions') and the factions' block C of the information matrix, row-major; writes each game's weight. */
function gradientAndFactionBlock(m: ModelSetup, skill: Float64Array, strength: Float64Array) {
  const { n, pa, pb, fa, fb, y, w, P, F, lp, lf } = m;
  const gs = new Float64Array(P);
  const gb = new Float64Array(F);
  const C = new Float64Array(F * F);
  for (let g = 0; g < n; g++) {
    const a = fa[g]!;
    const b = fb[g]!;
    const t = skill[pa[g]!]! - skill[pb[g]!]! + strength[a]! - strength[b]!;
    const p = logistic(t);
    const r = y[g]! - p;
    const wg = (w[g] = p * (1 - p));
    gs[pa[g]!]! += r;
    gs[pb[g]!]! -= r;
    if (a !== b) {
      gb[a]! += r;
      gb[b]! -= r;
      C[a * F + a]! += wg;
      C[b * F + b]! += wg;
      C[a * F + b]! -= wg;
      C[b * F + a]! -= wg;
    }
  }
  for (let p = 0; p < P; p++) gs[p]! -= lp * skill[p]!;
  for (let f = 0; f < F; f++) {
    gb[f]! -= lf * strength[f]!;
    C[f * F + f]! += lf;
  }
  return { gs, gb, C };
}

/**
 * Group k's block A_k and its right-hand sides [g_s,k | B_k] (width F + 1), solved by A_k's Cholesky decomposition;
 * subtracts B_k' A_k⁻¹ [g_s,k | B_k] from t and S. Returns A_k⁻¹ [g_s,k | B_k], kept for the players' step.
 */
function eliminateGroup(m: ModelSetup, k: number, gs: Float64Array, t: Float64Array, S: Float64Array): number[] {
  const { pa, pb, fa, fb, w, lp, F, placeOf } = m;
  const members = m.groups[k]!;
  const size = members.length;
  const W = F + 1;
  const A = new Float64Array(size * size);
  const rhs = new Float64Array(size * W);
  for (let i = 0; i < size; i++) {
    A[i * size + i] = lp;
    rhs[i * W] = gs[members[i]!]!;
  }
  for (const g of m.gamesOf[k]!) {
    const a = placeOf[pa[g]!]!;
    const b = placeOf[pb[g]!]!;
    const wg = w[g]!;
    A[a * size + a]! += wg;
    A[b * size + b]! += wg;
    A[a * size + b]! -= wg;
    A[b * size + a]! -= wg;
    if (fa[g] !== fb[g]) {
      const x = 1 + fa[g]!;
      const z = 1 + fb[g]!;
      rhs[a * W + x]! += wg;
      rhs[a * W + z]! -= wg;
      rhs[b * W + x]! -= wg;
      rhs[b * W + z]! += wg;
    }
  }
  const sol = new CholeskyDecomposition(Matrix.from1DArray(size, size, A)).solve(Matrix.from1DArray(size, W, rhs)).to1DArray();
  // B_k' [A⁻¹g | A⁻¹B]: B_k's column f is rhs's column 1 + f
  for (let f = 0; f < F; f++) {
    let tf = 0;
    for (let i = 0; i < size; i++) tf += rhs[i * W + 1 + f]! * sol[i * W]!;
    t[f]! -= tf;
    for (let h = 0; h <= f; h++) {
      let v = 0;
      for (let i = 0; i < size; i++) v += rhs[i * W + 1 + f]! * sol[i * W + 1 + h]!;
      S[f * F + h]! -= v;
    }
  }
  return sol;
}

/**
 * One Newton system at the current estimate: the gradient and, by blocks, the information matrix. Returns the
 * Newton step (players, factions) and the factions' Schur complement's Cholesky decomposition (whose inverse is the
 * strengths' covariance).
 */
function newtonSystem(m: ModelSetup, skill: Float64Array, strength: Float64Array) {
  const { P, F, groups } = m;
  const { gs, gb, C } = gradientAndFactionBlock(m, skill, strength);
  // S = C − Σ B_k' A_k⁻¹ B_k and t = g_b − Σ B_k' A_k⁻¹ g_s,k, keeping A_k⁻¹ [g_s,k | B_k] for the players' step
  const S = C;
  const t = Float64Array.from(gb);
  const W = F + 1;
  const solved = groups.map((_, k) => eliminateGroup(m, k, gs, t, S));
  // symmetric to the last bit, as the decomposition asks
  for (let f = 0; f < F; f++) for (let h = 0; h < f; h++) S[h * F + f] = S[f * F + h]!;
  const schur = new CholeskyDecomposition(Matrix.from1DArray(F, F, S));
  const db = schur.solve(Matrix.columnVector(Array.from(t))).getColumn(0);
  const ds = new Float64Array(P);
  groups.forEach((members, k) => {
    const sol = solved[k]!;
    members.forEach((p, i) => {
      let v = sol[i * W]!;
      for (let f = 0; f < F; f++) v -= sol[i * W + 1 + f]! * db[f]!;
      ds[p] = v;
    });
  });
  return { ds, db: Float64Array.from(db), schur };
}

/** The Newton step, halved until the penalised likelihood does not fall: the new estimate, its likelihood and the step taken. */
function halvedStep(m: ModelSetup, skill: Float64Array, strength: Float64Array, ds: Float64Array, db: Float64Array, current: number) {
  const { P, F } = m;
  let step = 1;
  let next = current;
  const s2 = new Float64Array(P);
  const b2 = new Float64Array(F);
  for (let halvings = 0; halvings < 30; halvings++) {
    for (let p = 0; p < P; p++) s2[p] = skill[p]! + step * ds[p]!;
    for (let f = 0; f < F; f++) b2[f] = strength[f]! + step * db[f]!;
    next = penalisedLogLikelihood(m, s2, b2);
    if (next >= current - 1e-12 * Math.abs(current)) break;
    step /= 2;
  }
  let largest = 0;
  for (let p = 0; p < P; p++) largest = Math.max(largest, Math.abs(step * ds[p]!));
  for (let f = 0; f < F; f++) largest = Math.max(largest, Math.abs(step * db[f]!));
  return { s2, b2, next, largest };
}

/**
 * The covariance at the estimate: the inverse of the Schur complement (the factions' block of the inverse), centred
 * over the factions present (M V M with M = I − 11'/k; the others' rows are nothing the data says), and each
 * strength's standard error from it.
 */
function centredCovariance(schur: CholeskyDecomposition, usedFaction: Uint8Array, F: number) {
  const inverse = schur.solve(Matrix.eye(F));
  const present: number[] = [];
  for (let f = 0; f < F; f++) if (usedFaction[f]) present.push(f);
  const k = present.length;
  const covariance = new Float64Array(F * F).fill(NaN);
  const rowMean = new Float64Array(F);
  let grand = 0;
  for (const f of present) {
    for (const h of present) rowMean[f]! += inverse.get(f, h) / k;
    grand += rowMean[f]! / k;
  }
  for (const f of present) for (const h of present) covariance[f * F + h] = inverse.get(f, h) - rowMean[f]! - rowMean[h]! + grand;
  const se = new Float64Array(F).fill(NaN);
  for (const f of present) se[f] = Math.sqrt(covariance[f * F + f]!);
  return { covariance, se, present };
}

/** The fit, or null when there is nothing to fit (no game, or no two factions met). */
export function fitFactionModel(games: ModelGames, options: FactionModelOptions): FactionModelFit | null {
  const { players: P, factions: F } = options;
  const lp = options.playerPenalty ?? PLAYER_PENALTY;
  const lf = options.factionPenalty ?? FACTION_PENALTY;
  const maxIterations = options.maxIterations ?? 100;
  if (!(lp > 0 && lf > 0)) throw new Error('the faction model needs positive penalties');
  const columns = gameColumns(games, P, F);
  const n = columns.n;
  if (!n || !columns.crossFaction) return null;
  const m = modelSetup(columns, games, P, F, lp, lf);

  const skill = new Float64Array(P);
  const strength = new Float64Array(F);
  let current = penalisedLogLikelihood(m, skill, strength);
  let iterations = 0;
  let converged = false;
  let schur: CholeskyDecomposition | null = null;
  while (iterations < maxIterations) {
    iterations += 1;
    const system = newtonSystem(m, skill, strength);
    schur = system.schur;
    const { s2, b2, next, largest } = halvedStep(m, skill, strength, system.ds, system.db, current);
    skill.set(s2);
    strength.set(b2);
    current = next;
    if (largest < 1e-10) {
      converged = true;
      break;
    }
  }
  if (!converged || !schur) return null;

  // the last system was made less than 1e-10 from the estimate, so its information matrix is the estimate's
  const { covariance, se, present } = centredCovariance(schur, columns.usedFaction, F);
  const fitted = new Float64Array(F).fill(NaN);
  for (const f of present) fitted[f] = strength[f]!;
  return { n, strength: fitted, se, covariance, skill, iterations, logLikelihood: current };
}

/** A strength as the chance of beating the average faction, both players of average skill, with its 95% Wald interval through the logistic. */
export function strengthAsWinChance(strength: number, se: number, level = 0.95): { estimate: number; lower: number; upper: number } {
  const z = jStat.normal.inv(1 - (1 - level) / 2, 0, 1);
  return { estimate: logistic(strength), lower: logistic(strength - z * se), upper: logistic(strength + z * se) };
}
