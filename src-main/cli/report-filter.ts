import { CommanderError } from 'commander';
import type { ReportFilter } from '../../src-shared/reports/battle';
import { EXIT, type CliIo } from './runtime';

/** The report filter's options as a usage list, shared by the commands that narrow battles as `print report` does. */
export const REPORT_FILTER_USAGE = {
  '--campaign <id...>': 'only these campaigns',
  '--from <date>': 'from this date (YYYY-MM-DD)',
  '--to <date>': 'to this date (YYYY-MM-DD)',
  '--faction <id...>': 'only battles with these factions',
  '--mission <n...>': 'only these missions',
  '--source <kind>': 'play: battles played in Play Mode; paper: battles recorded on the post-battle form (both when left out)',
} as const;

export interface ReportFilterOptions {
  campaign?: string[];
  from?: string;
  to?: string;
  faction?: string[];
  mission?: string[];
  source?: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The options as a ReportFilter, or a usage error (exit 2) naming the option at fault. */
export function reportFilterOf(io: CliIo, o: ReportFilterOptions): ReportFilter {
  const usage = (message: string): never => {
    io.err(message);
    throw new CommanderError(EXIT.USAGE, 'aoa.usage', message);
  };
  for (const [name, v] of [
    ['--from', o.from],
    ['--to', o.to],
  ] as const)
    if (v !== undefined && !DATE.test(v)) usage(`${name} must be a date like 2026-11-30, not "${v}".`);
  if (o.from && o.to && o.from > o.to) usage('--from is after --to.');
  const missions = o.mission?.map(Number);
  if (missions?.some((m) => !Number.isInteger(m) || m < 1 || m > 5)) usage('--mission takes numbers 1 to 5.');
  if (o.source !== undefined && o.source !== 'play' && o.source !== 'paper') usage(`--source takes play or paper, not "${o.source}".`);
  return { campaignIds: o.campaign, from: o.from, to: o.to, factionIds: o.faction, missions, source: o.source as ReportFilter['source'] };
}
