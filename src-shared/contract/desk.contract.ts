import { z } from 'zod';
import { reads, writes } from './effects';
import { channel } from './define';
import { nameText } from '../text-policy.schema';
import { deskFilterSchema } from '../desk/filter';
import { bundleRecordSchema } from '../playtest/bundle';
import { PAPER_SIZES } from '../settings';
import { pdfFileSchema } from './print.contract';

/**
 * The designer's desk (issue 36): playtest bundles from many clubs imported
 * into a ledger of the designer's own, and the figures over them.
 */
const noInput = z.object({}).strict();
const nonNegative = z.number().int().nonnegative();

/** An interval: null where nothing is known. */
const estimate = z.object({ estimate: z.number().nullable(), lower: z.number().nullable(), upper: z.number().nullable() });
/** A rating on the 1–5 scale with its own n (fun and clarity are counted apart), its distribution and median. */
const ratingScale = estimate.extend({
  n: nonNegative,
  median: z.number(),
  counts: z.tuple([nonNegative, nonNegative, nonNegative, nonNegative, nonNegative]),
  tooFew: z.boolean(),
});
/** What every figure carries: its id for the trace, n, the "too few games" mark, how many battles are behind it, and (when asked) their keys. */
const figure = {
  id: z.string(),
  n: nonNegative,
  tooFew: z.boolean(),
  battleCount: nonNegative,
  keys: z.array(z.string()).optional(),
};
/** An interval that is always known (the faction model's). */
const wald = z.object({ estimate: z.number(), lower: z.number(), upper: z.number() });
/** The unit figures (src-shared/desk/unit-figures.ts). */
const unitFiguresSchema = z.object({
  unitTypes: z.array(
    z.object({
      ...figure,
      unitType: z.string(),
      formations: nonNegative,
      survived: nonNegative,
      survival: estimate,
      woundsPerGame: estimate.extend({ sides: nonNegative }),
      rangedPerGame: z.number().nullable(),
      meleePerGame: z.number().nullable(),
    }),
  ),
  heavyExplosions: z.object({
    ...figure,
    sidesWithHeavy: nonNegative,
    sidesWithExplosion: nonNegative,
    rate: estimate,
    byCause: z.array(z.object({ ...figure, cause: z.string(), explosions: nonNegative })),
  }),
  cryptids: z.array(
    z.object({
      ...figure,
      cryptidId: z.string(),
      battles: nonNegative,
      defeated: nonNegative,
      defeatRate: estimate,
      woundsTaken: estimate,
      woundsDealt: estimate.extend({ n: nonNegative }),
    }),
  ),
  vpSources: z.array(z.object({ ...figure, source: z.string(), perSide: estimate, share: z.number().nullable() })),
  usage: z.array(
    z.object({
      ...figure,
      kind: z.enum(['order', 'gambit', 'ability']),
      key: z.string(),
      uses: nonNegative,
      sides: nonNegative,
      battles: nonNegative,
      sidesUsing: nonNegative,
      perGame: estimate,
      usedIn: estimate,
    }),
  ),
  ruleOfCool: z.object({
    sides: nonNegative,
    battles: nonNegative,
    attempts: nonNegative,
    bands: z.array(z.object({ ...figure, band: z.string(), attempts: nonNegative, succeeded: nonNegative, successRate: estimate })),
  }),
});
const quartiles = z.object({ median: z.number(), q1: z.number(), q3: z.number() });
const deskFiguresSchema = z.object({
  battles: nonNegative,
  clubs: nonNegative,
  factionModel: z.object({ games: nonNegative, players: nonNegative, playerPenalty: z.number(), factionPenalty: z.number() }).nullable(),
  units: unitFiguresSchema,
  factions: z.array(
    z.object({
      ...figure,
      factionId: z.string(),
      games: nonNegative,
      wins: nonNegative,
      draws: nonNegative,
      losses: nonNegative,
      mirrors: nonNegative,
      winRate: estimate,
      vpDifference: estimate,
      adjusted: z.object({ strength: wald, winChance: wald, games: nonNegative }).nullable(),
    }),
  ),
  pairs: z.array(
    z.object({
      ...figure,
      factionA: z.string(),
      factionB: z.string(),
      games: nonNegative,
      winsA: nonNegative,
      winsB: nonNegative,
      draws: nonNegative,
      winRateA: estimate,
    }),
  ),
  pointsCurve: z
    .object({
      n: nonNegative,
      slope: estimate,
      at: z.array(estimate.extend({ difference: z.number() })),
    })
    .nullable(),
  players: z.array(
    z.object({
      ...figure,
      player: z.string(),
      games: nonNegative,
      wins: nonNegative,
      draws: nonNegative,
      losses: nonNegative,
      factions: z.array(z.object({ factionId: z.string(), games: nonNegative })),
    }),
  ),
  rulings: z.array(
    z.object({
      ...figure,
      ruling: z.string(),
      battles: z.object({ under: nonNegative, atDefault: nonNegative }),
      confoundedWith: z.array(z.string()),
      factions: z.array(
        z.object({
          factionId: z.string(),
          under: z.object({ games: nonNegative, wins: nonNegative, winRate: z.number().nullable() }),
          atDefault: z.object({ games: nonNegative, wins: nonNegative, winRate: z.number().nullable() }),
          difference: z.number().nullable(),
          differenceInterval: estimate,
          test: z.enum(['fisher', 'two-proportion']).nullable(),
          p: z.number().nullable(),
          words: z.string(),
          stratified: z.object({ test: z.enum(['cmh', 'exact']).nullable(), p: z.number().nullable(), clubs: nonNegative, words: z.string() }),
          adjustedP: z.number().nullable(),
          gamesNeeded: z.number().int().nullable(),
          tooFew: z.boolean(),
        }),
      ),
    }),
  ),
  firstMover: z.object({ ...figure, wins: nonNegative, winRate: estimate }),
  speed: z.array(
    z.object({
      ...figure,
      mission: z.number().int().nullable(),
      roundMinutes: quartiles.extend({ rounds: nonNegative }).nullable(),
      battleMinutes: quartiles.nullable(),
    }),
  ),
  disputes: z.array(z.object({ ...figure, ruleRef: z.string(), count: nonNegative, per100: z.number(), notes: z.array(z.string()) })),
  ratings: z.array(z.object({ ...figure, by: z.enum(['faction', 'mission']), key: z.string(), fun: ratingScale.nullable(), clarity: ratingScale.nullable() })),
});
const names = z.record(z.string(), z.string());

export const deskContract = {
  'desk.import': channel(
    'Import playtest bundles (JSON or gzipped JSON, as base64): all checked first, the first problem refusing them all; each battle kept once by its club and id',
    z.object({
      files: z
        .array(z.object({ name: nameText(255, { min: 1 }), base64: z.string().min(1).max(200_000_000) }))
        .min(1)
        .max(500),
    }),
    z.object({ files: nonNegative, newBundles: nonNegative, added: nonNegative, replaced: nonNegative, duplicates: nonNegative, alreadyHeld: nonNegative }),
    writes('desk'),
  ),
  'desk.importProgress': channel(
    'The desk imports under way: files checked, then bundles stored',
    noInput,
    z.array(z.object({ id: z.string(), phase: z.enum(['checking', 'writing']), done: nonNegative, total: nonNegative })),
    reads('desk'),
  ),
  'desk.clubs': channel(
    'The clubs whose bundles the desk holds, each with its name as last sent, its bundles and its battles',
    noInput,
    z.array(z.object({ clubId: z.string(), name: z.string().nullable(), bundles: nonNegative, battles: nonNegative })),
    reads('desk'),
  ),
  'desk.choices': channel(
    "What the desk's filters can choose from: the game data versions, variants, factions and rulings its battles have, and their armies' points",
    noInput,
    z.object({
      versions: z.array(z.string()),
      variants: z.array(z.string()),
      factions: z.array(z.string()),
      rulings: z.array(z.string()),
      points: z.object({ min: nonNegative, max: nonNegative }).nullable(),
    }),
    reads('desk'),
  ),
  'desk.report': channel(
    "The desk's figures over the battles a filter selects: each with its interval, n, a too-few-games mark and how many battles are behind it (with their keys, club/battle, when asked)",
    z.object({ filter: deskFilterSchema.default({}), withKeys: z.boolean().default(false) }),
    z.object({ figures: deskFiguresSchema, names }),
    reads('desk'),
  ),
  'desk.trace': channel(
    'One page of the battles behind a figure of the desk (its id from desk.report), in the order they were played',
    z.object({
      filter: deskFilterSchema.default({}),
      figureId: z.string().min(1).max(300),
      offset: z.number().int().min(0).default(0),
      limit: z.number().int().min(1).max(500).default(50),
    }),
    z.object({ total: nonNegative, battles: z.array(z.object({ clubId: z.string(), key: z.string(), record: bundleRecordSchema })) }),
    reads('desk'),
  ),
  'desk.csv': channel(
    "The desk's figures as CSV, every figure with the battles behind it",
    z.object({ filter: deskFilterSchema.default({}) }),
    z.object({ fileName: z.string(), text: z.string() }),
    reads('desk'),
  ),
  'desk.pdf': channel(
    "The desk's figures as a PDF, intervals drawn as whiskers",
    z.object({ filter: deskFilterSchema.default({}), paperSize: z.enum(PAPER_SIZES).optional() }),
    pdfFileSchema,
    reads('desk', 'settings'),
  ),
} as const;
