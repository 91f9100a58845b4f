import type { Command } from 'commander';
import { existsSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CHANGE_CATEGORIES, type PackChange } from '../../../src-shared/ruleset/diff';
import { readBoundedText, fileRefusal } from '../../backend/files/bounded-read';
import { CliRefusal, withApi, type CliIo, type GlobalOptions } from '../runtime';
import { subcommand } from '../subcommand';

const CATEGORY_TITLES: Record<(typeof CHANGE_CATEGORIES)[number], string> = {
  costs: 'Costs',
  profiles: 'Profiles and weapons',
  rules: 'Rules and tables',
  options: 'Rule options',
  other: 'Other',
};

function versionId(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new CliRefusal(`"${value}" is not a version id; \`ruleset list\` shows them in the first column.`);
  return n;
}

const show = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

function formatChange(c: PackChange): string {
  if (c.kind === 'added') return `  + ${c.label}${c.after !== undefined && typeof c.after !== 'string' ? `: ${show(c.after)}` : ''}`;
  if (c.kind === 'removed') return `  - ${c.label}`;
  return `  ~ ${c.label}: ${show(c.before)} → ${show(c.after)}`;
}

export function registerRulesetCommands(program: Command, io: CliIo, globals: () => GlobalOptions): void {
  const ruleset = program.command('ruleset').description('ruleset packs: the game’s data, stored as versions');

  subcommand(ruleset, globals, 'list', {
    description: 'every stored pack version, newest first',
    action: async (g) => {
      const list = await withApi(g, (api) => api.call('rulesets.list', {}));
      if (g.json) return io.out(JSON.stringify(list, null, 2));
      io.out(
        ['id'.padStart(4), 'pack'.padEnd(16), 'v'.padStart(3), 'name'.padEnd(24), 'data version'.padEnd(20), 'origin'.padEnd(8), 'campaigns', ' note'].join(
          ' ',
        ),
      );
      for (const v of list)
        io.out(
          [
            String(v.id).padStart(4),
            v.packId.padEnd(16),
            String(v.version).padStart(3),
            v.name.padEnd(24),
            v.dataVersion.padEnd(20),
            v.origin.padEnd(8),
            String(v.campaigns).padStart(9),
            ` ${v.note}`,
          ].join(' '),
        );
    },
  });

  subcommand(ruleset, globals, 'export', {
    description: 'print a pack version as JSON (the newest default pack unless a version is given)',
    usage: {
      // `aoa --version` (before the command) prints the app's version; after `ruleset export` it is the pack version.
      '[id]': 'version id, as `ruleset list` shows it (same as --version=ID)',
      '-v, --version <id>': 'version id, as `ruleset list` shows it',
      '--out <file>': 'write to FILE instead of printing',
    },
    action: async (g, positional: string | undefined, opts: { version?: string; out?: string }) => {
      if (positional !== undefined && opts.version !== undefined && positional !== opts.version)
        throw new CliRefusal(`Two different versions were given (${positional} and ${opts.version}); give one.`);
      const given = opts.version ?? positional;
      const id = given === undefined ? undefined : versionId(given);
      const file = await withApi(g, (api) => api.call('rulesets.export', id === undefined ? {} : { versionId: id }));
      if (!opts.out) return io.out(file.text.trimEnd());
      const target = resolve(opts.out);
      if (existsSync(target)) throw new CliRefusal(`${target} already exists; choose a new file name.`);
      writeFileSync(target, file.text);
      io.out(g.json ? JSON.stringify({ file: target }) : `Pack written to ${target}`);
    },
  });

  subcommand(ruleset, globals, 'import', {
    description: 'import a pack from a JSON file as a new version; nothing is stored unless the whole file is valid',
    usage: { '<file>': 'the pack file', '--note <text>': ['why this version exists', ''] },
    action: async (g, file: string, opts: { note: string }) => {
      const path = resolve(file);
      if (!existsSync(path)) throw new CliRefusal(`There is no file ${path}.`);
      let text: string;
      try {
        text = readBoundedText(path, 'ruleset pack');
      } catch (e) {
        throw fileRefusal(e, 'file');
      }
      const v = await withApi(g, (api) => api.call('rulesets.import', { text, note: opts.note }));
      // one pack, one version: the same content again is the version that holds it, and nothing new is stored
      const said = v.alreadyStored
        ? `${v.name} is already stored as ${v.packId} version ${v.version} (id ${v.id}): nothing new was stored.`
        : `Imported ${v.name} as ${v.packId} version ${v.version} (id ${v.id}).`;
      io.out(g.json ? JSON.stringify(v, null, 2) : said);
    },
  });

  subcommand(ruleset, globals, 'diff', {
    description: 'what changed from version A to version B (ids from `ruleset list`)',
    usage: { '<a>': 'the older version id', '<b>': 'the newer version id' },
    action: async (g, a: string, b: string) => {
      const d = await withApi(g, (api) => api.call('rulesets.diff', { a: versionId(a), b: versionId(b) }));
      if (g.json) return io.out(JSON.stringify(d, null, 2));
      io.out(
        `${d.a.name} v${d.a.version} (id ${d.a.id}) → ${d.b.name} v${d.b.version} (id ${d.b.id}): ${d.changes.length} change${d.changes.length === 1 ? '' : 's'}`,
      );
      for (const cat of CHANGE_CATEGORIES) {
        const list = d.changes.filter((c) => c.category === cat);
        if (!list.length) continue;
        io.out(`${CATEGORY_TITLES[cat]} (${list.length})`);
        for (const c of list) io.out(formatChange(c));
      }
    },
  });
}
