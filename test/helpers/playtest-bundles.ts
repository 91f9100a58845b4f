import { createHash, randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { canonicalJson } from '../../src-shared/canonical-json';
import { BUNDLE_FORMAT, BUNDLE_VERSION, type BundleRecord, type BundleSide, type PlaytestBundle } from '../../src-shared/playtest/bundle';

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

const FACTIONS = ['penitent-concord', 'scattered', 'iron-choir', 'ashborn'];
const hex16 = (n: number) => n.toString(16).padStart(16, '0');

/** A valid side of a generated record. */
function side(player: number, factionId: string, result: BundleSide['result'], vp: number): BundleSide {
  return {
    player: `p-${hex16(player)}`,
    factionId,
    result,
    points: 500,
    vp: { objectives: vp, relic: 0, secondary: 0, cryptidHunt: 0 },
    wounds: [{ unitType: 'core', ranged: 3, melee: 1 }],
    orders: { 'forced-march': 1 },
    gambits: {},
    abilities: {},
    rulesOfCool: {},
    rulesOfCoolSucceeded: {},
    explosions: {},
    unitAbilities: {},
    uncloakRounds: [],
    formations: [{ unitType: 'command', survived: true }],
    ratings: null,
  };
}

/** `count` generated records (deterministic from `seed`), for bundles the desk is fed in tests and the bench. */
export function generatedRecords(count: number, seed = 1, idPrefix = 'b'): BundleRecord[] {
  let s = seed >>> 0 || 1;
  const rand = () => (s = (s * 1_103_515_245 + 12_345) >>> 0) / 2 ** 32;
  return Array.from({ length: count }, (_, i) => {
    const fa = FACTIONS[Math.floor(rand() * FACTIONS.length)]!;
    const fb = FACTIONS[Math.floor(rand() * FACTIONS.length)]!;
    const r = rand();
    const [ra, rb]: [BundleSide['result'], BundleSide['result']] = r < 0.45 ? ['win', 'loss'] : r < 0.9 ? ['loss', 'win'] : ['draw', 'draw'];
    const pa = Math.floor(rand() * 40);
    return {
      battleId: `${idPrefix}-${i}`,
      playedAt: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString(),
      campaign: null,
      mission: 1 + (i % 5),
      variant: i % 7 === 0 ? 'ash-fields' : null,
      rulesVersion: '2.4-provisional.3',
      sequence: 'bag',
      firstMover: i % 3 === 0 ? null : ((i % 2) as 0 | 1),
      roundSeconds: [600 + (i % 50), 540 + (i % 30), 700],
      sides: [side(pa, fa, ra, Math.floor(rand() * 10)), side(pa + 40, fb, rb, Math.floor(rand() * 10))],
      cryptid: null,
      storm: null,
      rulings: i % 4 === 0 ? ['latchRout=true'] : [],
      disputes: i % 10 === 0 ? [{ ruleRef: 'AMB-12', note: 'Which edge?', round: 2 }] : [],
    };
  });
}

/** A bundle around `records`, its players listed and its hash made as an export makes it. */
export function bundleOf(records: BundleRecord[], o: { clubId?: string; clubName?: string | null; names?: Record<string, string> } = {}): PlaytestBundle {
  const pseudonyms = [...new Set(records.flatMap((r) => r.sides.map((s) => s.player)))];
  return {
    format: BUNDLE_FORMAT,
    version: BUNDLE_VERSION,
    club: { id: o.clubId ?? randomUUID(), name: o.clubName ?? null },
    exportedAt: '2026-12-01T10:00:00.000Z',
    namesIncluded: !!o.names,
    players: pseudonyms.map((p) => ({ pseudonym: p, name: o.names ? (o.names[p] ?? p) : null })),
    contentHash: `sha256:${sha256Hex(canonicalJson(records))}`,
    records,
  };
}

/** A bundle's file bytes, gzipped when asked. */
export function bundleBytes(bundle: unknown, gzip = false): Buffer {
  const json = Buffer.from(JSON.stringify(bundle));
  return gzip ? gzipSync(json) : json;
}
