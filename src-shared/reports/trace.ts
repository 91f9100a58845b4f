import { z } from 'zod';
import { nameText } from '../text-policy.schema';
import { UNIT_TYPES } from './battle';
import { USAGE_KINDS, type PlaytestReport } from './aggregate';

/**
 * One figure of the report whose battles can be listed: the screen sends the figures with their counts, and a click
 * on one asks for its battles a page at a time (reports.trace), instead of every figure's ids with the report.
 */
const key = z.string().min(1).max(200);
export const reportTraceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('faction'), factionId: key }),
  z.object({ kind: z.literal('matchup'), factionA: key, factionB: key }),
  z.object({ kind: z.literal('wounds'), factionId: key, unitType: z.enum(UNIT_TYPES) }),
  z.object({ kind: z.literal('usage'), usageKind: z.enum(USAGE_KINDS), id: key }),
  z.object({ kind: z.literal('uncloak'), round: z.number().int().min(1).max(20) }),
  z.object({ kind: z.literal('cryptid') }),
  z.object({ kind: z.literal('storm') }),
  // a stored dispute's rule reference, under the same policy as when it was stored
  z.object({ kind: z.literal('dispute'), ruleRef: nameText(200, { min: 1 }) }),
  z.object({ kind: z.literal('ruling'), ruling: key }),
]);
export type ReportTrace = z.infer<typeof reportTraceSchema>;
export type TraceKind = ReportTrace['kind'];

type TraceOf<K extends TraceKind> = Extract<ReportTrace, { kind: K }>;

/** Where each kind of figure keeps its battle ids in the full report (typed: a new kind without its place does not compile). */
const IDS_IN_REPORT: { [K in TraceKind]: (r: PlaytestReport, t: TraceOf<K>) => string[] | undefined } = {
  faction: (r, t) => r.byFaction.find((f) => f.factionId === t.factionId)?.battleIds,
  matchup: (r, t) => r.matchups.find((m) => m.factionA === t.factionA && m.factionB === t.factionB)?.battleIds,
  wounds: (r, t) => r.wounds.find((w) => w.factionId === t.factionId && w.unitType === t.unitType)?.battleIds,
  usage: (r, t) => r.usage.find((u) => u.kind === t.usageKind && u.id === t.id)?.battleIds,
  uncloak: (r, t) => r.uncloak.find((u) => u.round === t.round)?.battleIds,
  cryptid: (r) => r.cryptid.battleIds,
  storm: (r) => r.storm.battleIds,
  dispute: (r, t) => r.disputes.find((d) => d.ruleRef === t.ruleRef)?.battleIds,
  ruling: (r, t) => r.byRuling.find((x) => x.ruling === t.ruling)?.battleIds,
};

/** The battles behind one figure of a full report, in battle order; none when the report has no such figure. */
export function tracedIds(r: PlaytestReport, t: ReportTrace): string[] {
  return (IDS_IN_REPORT[t.kind] as (r: PlaytestReport, t: ReportTrace) => string[] | undefined)(r, t) ?? [];
}

/** How many battles one page of a figure's click-through lists. */
export const TRACE_PAGE = 50;
