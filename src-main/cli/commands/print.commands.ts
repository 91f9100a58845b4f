import { CommanderError, type Command } from 'commander';
import { existsSync, writeFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { waitForJob } from '../../backend/jobs/job-manager';
import { startRosterBatch } from '../../backend/jobs/start-batch';
import { CliRefusal, EXIT, withApi, type CliIo, type GlobalOptions } from '../runtime';
import { REQUIRED, subcommand } from '../subcommand';
import { REPORT_FILTER_USAGE, reportFilterOf, type ReportFilterOptions } from '../report-filter';

/**
 * The shared `print` command group: found or created, so every domain can
 * hang its printout beneath it in any registration order (builder adds
 * `print roster`).
 */
export function printCommand(program: Command): Command {
  return program.commands.find((c) => c.name() === 'print') ?? program.command('print').description('print a document to a PDF file');
}

function usage(io: CliIo, message: string): never {
  io.err(message);
  throw new CommanderError(EXIT.USAGE, 'aoa.usage', message);
}

/** The `--paper` option every printout takes, as a usage line. */
export const PAPER_USAGE = { '--paper <size>': 'A4 or LETTER (default: the club setting)' } as const;

/** `--paper` as the API takes it, or a usage error naming what was given. */
export function paperOf(io: CliIo, paper?: string): 'A4' | 'LETTER' | undefined {
  const p = paper?.toUpperCase();
  if (p !== undefined && p !== 'A4' && p !== 'LETTER') usage(io, `--paper must be A4 or LETTER, not "${paper}".`);
  return p as 'A4' | 'LETTER' | undefined;
}

function writeNew(file: string, base64: string): string {
  const target = resolve(file);
  if (existsSync(target)) throw new CliRefusal(`${target} already exists; choose a new file name.`);
  writeFileSync(target, Buffer.from(base64, 'base64'));
  return target;
}

export function registerPrintCommands(program: Command, io: CliIo, globals: () => GlobalOptions): void {
  const print = printCommand(program);
  const done = (g: GlobalOptions, what: string, file: string, pages: number) =>
    io.out(g.json ? JSON.stringify({ file, pages }) : `${what} written to ${file} (${pages} page${pages === 1 ? '' : 's'}).`);

  subcommand(print, globals, 'crib', {
    description: 'the Field Manual crib sheet (a campaign’s pinned rules, a ruleset version, or the newest pack)',
    usage: {
      '--out <file>': ['the PDF file to write', 'crib-sheet.pdf'],
      '--campaign <id>': 'use this campaign’s pinned ruleset and options',
      '--ruleset <versionId>': 'use this ruleset version',
      '--rosters <ids>': 'comma-separated roster ids (at most two): add a page of the special rules they use',
      ...PAPER_USAGE,
    },
    action: async (g, opts: { out: string; campaign?: string; ruleset?: string; rosters?: string; paper?: string }) => {
      const versionId = opts.ruleset !== undefined ? Number(opts.ruleset) : undefined;
      if (versionId !== undefined && !(Number.isInteger(versionId) && versionId > 0)) usage(io, `--ruleset must be a version number, not "${opts.ruleset}".`);
      const r = await withApi(g, (api) =>
        api.call('print.cribSheet', {
          campaignId: opts.campaign,
          rulesetVersionId: versionId,
          rosterIds: opts.rosters?.split(',').filter(Boolean),
          paperSize: paperOf(io, opts.paper),
        }),
      );
      done(g, 'Crib sheet', writeNew(opts.out, r.base64), r.pages);
    },
  });

  subcommand(print, globals, 'briefing', {
    description: 'a campaign mission briefing (missions 1–5)',
    usage: {
      '--mission <n>': ['mission number, 1 to 5', REQUIRED],
      '--out <file>': 'the PDF file to write (default mission-N-briefing.pdf)',
      '--campaign <id>': 'use this campaign’s pinned ruleset and options',
      '--province <id>': 'the battlefield province (default: the first in the pack)',
      '--variant <id>': 'the province’s own variant of the mission (needs --province)',
      ...PAPER_USAGE,
    },
    action: async (g, opts: { mission: string; out?: string; campaign?: string; province?: string; variant?: string; paper?: string }) => {
      const mission = Number(opts.mission);
      if (!Number.isInteger(mission) || mission < 1 || mission > 5) usage(io, `--mission must be 1 to 5, not "${opts.mission}".`);
      const r = await withApi(g, (api) =>
        api.call('print.briefing', {
          mission,
          campaignId: opts.campaign,
          provinceId: opts.province,
          variantId: opts.variant,
          paperSize: paperOf(io, opts.paper),
        }),
      );
      done(g, `Mission ${mission} briefing`, writeNew(opts.out ?? r.fileName, r.base64), r.pages);
    },
  });

  subcommand(print, globals, 'report', {
    description: 'the playtest report over finished battles (the whole club unless narrowed)',
    usage: {
      '--out <file>': ['the PDF (or, ending in .csv, the CSV) file to write', REQUIRED],
      ...REPORT_FILTER_USAGE,
      ...PAPER_USAGE,
    },
    action: async (g, opts: ReportFilterOptions & { out: string; paper?: string }) => {
      const filter = reportFilterOf(io, opts);
      if (opts.out.toLowerCase().endsWith('.csv')) {
        const r = await withApi(g, (api) => api.call('reports.csv', filter));
        const target = resolve(opts.out);
        if (existsSync(target)) throw new CliRefusal(`${target} already exists; choose a new file name.`);
        writeFileSync(target, r.text);
        io.out(g.json ? JSON.stringify({ file: target }) : `Playtest report (CSV) written to ${target}.`);
        return;
      }
      const r = await withApi(g, (api) => api.call('reports.pdf', { ...filter, paperSize: paperOf(io, opts.paper) }));
      done(g, 'Playtest report', writeNew(opts.out, r.base64), r.pages);
    },
  });

  subcommand(print, globals, 'rosters', {
    description: 'army sheets of every roster of campaigns or of the club: one PDF (--out FILE.pdf) or one file per roster (--out DIR)',
    usage: {
      '--campaign <id...>': 'the campaigns whose rosters to print',
      '--all': 'every roster of the club',
      '--out <path>': ['a FILE ending in .pdf for one PDF, otherwise a folder for one file per roster', REQUIRED],
      ...PAPER_USAGE,
    },
    action: async (g, opts: { campaign?: string[]; all?: boolean; out: string; paper?: string }) => {
      if (!!opts.all === !!opts.campaign?.length) usage(io, 'Give either --campaign ID… or --all.');
      const target = resolve(opts.out);
      const single = target.toLowerCase().endsWith('.pdf');
      if (single && existsSync(target)) throw new CliRefusal(`${target} already exists; choose a new file name.`);
      const status = await withApi(g, async (api, backend) => {
        // the CLI's user chose the path on their own command line, so it may name a folder; IPC callers cannot
        const { jobId, total } = await startRosterBatch(backend.ctx, {
          scope: opts.all ? { kind: 'club' } : { kind: 'campaigns', campaignIds: opts.campaign! },
          output: single ? 'single' : 'per-roster',
          outDir: single ? dirname(target) : target,
          fileName: single ? basename(target) : undefined,
          paperSize: paperOf(io, opts.paper),
        });
        if (!g.json) io.err(`Printing ${total} roster${total === 1 ? '' : 's'}…`);
        return waitForJob(backend.ctx, jobId);
      });
      if (status.state !== 'done') throw new CliRefusal(status.error ?? `The batch ${status.state}; no file was written.`);
      if (g.json) io.out(JSON.stringify({ files: status.outputs, rosters: status.total }));
      else
        io.out(
          single ? `${status.total} army sheets written to ${status.outputs[0] ?? target}.` : `${status.outputs.length} army sheets written to ${target}.`,
        );
    },
  });
}
