import { z } from 'zod';
import { reads, writes } from './effects';
import { channel } from './define';
import { PAPER_SIZES } from '../settings';
import { playtestBattleSchema, reportFilterSchema } from '../reports/battle';
import { USAGE_KINDS } from '../reports/aggregate';
import { pdfFileSchema } from './print.contract';

/** Playtest reports (issue 7): the figures on screen, as PDF and as CSV, and the battles behind them. */

const id = z.string().min(1).max(64);
const ids = z.array(z.string());
const factionRow = z.object({
  factionId: z.string(),
  games: z.number(),
  wins: z.number(),
  draws: z.number(),
  losses: z.number(),
  winRate: z.number(),
  battleIds: ids,
});
const impact = z.object({ battles: z.number(), frequency: z.number(), meanWoundsDealt: z.number(), battleIds: ids });

export const playtestReportSchema = z.object({
  games: z.number(),
  battleIds: ids,
  sequences: z.object({ bag: z.number(), alternating: z.number() }),
  byFaction: z.array(factionRow),
  matchups: z.array(
    z.object({ factionA: z.string(), factionB: z.string(), games: z.number(), winsA: z.number(), winsB: z.number(), draws: z.number(), battleIds: ids }),
  ),
  roundTimes: z.array(z.object({ round: z.number(), meanSeconds: z.number(), battles: z.number() })),
  meanBattleSeconds: z.number(),
  wounds: z.array(
    z.object({
      factionId: z.string(),
      unitType: z.enum(['command', 'core', 'elite', 'skirmisher', 'heavy']),
      ranged: z.number(),
      melee: z.number(),
      battleIds: ids,
    }),
  ),
  woundTotals: z.object({ ranged: z.number(), melee: z.number() }),
  vpBySource: z.array(z.object({ source: z.enum(['objectives', 'relic', 'secondary', 'cryptidHunt']), total: z.number(), meanPerSide: z.number() })),
  usage: z.array(z.object({ kind: z.enum(USAGE_KINDS), id: z.string(), uses: z.number(), battles: z.number(), battleIds: ids })),
  uncloak: z.array(z.object({ round: z.number(), count: z.number(), battleIds: ids })),
  cryptid: impact.extend({ defeated: z.number(), meanWoundsTaken: z.number() }),
  storm: impact,
  serviceMarks: z.array(
    z.object({ unitType: z.enum(['command', 'core', 'elite', 'skirmisher', 'heavy']), formations: z.number(), survived: z.number(), rate: z.number() }),
  ),
  disputes: z.array(z.object({ ruleRef: z.string(), count: z.number(), notes: z.array(z.string()), battleIds: ids })),
  byRuling: z.array(
    z.object({
      ruling: z.string(),
      battles: z.number(),
      factions: z.array(factionRow.omit({ battleIds: true })),
      meanVpPerSide: z.number(),
      battleIds: ids,
    }),
  ),
});

export const reportsContract = {
  'reports.run': channel(
    'The playtest report over the finished battles a filter selects, with display names for the ids in it',
    reportFilterSchema,
    z.object({ report: playtestReportSchema, names: z.record(z.string(), z.string()), factions: z.array(z.object({ id: z.string(), name: z.string() })) }),
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
