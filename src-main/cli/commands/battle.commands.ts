import type { Command } from 'commander';
import { existsSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { counted } from '../../../src-shared/naming';
import { CliRefusal, withApi, type CliIo, type GlobalOptions } from '../runtime';
import { subcommand } from '../subcommand';

const STATUSES = ['in_progress', 'finished', 'abandoned'] as const;

/** `battle list [--status S] [--campaign ID]` and `battle export ID [--out FILE]`: recorded battles from the command line. */
export function registerBattleCommands(program: Command, io: CliIo, globals: () => GlobalOptions): void {
  const battle = program.command('battle').description('list and export battles recorded in Play Mode');

  subcommand(battle, globals, 'list', {
    description: 'every battle, newest first',
    usage: { '--status <status>': 'in_progress, finished or abandoned', '--campaign <id>': 'only this campaign’s battles' },
    action: async (g, opts: { status?: (typeof STATUSES)[number]; campaign?: string }) => {
      if (opts.status && !STATUSES.includes(opts.status)) throw new CliRefusal(`Unknown status ${opts.status}: use ${STATUSES.join(', ')}.`);
      const list = await withApi(g, (api) => api.call('battles.list', { status: opts.status, campaignId: opts.campaign }));
      if (g.json) return io.out(JSON.stringify(list, null, 2));
      if (list.length === 0) return io.out('No battles recorded yet.');
      for (const b of list) {
        const game = b.mode === 'campaign' ? `${b.campaignName ?? b.campaignId}, mission ${b.mission}` : b.mode;
        io.out(
          `${b.id}  ${b.startedAt.slice(0, 10)}  ${b.players.join(' v ')}  [${b.status.replace('_', ' ')}, ${game}, round ${b.round || 'setup'}, ${counted(b.events, 'event')}]`,
        );
      }
    },
  });

  subcommand(battle, globals, 'export', {
    description: 'one battle as JSON: setup, the whole record and the outcome (to standard output, or --out FILE)',
    usage: { '<id>': 'the battle id', '--out <file>': 'write to this new file instead of printing' },
    action: async (g, id: string, opts: { out?: string }) => {
      const file = await withApi(g, (api) => api.call('battles.export', { battleId: id }));
      if (!opts.out) return io.out(file.json);
      const target = resolve(opts.out);
      if (existsSync(target)) throw new CliRefusal(`${target} already exists; choose a new file name.`);
      writeFileSync(target, file.json);
      io.out(g.json ? JSON.stringify({ file: target }) : `Battle written to ${target}.`);
    },
  });
}
