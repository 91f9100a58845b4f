import type { Command } from 'commander';
import { existsSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CliRefusal, withApi, type CliIo, type GlobalOptions } from '../runtime';
import { REQUIRED, subcommand } from '../subcommand';
import { REPORT_FILTER_USAGE, reportFilterOf, type ReportFilterOptions } from '../report-filter';

/** `aoa playtest export`: the club's playtest bundle for the game's designer (issue 36). */
export function registerPlaytestCommands(program: Command, io: CliIo, globals: () => GlobalOptions): void {
  const playtest = program.command('playtest').description('playtest results to send the game’s designer');

  subcommand(playtest, globals, 'export', {
    description: 'write a playtest bundle of the club’s finished battles (players as pseudonyms unless --include-names)',
    usage: {
      '--out <file>': ['the bundle file to write (.json, or .json.gz with --gzip)', REQUIRED],
      '--include-names': 'put the players’ names in the bundle (off: each player is a pseudonym)',
      '--club-name <name>': 'name the club in the bundle (off: the club is anonymous)',
      '--gzip': 'gzip the file',
      ...REPORT_FILTER_USAGE,
    },
    action: async (g, opts: ReportFilterOptions & { out: string; includeNames?: boolean; clubName?: string; gzip?: boolean }) => {
      const filter = reportFilterOf(io, opts);
      const target = resolve(opts.out);
      if (existsSync(target)) throw new CliRefusal(`${target} already exists; choose a new file name.`);
      const r = await withApi(g, (api) =>
        api.call('playtest.export', { filter, includeNames: !!opts.includeNames, clubName: opts.clubName, gzip: !!opts.gzip }),
      );
      writeFileSync(target, Buffer.from(r.base64, 'base64'), { flag: 'wx' });
      const summary = {
        file: target,
        records: r.records,
        players: r.players,
        namesIncluded: r.namesIncluded,
        club: r.club.name ?? null,
        contentHash: r.contentHash,
      };
      io.out(
        g.json
          ? JSON.stringify(summary)
          : `Playtest bundle written to ${target}: ${r.records} battle${r.records === 1 ? '' : 's'}, ${r.players} player${r.players === 1 ? '' : 's'} ` +
              `${r.namesIncluded ? 'with their names' : 'as pseudonyms'}, ${r.club.name ? `from ${r.club.name}` : 'the club anonymous'}.`,
      );
    },
  });
}
