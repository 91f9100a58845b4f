import { CommanderError, type Command } from 'commander';
import { existsSync, writeFileSync } from 'node:fs';
import { readBoundedText } from '../../backend/files/bounded-read';
import { describeJsonError } from '../../../src-shared/ruleset/parse';
import { resolve } from 'node:path';
import { issuesFromZod } from '../../../src-shared/errors';
import { rosterFileSchema, rosterSchema, type Roster } from '../../../src-shared/roster/schema';
import { rosterViolations } from '../../../src-shared/roster/validate';
import { armyListText } from '../../../src-shared/roster/army-list-text';
import { getBundledPack } from '../../../src-shared/ruleset/bundled';
import { CliRefusal, EXIT, withApi, type CliIo, type GlobalOptions } from '../runtime';
import { REQUIRED, subcommand } from '../subcommand';
import { PAPER_USAGE, paperOf, printCommand } from './print.commands';
import { counted } from '../../../src-shared/naming';

/** Exit 2 with the problem named: the file could not be read or is not a roster (issue 4, acceptance 4). */
function unreadable(io: CliIo, message: string): never {
  io.err(message);
  throw new CommanderError(EXIT.USAGE, 'aoa.unreadable', message);
}

/** A roster file (export format) or a bare roster object. */
function readRosterFile(io: CliIo, file: string): Roster {
  const path = resolve(file);
  let text: string;
  try {
    text = readBoundedText(path, 'roster');
  } catch (e) {
    return unreadable(io, (e as Error).message);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return unreadable(io, `${path} is not valid JSON: ${describeJsonError(text, e as Error)}.`);
  }
  const isFile = typeof raw === 'object' && raw !== null && 'format' in raw;
  const parsed = isFile ? rosterFileSchema.safeParse(raw) : rosterSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = issuesFromZod(parsed.error).map((i) => `  - ${i.path.length ? i.path.join('.') : '(file)'}: ${i.message}`);
    return unreadable(io, `${path} is not a valid roster:\n${lines.join('\n')}`);
  }
  return 'roster' in parsed.data ? parsed.data.roster : (parsed.data as Roster);
}

export function registerRosterCommands(program: Command, io: CliIo, globals: () => GlobalOptions): void {
  const roster = program.command('roster').description('army rosters: validate files, list, export');

  subcommand(roster, globals, 'validate', {
    description: 'check a roster file against the recruitment rules (exit 0 legal, 1 rules broken, 2 unreadable file)',
    usage: {
      '<file>': 'a roster exported by the app (.json)',
      '--allowance <points>': 'the points the roster may spend (a campaign allowance)',
      '--standalone': "check against the standalone limit (the default pack's 500)",
    },
    action: (g, file: string, opts: { allowance?: string; standalone?: boolean }) => {
      if (opts.allowance !== undefined && opts.standalone) unreadable(io, 'Give either --allowance or --standalone, not both.');
      const r = readRosterFile(io, file);
      // The file's ruleset version id belongs to the ledger it came from; the CLI checks against the bundled pack.
      const pack = getBundledPack();
      let allowance = pack.economy.standaloneLimit;
      if (opts.allowance !== undefined) {
        allowance = Number(opts.allowance);
        if (!Number.isInteger(allowance) || allowance < 0) unreadable(io, `--allowance must be a whole number of points, not "${opts.allowance}".`);
      }
      const res = rosterViolations(r, pack, { allowance });
      if (g.json) io.out(JSON.stringify({ valid: res.valid, points: res.points, violations: res.violations }, null, 2));
      else {
        io.out(`${r.name}: ${res.points.spent} of ${allowance} points, ${counted(res.models, 'model')}.`);
        if (res.valid) io.out('Legal: no recruitment rule is broken.');
        else for (const v of res.violations) io.out(`${v.code}  ${v.message}`);
      }
      if (!res.valid) throw new CliRefusal(`${res.violations.length} recruitment rule${res.violations.length === 1 ? '' : 's'} broken.`, res.violations);
    },
  });

  subcommand(roster, globals, 'list', {
    description: 'list rosters, newest first',
    usage: { '--search <text>': 'only rosters whose name, player or faction contains this', '--player <id>': 'only this player' },
    action: async (g, opts: { search?: string; player?: string }) => {
      const rows = await withApi(g, (api) => api.call('rosters.list', { search: opts.search, playerId: opts.player }));
      if (g.json) return io.out(JSON.stringify(rows, null, 2));
      if (rows.length === 0) return io.out('No rosters.');
      for (const r of rows) {
        io.out(
          `${r.id}  ${r.name}  (${r.playerName}, ${r.factionId}, ${r.mode}${r.campaignName ? `: ${r.campaignName}` : ''})  ${r.points} pts  ${r.valid ? 'legal' : 'draft'}`,
        );
      }
    },
  });

  subcommand(roster, globals, 'export', {
    description: 'write a roster as a JSON file, or with --text as the army list players paste into a chat (to stdout without --out)',
    usage: {
      '<id>': 'roster id (see roster list)',
      '--out <file>': 'where to write it',
      '--text': 'the compact army list as plain text instead of the JSON file',
    },
    action: async (g, id: string, opts: { out?: string; text?: boolean }) => {
      const { text } = await withApi(g, async (api) => {
        if (!opts.text) return api.call('rosters.export', { id });
        const d = await api.call('rosters.get', { id });
        return { text: armyListText(d.roster, d.pack, { allowance: d.allowance }) };
      });
      if (!opts.out) return io.out(text);
      const target = resolve(opts.out);
      writeFileSync(target, text);
      io.out(`Roster written to ${target}`);
    },
  });

  subcommand(printCommand(program), globals, 'roster', {
    description: "a roster's army sheet (refused for a roster that breaks the rules unless --draft)",
    usage: {
      '<id>': 'roster id (see roster list)',
      '--out <file>': ['the PDF file to write', REQUIRED],
      '--draft': 'print a marked draft even if the roster breaks the rules',
      ...PAPER_USAGE,
    },
    action: async (g, id: string, opts: { out: string; draft?: boolean; paper?: string }) => {
      const paper = paperOf(io, opts.paper);
      const target = resolve(opts.out);
      if (existsSync(target)) throw new CliRefusal(`${target} already exists; choose a new file name.`);
      const out = await withApi(g, (api) => api.call('print.rosterPdf', { id, draft: !!opts.draft, paperSize: paper }));
      writeFileSync(target, Buffer.from(out.base64, 'base64'));
      if (g.json) io.out(JSON.stringify({ file: target, pages: out.pages }));
      else io.out(`Army sheet written to ${target} (${out.pages} page${out.pages === 1 ? '' : 's'}).`);
    },
  });
}
