import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { describe, expect, it } from 'vitest';
import { deskFigures, deskRecordOf, type DeskBattle } from '../../src-shared/desk/figures';
import type { BundleRecord, BundleSide } from '../../src-shared/playtest/bundle';
import { generatedRecords } from '../helpers/playtest-bundles';

/**
 * Issue 41's seeded simulations of the desk, end to end through `deskFigures`: battles made with a known truth, and
 * the figures checked against it over many seeds. A fixed number of seeds in npm test; AOA_SOAK (npm run test:soak,
 * test/soak/desk-simulation.soak.test.ts) runs more, on the same seeds and then others.
 */
const SOAK = Boolean(process.env.AOA_SOAK);
export const RULING_SEEDS = SOAK ? 2000 : 200;
export const MODEL_SEEDS = SOAK ? 400 : 60;

type Rng = ReturnType<typeof xoroshiro128plus>;
const uniform = (rng: Rng) => uniformFloat64(rng);
/** A standard normal draw (Box–Muller). */
const normal = (rng: Rng) => Math.sqrt(-2 * Math.log(1 - uniform(rng))) * Math.cos(2 * Math.PI * uniform(rng));
const logistic = (t: number) => 1 / (1 + Math.exp(-t));

const base = generatedRecords(1)[0]!;
let made = 0;
function battle(
  clubId: string,
  a: { player: string; factionId: string },
  b: { player: string; factionId: string },
  winner: 0 | 1 | null,
  rulings: string[],
): DeskBattle {
  const result = (s: 0 | 1): BundleSide['result'] => (winner === null ? 'draw' : winner === s ? 'win' : 'loss');
  const record: BundleRecord = {
    ...base,
    battleId: `sim-${(made += 1)}`,
    rulings,
    sides: [
      { ...base.sides[0], ...a, result: result(0) },
      { ...base.sides[1], ...b, result: result(1) },
    ],
  };
  return { clubId, record: deskRecordOf(record) };
}
const pseudonym = (club: number, player: number) => `p-${(club * 1000 + player).toString(16).padStart(16, '0')}`;

/**
 * Clubs of different strength, where the ruling has no effect: in club c, faction "a" beats "b" with chance p_c
 * whether or not the ruling is in force, and the stronger a club, the more of its games it plays under the ruling.
 * Pooled over clubs, the ruling's games are the strong clubs' games; within each club they are not.
 */
function rulingWithoutEffect(seed: number): DeskBattle[] {
  const rng = xoroshiro128plus(seed);
  const battles: DeskBattle[] = [];
  for (let c = 0; c < 6; c++) {
    const p = 0.25 + 0.5 * uniform(rng);
    const underRuling = 0.1 + 0.8 * ((p - 0.25) / 0.5);
    const games = 60 + Math.floor(40 * uniform(rng));
    for (let g = 0; g < games; g++) {
      const rulings = uniform(rng) < underRuling ? ['latchRout=true'] : [];
      const winner = uniform(rng) < p ? 0 : 1;
      battles.push(
        battle(`club-${c}`, { player: pseudonym(c, g % 5), factionId: 'a' }, { player: pseudonym(c, 5 + (g % 5)), factionId: 'b' }, winner, rulings),
      );
    }
  }
  return battles;
}

/** Known faction strengths (log-odds, summing to zero) for the faction model's simulation. */
const STRENGTH: Record<string, number> = { ashborn: 0.6, 'iron-choir': 0.25, scattered: 0, 'penitent-concord': -0.35, 'veiled-court': -0.5 };
const FACTIONS = Object.keys(STRENGTH);

/**
 * Four clubs of ten players whose skills differ (sd 0.6 on the log-odds scale); the better a player, the stronger the
 * faction they favour (played in 60% of their games, any faction otherwise), so the raw win rates credit the strong
 * factions with their players' skill. 150 battles a club, 5% of them drawn.
 */
function factionsWithSkill(seed: number): DeskBattle[] {
  const rng = xoroshiro128plus(seed);
  const battles: DeskBattle[] = [];
  for (let c = 0; c < 4; c++) {
    const skill = Array.from({ length: 10 }, () => 0.6 * normal(rng));
    const bySkill = [...skill.keys()].sort((x, y) => skill[y]! - skill[x]!);
    const favourite = new Array<string>(10);
    bySkill.forEach((player, rank) => (favourite[player] = FACTIONS[Math.floor(rank / 2)]!));
    const pick = (player: number) => (uniform(rng) < 0.6 ? favourite[player]! : FACTIONS[Math.floor(uniform(rng) * FACTIONS.length)]!);
    for (let g = 0; g < 150; g++) {
      const x = Math.floor(uniform(rng) * 10);
      const y = (x + 1 + Math.floor(uniform(rng) * 9)) % 10;
      const [fx, fy] = [pick(x), pick(y)];
      const winner = uniform(rng) < 0.05 ? null : uniform(rng) < logistic(skill[x]! - skill[y]! + STRENGTH[fx]! - STRENGTH[fy]!) ? 0 : 1;
      battles.push(battle(`club-${c}`, { player: pseudonym(c, x), factionId: fx }, { player: pseudonym(c, y), factionId: fy }, winner, []));
    }
  }
  return battles;
}

describe('the desk over simulated clubs (seeded)', () => {
  it(`a ruling with no effect, played most by the strongest clubs: flagged within clubs in at most 7% of ${RULING_SEEDS} seeds, pooled more often`, () => {
    let stratified = 0;
    let pooled = 0;
    for (let seed = 1; seed <= RULING_SEEDS; seed++) {
      const f = deskFigures(rulingWithoutEffect(seed), { withKeys: false });
      const a = f.rulings.find((r) => r.ruling === 'latchRout=true')!.factions.find((x) => x.factionId === 'a')!;
      // 60 to 100 battles a club: the stratified test is Cochran–Mantel–Haenszel's, not the exact one
      expect(a.stratified.test).toBe('cmh');
      if (a.stratified.p! < 0.05) stratified += 1;
      if (a.p! < 0.05) pooled += 1;
    }
    // at α = 0.05 a test that holds its level flags about 5%: 7% leaves room for 200 seeds' chance (sd 1.5 points)
    expect(stratified / RULING_SEEDS).toBeLessThanOrEqual(0.07);
    // pooled, the clubs' strength reads as the ruling's effect
    expect(pooled / RULING_SEEDS).toBeGreaterThan(0.3);
    expect(pooled).toBeGreaterThan(3 * stratified);
    console.log(`ruling without effect: flagged within clubs in ${stratified} of ${RULING_SEEDS} seeds, pooled in ${pooled}`);
  });

  it(`known faction strengths and players of different skill: the adjusted 95% intervals cover the truth in about 93% of ${MODEL_SEEDS * FACTIONS.length} intervals`, () => {
    let covered = 0;
    let intervals = 0;
    let adjustedError = 0;
    let rawError = 0;
    for (let seed = 1; seed <= MODEL_SEEDS; seed++) {
      const f = deskFigures(factionsWithSkill(seed), { withKeys: false });
      expect(f.factionModel).toMatchObject({ players: 40, playerPenalty: 1, factionPenalty: 0.25 });
      const rawLogits = f.factions.map((x) => Math.log(x.winRate.estimate! / (1 - x.winRate.estimate!)));
      const rawMean = rawLogits.reduce((s, x) => s + x, 0) / rawLogits.length;
      f.factions.forEach((x, i) => {
        const truth = STRENGTH[x.factionId]!;
        const s = x.adjusted!.strength;
        intervals += 1;
        if (s.lower <= truth && truth <= s.upper) covered += 1;
        adjustedError += (s.estimate - truth) ** 2;
        rawError += (rawLogits[i]! - rawMean - truth) ** 2;
      });
    }
    const coverage = covered / intervals;
    // Stated 95%; expected about 93%, and held to 88–99% in npm test (300 intervals), 91–98% in the soak (2,000).
    // Why not 95: the penalty pulls players with few games towards the average, and here the better players favour the
    // stronger factions, so a little of their skill stays with those factions (in the soak's 2,000 intervals, 92.8%
    // covered; 93.9% with a quarter of the penalty). Why the band: 5 intervals a seed, tied by summing to zero, so
    // chance alone moves the rate by about 1.5 points at 300 intervals and 0.6 at 2,000.
    expect(coverage).toBeGreaterThanOrEqual(SOAK ? 0.91 : 0.88);
    expect(coverage).toBeLessThanOrEqual(SOAK ? 0.98 : 0.99);
    // and the raw rates, which credit the factions with their players' skill, are further from the truth
    expect(rawError).toBeGreaterThan(2 * adjustedError);
    console.log(
      `faction model: ${covered} of ${intervals} intervals cover the truth (${(100 * coverage).toFixed(1)}%); mean squared error adjusted ${(adjustedError / intervals).toFixed(4)}, raw ${(rawError / intervals).toFixed(4)}`,
    );
  });
});
