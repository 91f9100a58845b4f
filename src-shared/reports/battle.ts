import { z } from 'zod';
import { nameText, noteText } from '../text-policy.schema';
import { sideRatingSchema } from '../battle/ratings.schema';
import { rowId as id } from '../ids';

/**
 * One finished battle as the playtest report sees it (Field Manual §12:
 * round times, wounds by ranged and melee, orders, Uncloak timing, abilities,
 * cryptid or storm impact, disputed rulings). Play Mode's stored battles are
 * mapped into this shape by the backend; games played on paper or at another
 * club can be imported in it directly.
 */

export const UNIT_TYPES = ['command', 'core', 'elite', 'skirmisher', 'heavy'] as const;
export type UnitType = (typeof UNIT_TYPES)[number];
export const VP_SOURCES = ['objectives', 'relic', 'secondary', 'cryptidHunt'] as const;
export type VpSource = (typeof VP_SOURCES)[number];

const tally = z.record(z.string().max(64), z.number().int().min(0).max(1000)).default({});

const playtestSideSchema = z.object({
  playerId: id,
  factionId: id,
  result: z.enum(['win', 'draw', 'loss']),
  /** VP by source; null on a paper record, whose form takes only the total (`vpTotal`). */
  vp: z
    .object({
      objectives: z.number().int().min(0).max(100),
      relic: z.number().int().min(0).max(100).default(0),
      secondary: z.number().int().min(0).max(100).default(0),
      cryptidHunt: z.number().int().min(0).max(100).default(0),
    })
    .nullable(),
  /** A paper record's VP as entered on the form (a total); absent where the sources are known (their sum is the total). */
  vpTotal: z.number().int().min(0).max(400).optional(),
  /** A paper record's army points as the roster stood when it was recorded, when it has a roster (Play Mode's are in its set-up). */
  points: z.number().int().min(0).max(100_000).nullable().optional(),
  /** A paper record's trophies claimed (the pack's trophy ids) and Veteran Sixes spent, as entered; absent on a Play Mode record. */
  trophies: z.array(id).max(10).optional(),
  veteranSixesSpent: z.number().int().min(0).max(100).optional(),
  /** Wounds this side's fighters of each unit type dealt, by ranged and melee attacks. */
  wounds: z
    .array(z.object({ unitType: z.enum(UNIT_TYPES), ranged: z.number().int().min(0).max(1000), melee: z.number().int().min(0).max(1000) }))
    .max(10)
    .default([]),
  /** Uses per order / gambit / Captain ability id. */
  orders: tally,
  gambits: tally,
  abilities: tally,
  /** Rule of Cool attempts by the D20 band they fell in ("1" the critical failure, "2–5", … "20"; Field Manual §8). */
  rulesOfCool: tally,
  /** Of those, the ones that succeeded (for a damage stunt: any bonus; otherwise the 11+ or 16+ threshold), by band. */
  rulesOfCoolSucceeded: tally,
  /** Heavy explosions of this side's Heavies, by what destroyed them (Field Manual §5). */
  explosions: tally,
  /** Limited unit abilities used (Clockwork Overdrive, Rift Shock, Field Repairs, Intercession, Veilstep), by ability id. */
  unitAbilities: tally,
  /** Round in which each Skirmisher patrol uncloaked. */
  uncloakRounds: z.array(z.number().int().min(1).max(5)).max(4).default([]),
  /** Each formation's type and whether it earned a service mark (a survivor at the end, DIGEST 16.3). */
  formations: z
    .array(z.object({ unitType: z.enum(UNIT_TYPES), survived: z.boolean() }))
    .max(20)
    .default([]),
  /** The player's fun and clarity ratings (1–5) and the rule that confused them (Field Manual §12), when they rated the battle. */
  ratings: sideRatingSchema.nullable().optional(),
});
export type PlaytestSide = z.infer<typeof playtestSideSchema>;

/**
 * What kind of record a battle is (issue 41): 'play', a battle played in Play Mode (or an imported record in its
 * shape), which knows everything below; 'paper', a battle recorded on the post-battle form, which knows only what the
 * form asks: mission, factions, results, VP as a total, the cryptid (not its round), trophies, Veteran Sixes,
 * formations' survival, the rulings in force and the ratings. A field a paper record does not know is null or
 * absent, never zero, and every figure counts only the records that hold its field.
 */
const RECORD_SOURCES = ['play', 'paper'] as const;
export type RecordSource = (typeof RECORD_SOURCES)[number];

export const playtestBattleSchema = z.object({
  id,
  source: z.enum(RECORD_SOURCES).default('play'),
  campaignId: id.nullable(),
  mission: z.number().int().min(1).max(5).nullable(),
  /** When the battle finished (ISO-8601). */
  playedAt: z.string().min(10).max(40),
  /** The activation sequence the battle used: the token bag or the alternating module (DIGEST §23); null on a paper record. */
  sequence: z.enum(['bag', 'alternating']).nullable().default('bag'),
  /** Seconds each round took, in order. */
  roundSeconds: z.array(z.number().min(0).max(86_400)).max(5),
  sides: z.tuple([playtestSideSchema, playtestSideSchema]),
  cryptid: z
    .object({
      cryptidId: id,
      /** The round it appeared in; null on a paper record. */
      round: z.number().int().min(1).max(5).nullable(),
      /** Wounds it dealt to fighters (null when the record does not say), and Wounds the fighters dealt it. */
      woundsDealt: z.number().int().min(0).max(1000).nullable(),
      woundsTaken: z.number().int().min(0).max(1000),
      defeated: z.boolean(),
    })
    .nullable()
    .default(null),
  storm: z
    .object({ round: z.number().int().min(1).max(5), woundsDealt: z.number().int().min(0).max(1000) })
    .nullable()
    .default(null),
  /**
   * The rulings the battle was played under that differ from the default, as
   * `option=value` keys (src-shared/ruleset/options.ts), so the report can set
   * results under one ruling beside those at the default.
   */
  rulings: z
    .array(z.string().regex(/^[A-Za-z][A-Za-z0-9]*=[A-Za-z0-9-]+$/, 'a ruling is written option=value'))
    .max(30)
    .default([]),
  /** Rulings the players found confusing or disputed, each with the rule it concerns, e.g. "000 §5" or "AMB-12". */
  disputes: z
    .array(
      z.object({
        ruleRef: nameText(40, { min: 1 }),
        note: noteText(500, { trim: false }).default(''),
        round: z.number().int().min(1).max(5).nullable().default(null),
      }),
    )
    .max(50)
    .default([]),
});
export type PlaytestBattle = z.infer<typeof playtestBattleSchema>;

/** Which battles a report covers. Empty filter = the whole club. */
export const reportFilterSchema = z.object({
  campaignIds: z.array(id).max(500).optional(),
  /** Inclusive dates (YYYY-MM-DD) on playedAt. */
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'use YYYY-MM-DD')
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'use YYYY-MM-DD')
    .optional(),
  /** Battles in which at least one side played one of these factions. */
  factionIds: z.array(id).max(20).optional(),
  missions: z.array(z.number().int().min(1).max(5)).max(5).optional(),
  /** Play Mode records only ('play'), paper records only ('paper'), or both (left out). */
  source: z.enum(RECORD_SOURCES).optional(),
});
export type ReportFilter = z.infer<typeof reportFilterSchema>;

export function matchesFilter(b: PlaytestBattle, f: ReportFilter): boolean {
  if (f.campaignIds?.length && (b.campaignId === null || !f.campaignIds.includes(b.campaignId))) return false;
  const day = b.playedAt.slice(0, 10);
  if (f.from && day < f.from) return false;
  if (f.to && day > f.to) return false;
  if (f.factionIds?.length && !b.sides.some((s) => f.factionIds!.includes(s.factionId))) return false;
  if (f.missions?.length && (b.mission === null || !f.missions.includes(b.mission))) return false;
  if (f.source && b.source !== f.source) return false;
  return true;
}

/** A side's VP: its sources added, or a paper record's total as entered; null where the record knows neither. */
export function sideVpTotal(s: Pick<PlaytestSide, 'vp' | 'vpTotal'>): number | null {
  if (s.vp) return s.vp.objectives + s.vp.relic + s.vp.secondary + s.vp.cryptidHunt;
  return s.vpTotal ?? null;
}
