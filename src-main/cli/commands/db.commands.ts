import type { Command } from 'commander';
import { resolve } from 'node:path';
import { listBackups, newestBackup, writeSnapshot } from '../../backend/db/backup';
import { restoreLedger } from '../../backend/db/restore';
import { checkedInputFile } from '../../backend/files/bounded-read';
import { acquireDataDirLock } from '../../backend/lock';
import { chosenDatabase, ledgerPaths } from '../../backend/paths';
import { readLeagueChoice } from '../../backend/league-choice';
import { CliRefusal, resolveDataDir, withApi, type CliIo, type GlobalOptions } from '../runtime';
import { REQUIRED, subcommand } from '../subcommand';
import { existsSync } from 'node:fs';

/** Backups and restores are of the ledger file; a league lives on its server (`league pull` copies it to a file). */
function refuseInLeague(g: GlobalOptions, command: string): void {
  if (chosenDatabase(g.database) ?? readLeagueChoice(resolveDataDir(g)))
    throw new CliRefusal(
      `"${command}" works on the ledger file in the data folder, and a league database was chosen (--database or AOA_DATABASE_URL): copy a league to a file with "aoa league pull --to FILE", and restore it on its server.`,
    );
}

export function registerDbCommands(program: Command, io: CliIo, globals: () => GlobalOptions): void {
  subcommand(program.command('db').description('check the ledger database'), globals, 'check', {
    description: 'integrity and foreign-key check of the ledger, and an audit of its campaigns (exit 1 when a problem is found)',
    action: async (g) => {
      const report = await withApi(g, (api) => api.call('db.check', {}));
      if (g.json) io.out(JSON.stringify(report, null, 2));
      else if (report.ok) io.out('Ledger OK: integrity and foreign keys check out, and every campaign adds up.');
      else
        io.out(
          [
            'Problems found:',
            ...report.integrity,
            ...report.foreignKeys,
            ...(report.ledger ?? []).map(
              (p) => `${p.campaignName ? `Campaign "${p.campaignName}" (${p.campaignId}), ` : ''}${p.table} row ${p.rowId}: ${p.problem}`,
            ),
            ...(report.ledger?.length ? ['Restore a backup from before the damage (aoa backups, aoa restore FILE), or correct the rows named above.'] : []),
          ].join('\n'),
        );
      if (!report.ok) throw new CliRefusal('The ledger failed its check.', report);
    },
  });

  subcommand(program, globals, 'backup', {
    description: 'write a consistent copy of the ledger to FILE',
    usage: { '--out <file>': ['where to write the backup', REQUIRED] },
    action: async (g, opts: { out: string }) => {
      refuseInLeague(g, 'backup');
      const paths = ledgerPaths(resolveDataDir(g));
      // opening the backend first makes sure the ledger exists and is current
      await withApi(g, async () => undefined);
      const target = resolve(opts.out);
      if (existsSync(target)) throw new CliRefusal(`${target} already exists; choose a new file name.`);
      writeSnapshot(paths.database, target);
      if (g.json) io.out(JSON.stringify({ file: target }));
      else io.out(`Backup written to ${target}`);
    },
  });

  subcommand(program, globals, 'restore', {
    description: 'replace the ledger with FILE, or with the newest backup (--latest); the current ledger is kept as a backup, or set aside when damaged',
    usage: { '[file]': 'a backup written by this app', '--latest': 'restore the newest backup in the data folder' },
    action: async (g, file: string | undefined, opts: { latest?: boolean }, cmd: Command) => {
      refuseInLeague(g, 'restore');
      const paths = ledgerPaths(resolveDataDir(g));
      if (!file === !opts.latest) cmd.error('Name a backup FILE or pass --latest (one of the two).');
      let source = file ? resolve(file) : undefined;
      if (!source) {
        const newest = newestBackup(paths.backups);
        if (!newest) throw new CliRefusal(`There are no backups in ${paths.backups} to restore.`);
        source = newest.file;
      }
      // the file is looked at before the data folder is locked: a folder or a device is refused as every file door refuses it
      checkedInputFile(source, 'ledger file', 'file');
      const lock = acquireDataDirLock(paths.lock, 'cli restore');
      try {
        const { previousBackup, damagedKeptAs } = restoreLedger({ source, database: paths.database, backupDir: paths.backups });
        if (g.json) io.out(JSON.stringify({ restored: source, previousBackup: previousBackup ?? null, damagedKeptAs: damagedKeptAs ?? null }));
        else {
          io.out(`Restored ${source}.`);
          if (previousBackup) io.out(`The previous ledger was kept as ${previousBackup}.`);
          if (damagedKeptAs) io.out(`The damaged ledger was set aside, unchanged, as ${damagedKeptAs}.`);
        }
      } finally {
        lock.release();
      }
    },
  });

  subcommand(program, globals, 'backups', {
    description: 'list the backups in the data folder, newest first',
    action: (g) => {
      const list = listBackups(ledgerPaths(resolveDataDir(g)).backups);
      if (g.json) io.out(JSON.stringify(list, null, 2));
      else if (list.length === 0) io.out('No backups yet.');
      else for (const b of list) io.out(`${b.createdAt}  ${b.reason.padEnd(16)} ${Math.ceil(b.bytes / 1024)} KB  ${b.file}`);
    },
  });
}
