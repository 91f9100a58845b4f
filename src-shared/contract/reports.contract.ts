import { z } from 'zod';
import { reads, writes } from './effects';
import { channel } from './define';
import { PAPER_SIZES } from '../settings';
import { playtestBattleSchema, reportFilterSchema } from '../reports/battle';
import { USAGE_KINDS } from '../reports/aggregate';
import { reportTraceSchema, TRACE_PAGE } from '../reports/trace';
import { pdfFileSchema } from './print.contract';
import { rowId as id } from '../ids';

/** Playtest reports (issue 7): the figures on screen, as PDF and as CSV, and the battles behind them. */

const unitType = z.enum(['command', 'core', 'elite', 'skirmisher', 'heavy']);
const rating = z.object({ n: z.number(), mean: z.number().nullable(), median: z.number().nullable() });
const factionResults = z.object({ factionId: z.string(), games: z.number(), wins: z.number(), draws: z.number(), losses: z.number(), winRate: z.number() });

/**
 * The report's schema around what its rows carry to their battles: the ids (the full report: CSV, PDF, CLI) or how
 * many they are (the screen's figures, whose battles are asked for one figure at a time).
 */
function reportSchemaWith<T extends z.ZodRawShape>(trail: T) {
  const impact = z.object({ battles: z.number(), of: z.number(), frequency: z.number(), meanWoundsDealt: z.number(), ...trail });
  return z.object({
    games: z.number(),
    ...trail,
    sources: z.object({ play: z.number(), paper: z.number() }),
    vp: z.object({ total: z.number(), sides: z.number() }),
    sequences: z.object({ bag: z.number(), alternating: z.number() }),
    byFaction: z.array(factionResults.extend(trail)),
    matchups: z.array(
      z.object({ factionA: z.string(), factionB: z.string(), games: z.number(), winsA: z.number(), winsB: z.number(), draws: z.number(), ...trail }),
    ),
    roundTimes: z.array(z.object({ round: z.number(), meanSeconds: z.number(), battles: z.number() })),
    meanBattleSeconds: z.number(),
    wounds: z.array(z.object({ factionId: z.string(), unitType, ranged: z.number(), melee: z.number(), ...trail })),
    woundTotals: z.object({ ranged: z.number(), melee: z.number() }),
    vpBySource: z.array(
      z.object({ source: z.enum(['objectives', 'relic', 'secondary', 'cryptidHunt']), total: z.number(), meanPerSide: z.number(), sides: z.number() }),
    ),
    usage: z.array(z.object({ kind: z.enum(USAGE_KINDS), id: z.string(), uses: z.number(), battles: z.number(), ...trail })),
    uncloak: z.array(z.object({ round: z.number(), count: z.number(), ...trail })),
    cryptid: impact.extend({ defeated: z.number(), meanWoundsTaken: z.number() }),
    storm: impact,
    serviceMarks: z.array(z.object({ unitType, formations: z.number(), survived: z.number(), rate: z.number() })),
    disputes: z.array(z.object({ ruleRef: z.string(), count: z.number(), notes: z.array(z.string()), ...trail })),
    byRuling: z.array(
      z.object({ ruling: z.string(), battles: z.number(), factions: z.array(factionResults), meanVpPerSide: z.number(), vpSides: z.number(), ...trail }),
    ),
    ratings: z.object({ sides: z.number(), fun: rating, clarity: rating, confusingRules: z.array(z.object({ rule: z.string(), count: z.number() })) }),
  });
}

const playtestReportSchema = reportSchemaWith({ battleIds: z.array(z.string()) });
const reportFiguresSchema = reportSchemaWith({ battleCount: z.number().int() });

const reportNames = { names: z.record(z.string(), z.string()), factions: z.array(z.object({ id: z.string(), name: z.string() })) };

export const reportsContract = {
  'reports.run': channel(
    'The playtest report over the finished battles a filter selects, with display names for the ids in it',
    reportFilterSchema,
    z.object({ report: playtestReportSchema, ...reportNames }),
    reads('reports', 'battles', 'campaigns', 'rulesets'),
  ),
  'reports.figures': channel(
    "The report's figures on screen: each row with how many battles are behind it, not their ids",
    reportFilterSchema,
    z.object({ report: reportFiguresSchema, ...reportNames }),
    reads('reports', 'battles', 'campaigns', 'rulesets'),
  ),
  'reports.trace': channel(
    'One page of the battles behind a figure of the report (click-through), in the order they were played',
    z.object({
      filter: reportFilterSchema,
      trace: reportTraceSchema,
      offset: z.number().int().min(0).default(0),
      limit: z.number().int().min(1).max(500).default(TRACE_PAGE),
    }),
    z.object({ total: z.number().int(), battles: z.array(playtestBattleSchema) }),
    reads('reports', 'battles', 'campaigns', 'rulesets'),
  ),
  'reports.pdf': channel(
    'The playtest report as a PDF',
    reportFilterSchema.extend({ paperSize: z.enum(PAPER_SIZES).optional() }),
    pdfFileSchema,
    reads('reports', 'battles', 'campaigns', 'rulesets'),
  ),
  'reports.csv': channel(
    'The playtest report as CSV',
    reportFilterSchema,
    z.object({ fileName: z.string(), text: z.string() }),
    reads('reports', 'battles', 'campaigns', 'rulesets'),
  ),
  'reports.battles': channel(
    'The battles behind a figure (click-through)',
    z.object({ ids: z.array(id).max(20_000) }),
    z.array(playtestBattleSchema),
    reads('reports', 'battles', 'campaigns', 'rulesets'),
  ),
  'reports.importBattles': channel(
    'Store playtest records (games played on paper or at another club); a record with a known id replaces it',
    z.object({ battles: z.array(playtestBattleSchema).max(20_000) }),
    z.object({ stored: z.number().int() }),
    writes('reports', 'battles'),
  ),
} as const;
