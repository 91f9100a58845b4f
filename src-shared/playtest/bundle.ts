import { z } from 'zod';
import { AppError } from '../errors';
import { nestsDeeperThan } from '../json-parse';
import { canonicalJson } from '../canonical-json';
import { nameText, noteText } from '../text-policy.schema';
import { UNIT_TYPES } from '../reports/battle';
import { rowId as id } from '../ids';

/**
 * A playtest bundle (issue 36): the file a club sends the game's designer,
 * holding its finished battles as the playtest report's facts know them.
 * Defined and checked here, in one place: the club's export writes it
 * (src-main/backend/playtest/export.ts) and the designer's desk reads it
 * back through `readBundle` (src-main/backend/desk/import.ts).
 *
 * Players are pseudonyms (a keyed hash with the club's own secret, made in
 * the backend) unless the club chose to include names; the file carries
 * neither a player id nor, then, a name. Every object is strict (an unknown
 * key is refused, so the file holds exactly what is documented here), every
 * string is bounded by the text policy, every count is a non-negative
 * integer and every list has a bound.
 */

export const BUNDLE_FORMAT = 'aoa-playtest-bundle';
/**
 * The newest format this app writes and reads; a newer bundle is refused, naming the version. Version 2 (issue 40)
 * adds each record's `packDigest`; a version 1 bundle, which has none, is read as it is. Version 3 (issue 41) adds
 * each record's `source` and paper records (see `bundleRecordSchema`); a record without `source` is Play Mode's.
 */
export const BUNDLE_VERSION = 3;
/** The first format version that may carry paper records (and a record's `source`). */
const PAPER_BUNDLE_VERSION = 3;
/** Battles one bundle may hold (a league's season is a few thousand). */
const MAX_BUNDLE_RECORDS = 50_000;
/** Players one bundle may list. */
const MAX_BUNDLE_PLAYERS = 10_000;
/** Keys JSON.parse keeps as own properties that would reach an object's prototype if copied naïvely. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const count = (max: number) => z.number().int().min(0).max(max);
/** A player's pseudonym (`p-` and 16 hex digits) or, for a campaign, `c-` and 16. */
const pseudonym = (prefix: 'p' | 'c') => z.string().regex(new RegExp(`^${prefix}-[0-9a-f]{16}$`), `a pseudonym is ${prefix}- and 16 hex digits`);
const tallyKey = nameText(64, { min: 1 });
const tally = z.record(tallyKey, count(1000));

const bundleSideSchema = z.strictObject({
  /** The player's pseudonym; their name, when the club included names, is in the bundle's `players`. */
  player: pseudonym('p'),
  factionId: id,
  result: z.enum(['win', 'draw', 'loss']),
  /** Points of the army, when the record knows them. */
  points: count(100_000).nullable(),
  // Play Mode's alone (absent from a paper record, whose form does not ask them): VP by source and what the battle's events counted
  vp: z.strictObject({ objectives: count(100), relic: count(100), secondary: count(100), cryptidHunt: count(100) }).optional(),
  wounds: z
    .array(z.strictObject({ unitType: z.enum(UNIT_TYPES), ranged: count(1000), melee: count(1000) }))
    .max(10)
    .optional(),
  orders: tally.optional(),
  gambits: tally.optional(),
  /** Captain abilities used, by id. */
  abilities: tally.optional(),
  rulesOfCool: tally.optional(),
  rulesOfCoolSucceeded: tally.optional(),
  explosions: tally.optional(),
  unitAbilities: tally.optional(),
  uncloakRounds: z.array(z.number().int().min(1).max(5)).max(4).optional(),
  // a paper record's alone: its VP as entered (a total), the trophies claimed (the pack's ids) and the Veteran Sixes spent
  vpTotal: count(400).optional(),
  trophies: z.array(id).max(10).optional(),
  veteranSixesSpent: count(100).optional(),
  formations: z.array(z.strictObject({ unitType: z.enum(UNIT_TYPES), survived: z.boolean() })).max(20),
  /** The player's fun and clarity ratings (Field Manual §12, 1–5) and the rule that confused them; null where not rated. */
  ratings: z
    .strictObject({
      fun: z.number().int().min(1).max(5).nullable(),
      clarity: z.number().int().min(1).max(5).nullable(),
      confusingRule: nameText(40).nullable(),
    })
    .nullable(),
});
export type BundleSide = z.infer<typeof bundleSideSchema>;

const ruling = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9]*=[A-Za-z0-9-]+$/, 'a ruling is written option=value')
  .max(80);

/** A side's fields only a Play Mode record holds, and those only a paper record holds (issue 41). */
const PLAY_SIDE_FIELDS = [
  'vp',
  'wounds',
  'orders',
  'gambits',
  'abilities',
  'rulesOfCool',
  'rulesOfCoolSucceeded',
  'explosions',
  'unitAbilities',
  'uncloakRounds',
] as const satisfies (keyof BundleSide)[];
const PAPER_SIDE_FIELDS = ['vpTotal', 'trophies', 'veteranSixesSpent'] as const satisfies (keyof BundleSide)[];
/** A record's fields only a Play Mode record holds (a paper record has no sequence, round times, storm or disputes). */
const PLAY_RECORD_FIELDS = ['sequence', 'roundSeconds', 'storm', 'disputes'] as const;

/**
 * One battle. `source` says what kind of record it is: 'play' (or absent, as in every bundle before version 3), a
 * battle played in Play Mode, which holds every field; 'paper', a battle recorded on the post-battle form, which holds
 * only what the form knows (mission, factions, results, VP as a total, formations' survival, the cryptid without its
 * round, trophies, Veteran Sixes, rulings, points, ratings) and leaves every other field out: absent, never zero.
 */
export const bundleRecordSchema = z.strictObject({
  battleId: id,
  source: z.enum(['play', 'paper']).optional(),
  /** When it finished (ISO-8601). */
  playedAt: z
    .string()
    .min(10)
    .max(40)
    .regex(/^\d{4}-\d{2}-\d{2}/, 'a date starts YYYY-MM-DD'),
  /** The campaign's pseudonym (so battles of one campaign can be told apart), or null for a standalone game. */
  campaign: pseudonym('c').nullable(),
  mission: z.number().int().min(1).max(5).nullable(),
  /** The province's variant of the mission, or null: the mission as written. */
  variant: id.nullable(),
  /** The game data version it was played with, when known. */
  rulesVersion: nameText(40, { min: 1 }).nullable(),
  /**
   * The pack it was played with, as its digest (sha256 of the pack's canonical JSON, a ledger's content_digest),
   * when known: two clubs' packs of one label may differ, and one pack may carry two labels. Absent in version 1.
   */
  packDigest: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'a pack digest is 64 hexadecimal digits')
    .nullable()
    .optional(),
  sequence: z.enum(['bag', 'alternating']).optional(),
  /** Which side held the initiative from the set-up roll-off (0 or 1), when the record says. */
  firstMover: z.union([z.literal(0), z.literal(1)]).nullable(),
  roundSeconds: z.array(z.number().min(0).max(86_400)).max(5).optional(),
  sides: z.tuple([bundleSideSchema, bundleSideSchema]),
  cryptid: z
    .strictObject({
      cryptidId: id,
      /** The round it came in; null on a paper record. */
      round: z.number().int().min(1).max(5).nullable(),
      woundsDealt: count(1000).nullable(),
      woundsTaken: count(1000),
      defeated: z.boolean(),
    })
    .nullable(),
  storm: z
    .strictObject({ round: z.number().int().min(1).max(5), woundsDealt: count(1000) })
    .nullable()
    .optional(),
  /** The rulings in force that differ from the default (`option=value`). */
  rulings: z.array(ruling).max(30),
  /** Rulings the players disputed or found confusing, with their notes. */
  disputes: z
    .array(
      z.strictObject({
        ruleRef: nameText(40, { min: 1 }),
        note: noteText(500, { trim: false }),
        round: z.number().int().min(1).max(5).nullable(),
      }),
    )
    .max(50)
    .optional(),
});
export type BundleRecord = z.infer<typeof bundleRecordSchema>;

const bundlePlayerSchema = z.strictObject({ pseudonym: pseudonym('p'), name: nameText(120, { min: 1 }).nullable() });

export const playtestBundleSchema = z
  .strictObject({
    format: z.literal(BUNDLE_FORMAT),
    version: z.union([z.literal(1), z.literal(2), z.literal(BUNDLE_VERSION)]),
    /** The sending club: a random id kept in its ledger (so its bundles are told apart from another club's), and its name if it gave one. */
    club: z.strictObject({ id: z.uuid(), name: nameText(120, { min: 1 }).nullable() }),
    exportedAt: z.iso.datetime({ offset: true }),
    /** Whether `players` carries names (the organiser ticked "include player names"). */
    namesIncluded: z.boolean(),
    /** Every pseudonym the records use, with the player's name only when names are included. */
    players: z.array(bundlePlayerSchema).max(MAX_BUNDLE_PLAYERS),
    /** `sha256:` and the hex SHA-256 of the canonical JSON of `records` (canonicalJson). */
    contentHash: z.string().regex(/^sha256:[0-9a-f]{64}$/, 'the content hash is sha256: and 64 hex digits'),
    records: z.array(bundleRecordSchema).max(MAX_BUNDLE_RECORDS),
  })
  .superRefine((b, ctx) => {
    const listed = new Map(b.players.map((p) => [p.pseudonym, p]));
    if (listed.size !== b.players.length) ctx.addIssue({ code: 'custom', path: ['players'], message: 'A pseudonym is listed twice.' });
    const seen = new Set<string>();
    b.records.forEach((r, i) => {
      recordKindIssues(r, b.version).forEach(({ path, message }) => ctx.addIssue({ code: 'custom', path: ['records', i, ...path], message }));
      if (seen.has(r.battleId)) ctx.addIssue({ code: 'custom', path: ['records', i, 'battleId'], message: `Battle ${r.battleId} appears twice.` });
      seen.add(r.battleId);
      r.sides.forEach((s, j) => {
        if (!listed.has(s.player)) ctx.addIssue({ code: 'custom', path: ['records', i, 'sides', j, 'player'], message: 'A player the bundle does not list.' });
      });
    });
    b.players.forEach((p, i) => {
      if ((p.name !== null) !== b.namesIncluded)
        ctx.addIssue({
          code: 'custom',
          path: ['players', i, 'name'],
          message: b.namesIncluded ? 'Names are included, but this player has none.' : 'Names are not included, but this player has one.',
        });
    });
  });
export type PlaytestBundle = z.infer<typeof playtestBundleSchema>;

/** Whether a record is a paper battle's (issue 41); a record without `source` is Play Mode's. */
const isPaperRecord = (r: Pick<BundleRecord, 'source'>) => r.source === 'paper';

/**
 * What is wrong with a record for its kind: a paper record only from version 3, holding no field of Play Mode's and
 * its VP as a total; a Play Mode record holding every field of its own and none of the paper form's.
 */
function recordKindIssues(r: BundleRecord, version: number): { path: (string | number)[]; message: string }[] {
  const out: { path: (string | number)[]; message: string }[] = [];
  if (r.source !== undefined && version < PAPER_BUNDLE_VERSION)
    out.push({ path: ['source'], message: `A record's source comes with format version ${PAPER_BUNDLE_VERSION}, not ${version}.` });
  const paper = isPaperRecord(r);
  for (const f of PLAY_RECORD_FIELDS)
    if ((r[f] !== undefined) === paper)
      out.push({ path: [f], message: paper ? 'A paper record does not know this; leave it out.' : 'A Play Mode record needs this.' });
  if (paper && r.cryptid && r.cryptid.round !== null) out.push({ path: ['cryptid', 'round'], message: 'A paper record does not know this; leave it null.' });
  if (!paper && r.cryptid && r.cryptid.round === null) out.push({ path: ['cryptid', 'round'], message: 'A Play Mode record needs this.' });
  r.sides.forEach((s, j) => {
    for (const f of PLAY_SIDE_FIELDS)
      if ((s[f] !== undefined) === paper)
        out.push({ path: ['sides', j, f], message: paper ? 'A paper record does not know this; leave it out.' : 'A Play Mode record needs this.' });
    for (const f of PAPER_SIDE_FIELDS) if (!paper && s[f] !== undefined) out.push({ path: ['sides', j, f], message: 'Only a paper record carries this.' });
    if (paper && s.vpTotal === undefined) out.push({ path: ['sides', j, 'vpTotal'], message: 'A paper record needs its VP as entered.' });
  });
  return out;
}

/** The first key anywhere in `value` that names an object's prototype (JSON.parse keeps `__proto__` as an own key), with its path. */
export function prototypeKeyIn(value: unknown): { key: string; path: (string | number)[] } | null {
  const stack: [unknown, (string | number)[]][] = [[value, []]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], [...path, i]]);
      continue;
    }
    const keys = Object.keys(v);
    for (const k of keys) if (PROTOTYPE_KEYS.has(k)) return { key: k, path };
    for (let i = keys.length - 1; i >= 0; i--) stack.push([(v as Record<string, unknown>)[keys[i]!], [...path, keys[i]!]]);
  }
  return null;
}

const where = (path: readonly PropertyKey[]) =>
  path.length ? ` at ${path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('')}` : '';

/**
 * Checks a bundle as read from its file (JSON already parsed) and returns it,
 * or refuses with the first problem named: not a bundle, a newer format
 * version, a key naming a prototype, nesting too deep, a schema failure (with
 * where it is), or content that does not match its hash. `sha256Hex` is the
 * caller's (src-shared reaches no crypto of its own); it is given the
 * canonical JSON of the records exactly as the file holds them.
 */
export function readBundle(raw: unknown, sha256Hex: (text: string) => string, fileName = 'The file'): PlaytestBundle {
  const refuse = (message: string, path?: (string | number)[]): never => {
    throw new AppError('VALIDATION', `${fileName}: ${message}`, path ? { path } : {});
  };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || (raw as { format?: unknown }).format !== BUNDLE_FORMAT)
    refuse(`is not a playtest bundle (its "format" is not "${BUNDLE_FORMAT}").`);
  const version = (raw as { version?: unknown }).version;
  if (typeof version === 'number' && Number.isFinite(version) && version > BUNDLE_VERSION)
    refuse(`is a playtest bundle of format version ${version}, newer than this app reads (version ${BUNDLE_VERSION}); update the app to read it.`);
  const proto = prototypeKeyIn(raw);
  if (proto) refuse(`holds the key "${proto.key}"${where(proto.path)}, which a bundle may not carry.`, proto.path);
  if (nestsDeeperThan(raw)) refuse('nests deeper than a bundle can.');
  const parsed = playtestBundleSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    refuse(`${issue.message}${where(path)}.`.replace(/\.\.$/, '.'), path);
  }
  const bundle = parsed.data!;
  const hash = `sha256:${sha256Hex(canonicalJson((raw as { records: unknown }).records))}`;
  if (hash !== bundle.contentHash) refuse('its records do not match its content hash: the file was changed or damaged after it was exported.', ['contentHash']);
  return bundle;
}
