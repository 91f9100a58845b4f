import { UNIT_TYPES, type PlaytestBattle } from './battle';

/**
 * Seeded synthetic battles for tests, benchmarks and the end-to-end fixture.
 * Not a simulation of the game: plausible shapes only, reproducible by seed.
 */
export interface GenerateOptions {
  count: number;
  seed?: number;
  factions?: string[];
  campaigns?: number;
  startDate?: string;
}

const DEFAULT_FACTIONS = ['penitent-concord', 'crowned-marches', 'saltbound-league', 'cinder-porte', 'veiled-communion', 'scattered'];
const ORDERS = ['steady-fire', 'hold-fast', 'forced-march'];
const GAMBITS = ['second-chance', 'overcharge', 'brace'];
const ABILITIES = ['iron-edict', 'sins-of-greed', 'burn-the-witch'];
const RULINGS = [
  { ruleRef: '000 §5', note: 'Does a critical hit bypass the Save?' },
  { ruleRef: 'AMB-12', note: 'Steady Fire on one die or the pool' },
  { ruleRef: '000 §6', note: 'Relay chain measured from which edge' },
  { ruleRef: 'AMB-05', note: 'Enraged at 7 or 8 of 15' },
];

export function generateBattles(o: GenerateOptions): PlaytestBattle[] {
  const next = mulberry32(o.seed ?? 42);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const factions = o.factions ?? DEFAULT_FACTIONS;
  const campaigns = o.campaigns ?? Math.max(1, Math.ceil(o.count / 5));
  const start = Date.parse(o.startDate ?? '2026-01-05T19:00:00Z');
  const pick = <T>(xs: readonly T[]) => xs[int(0, xs.length - 1)]!;
  const tally = (ids: string[], max: number) => Object.fromEntries(ids.map((id) => [id, int(0, max)]).filter(([, n]) => (n as number) > 0));

  const out: PlaytestBattle[] = [];
  for (let i = 0; i < o.count; i++) {
    const c = i % campaigns;
    const mission = (Math.floor(i / campaigns) % 5) + 1;
    const fa = pick(factions);
    let fb = pick(factions);
    if (factions.length > 1) while (fb === fa) fb = pick(factions);
    const r = int(0, 9);
    const results = r < 4 ? (['win', 'loss'] as const) : r < 8 ? (['loss', 'win'] as const) : (['draw', 'draw'] as const);
    const side = (k: 0 | 1, factionId: string) => ({
      playerId: `player-${c}-${k}`,
      factionId,
      result: results[k],
      vp: { objectives: int(0, 12), relic: int(0, 1) * 3, secondary: int(0, 1) * 2, cryptidHunt: 0 },
      wounds: UNIT_TYPES.map((unitType) => ({ unitType, ranged: int(0, 8), melee: int(0, 8) })),
      orders: tally(ORDERS, 4),
      gambits: tally(GAMBITS, 2),
      abilities: tally(ABILITIES.slice(0, 1), 1),
      // no Rule of Cool in generated clubs: adding dice here would change every figure the seeded tests pin
      rulesOfCool: {},
      rulesOfCoolSucceeded: {},
      explosions: {},
      unitAbilities: {},
      uncloakRounds: int(0, 1) ? [int(2, 4)] : [],
      formations: UNIT_TYPES.map((unitType) => ({ unitType, survived: int(0, 3) > 0 })),
    });
    const event = mission === 3 || int(1, 20) <= 10 ? 'cryptid' : 'storm';
    out.push({
      id: `b-${String(i + 1).padStart(5, '0')}`,
      source: 'play',
      campaignId: `c-${String(c + 1).padStart(3, '0')}`,
      mission,
      playedAt: new Date(start + i * 3_600_000 * 7).toISOString(),
      sequence: int(0, 9) === 0 ? 'alternating' : 'bag',
      roundSeconds: [1, 2, 3, 4, 5].map(() => int(600, 1500)),
      sides: [side(0, fa), side(1, fb)],
      cryptid: event === 'cryptid' ? { cryptidId: 'ash-wight', round: 2, woundsDealt: int(0, 9), woundsTaken: int(0, 15), defeated: int(0, 2) === 0 } : null,
      storm: event === 'storm' ? { round: 2, woundsDealt: int(0, 6) } : null,
      // a campaign plays under its own pinned rulings: every third under saves against explosions, every fifth Steady Fire on the pool too
      rulings: [...(c % 3 === 1 ? ['explosionSaves=saves-allowed'] : []), ...(c % 5 === 2 ? ['steadyFire=whole-pool'] : [])],
      disputes: int(0, 3) === 0 ? [{ ...pick(RULINGS), round: int(1, 5) }] : [],
    });
  }
  return out;
}

/** A tiny seeded generator (mulberry32): fixtures and test runs only need reproducibility, not statistical quality. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
