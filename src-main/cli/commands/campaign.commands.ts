import type { Command } from 'commander';
import { counted } from '../../../src-shared/naming';
import { existsSync, writeFileSync } from 'node:fs';
import { readBoundedText, fileRefusal } from '../../backend/files/bounded-read';
import { resolve } from 'node:path';
import { CliRefusal, withApi, type CliIo, type GlobalOptions } from '../runtime';
import { REQUIRED, subcommand } from '../subcommand';

/** `campaign list | show ID | export ID --out FILE | import FILE [--dry-run] [--map-player FILE_ID=LEDGER_ID]`: the club ledger from the command line. */
export function registerCampaignCommands(program: Command, io: CliIo, globals: () => GlobalOptions): void {
  const campaign = program.command('campaign').description('list, show, export and import campaigns');

  subcommand(campaign, globals, 'list', {
    description: 'every campaign with its players, mission and allowances',
    usage: { '--status <status>': 'active, finished or abandoned' },
    action: async (g, opts: { status?: 'active' | 'finished' | 'abandoned' }) => {
      if (opts.status && !['active', 'finished', 'abandoned'].includes(opts.status))
        throw new CliRefusal(`Unknown status ${opts.status}: use active, finished or abandoned.`);
      const list = await withApi(g, (api) => api.call('campaigns.list', { status: opts.status, sort: 'name' }));
      if (g.json) return io.out(JSON.stringify(list, null, 2));
      if (list.length === 0) return io.out('No campaigns yet.');
      for (const c of list)
        io.out(
          `${c.id}  ${c.name}  [${c.status}, mission ${c.currentMission}${c.nonStandard ? ', non-standard' : ''}]  ` +
            c.seats.map((s) => `${s.playerName} (${s.factionName}) ${s.allowance} RP`).join(' vs '),
        );
    },
  });

  subcommand(campaign, globals, 'show', {
    description: 'one campaign: allowances explained, inventory, recorded missions',
    usage: { '<id>': 'the campaign ID' },
    action: async (g, id: string) => {
      const j = await withApi(g, (api) => api.call('ledger.journal', { campaignId: id }));
      if (g.json) return io.out(JSON.stringify(j, null, 2));
      const c = j.campaign;
      io.out(
        `${c.name} (${c.id})\nStatus ${c.status}, mission ${c.currentMission}, ruleset ${c.rulesetName}${c.nonStandard ? ', NON-STANDARD (alternating activations)' : ''}`,
      );
      for (const p of j.players) {
        io.out(`\n${p.playerName}: allowance ${p.allowance} RP`);
        for (const l of p.explanation)
          io.out(`  ${l.amount >= 0 ? '+' : ''}${l.amount}\t${l.reason}${l.mission ? ` (mission ${l.mission})` : ''}\t= ${l.running}`);
        for (const f of p.inventory.formations)
          io.out(
            `  ${f.name}: ${counted(f.serviceMarks, 'mark')}, rank ${f.rank ?? '-'}, ${counted(f.veteranSixes, 'Veteran Six', 'Veteran Sixes')}${f.cryptidVeteran ? ', Cryptid Veteran' : ''}`,
          );
        if (p.inventory.cryptidDice.length) io.out(`  Cryptid Dice: ${p.inventory.cryptidDice.length}`);
        for (const t of p.inventory.trophies) io.out(`  Trophy ${t.name}: ${t.status}`);
      }
      io.out('\nTimeline:');
      for (const e of j.events) io.out(`  ${e.seq}. ${e.createdAt.slice(0, 16).replace('T', ' ')}  ${e.summary}${e.undone ? ' (undone)' : ''}`);
    },
  });

  subcommand(campaign, globals, 'export', {
    description: 'write one campaign (or all with --all) to a portable file',
    usage: { '[id]': 'the campaign ID', '--all': 'every campaign', '--out <file>': ['where to write the file', REQUIRED] },
    action: async (g, id: string | undefined, opts: { out: string; all?: boolean }) => {
      if (!id && !opts.all) throw new CliRefusal('Name a campaign ID, or pass --all.');
      const target = resolve(opts.out);
      if (existsSync(target)) throw new CliRefusal(`${target} already exists; choose a new file name.`);
      const file = await withApi(g, (api) => api.call('campaigns.export', opts.all ? {} : { ids: [id!] }));
      writeFileSync(target, file.json);
      if (g.json) io.out(JSON.stringify({ file: target, campaigns: file.campaigns }));
      else io.out(`Wrote ${file.campaigns} campaign${file.campaigns === 1 ? '' : 's'} to ${target}`);
    },
  });

  subcommand(campaign, globals, 'import', {
    description: 'merge a campaign file into this ledger (nothing is duplicated; a conflicting file is refused)',
    usage: {
      '<file>': 'a file written by campaign export',
      '--dry-run': 'say what the import would add, clash with or find different, and write nothing',
      '--map-player <pairs>': 'FILE_ID=LEDGER_ID[,…]: import a file’s player as this ledger’s existing player (a name clash --dry-run names)',
    },
    action: async (g, file: string, opts: { dryRun?: boolean; mapPlayer?: string }) => {
      const mapPlayers: Record<string, string> = {};
      for (const pair of (opts.mapPlayer ?? '').split(',').filter(Boolean)) {
        const [from, to, ...rest] = pair.split('=').map((s) => s.trim());
        if (!from || !to || rest.length) throw new CliRefusal(`--map-player takes FILE_ID=LEDGER_ID pairs, not "${pair}".`);
        mapPlayers[from] = to;
      }
      let json: string;
      try {
        json = readBoundedText(resolve(file), 'campaign file');
      } catch (e) {
        throw fileRefusal(e, 'file');
      }
      if (opts.dryRun) {
        const preview = await withApi(g, (api) => api.call('campaigns.importPreview', { json, mapPlayers }));
        io.out(g.json ? JSON.stringify(preview) : preview.lines.join('\n'));
        return;
      }
      const r = await withApi(g, async (api) => {
        const importing = api.call('campaigns.import', { json, mapPlayers });
        // a large file merges in the worker: say how far it has got, on a terminal, once a second
        if (!process.stderr.isTTY || g.json) return importing;
        const timer = setInterval(() => {
          void api.call('campaigns.importProgress', {}).then(([p]) => {
            if (p) io.err(p.phase === 'checking' ? 'Checking the file…' : `Merging: ${p.done.toLocaleString('en')} of ${p.total.toLocaleString('en')} rows`);
          });
        }, 1000);
        try {
          return await importing;
        } finally {
          clearInterval(timer);
        }
      });
      if (g.json) io.out(JSON.stringify(r));
      else
        io.out(
          `Imported ${counted(r.campaigns, 'campaign')}: ${r.campaignsAdded} new, ${counted(r.eventsAdded, 'event')}, ${counted(r.entriesAdded, 'entry', 'entries')} and ${counted(r.rostersAdded, 'roster')} added` +
            (r.playersAdded > 0 ? `, ${counted(r.playersAdded, 'new player')}` : '') +
            // a file's game data this ledger lacked: kept as a version of its own, beside the ledger's (`ruleset list`)
            (r.rulesetVersionsAdded > 0 ? `, ${counted(r.rulesetVersionsAdded, 'ruleset version')} stored beside this ledger's` : '') +
            (r.eventsAdded === 0 && r.rostersAdded === 0 && r.playersAdded === 0 ? ' (already up to date)' : ''),
        );
    },
  });
}
