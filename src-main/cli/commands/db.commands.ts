import type { Command } from 'commander';
import { resolve } from 'node:path';
import { writeSnapshot } from '../../backend/db/backup';
import { restoreLedger } from '../../backend/db/restore';
import { acquireDataDirLock } from '../../backend/lock';
import { ledgerPaths } from '../../backend/paths';
import { CliRefusal, resolveDataDir, withApi, type CliIo, type GlobalOptions } from '../runtime';
import { existsSync } from 'node:fs';

export function registerDbCommands(program: Command, io: CliIo, globals: () => GlobalOptions): void {
  const db = program.command('db').description('check the ledger database');
  db.command('check')
    .description('integrity and foreign-key check of the ledger (exit 1 when a problem is found)')
    .action(async () => {
      const g = globals();
      const report = await withApi(g, (api) => api.call('db.check', {}));
      if (g.json) io.out(JSON.stringify(report, null, 2));
      else if (report.ok) io.out('Ledger OK: integrity and foreign keys check out.');
      else io.out(['Problems found:', ...report.integrity, ...report.foreignKeys].join('\n'));
      if (!report.ok) throw new CliRefusal('The ledger failed its check.', report);
    });

  program
    .command('backup')
    .description('write a consistent copy of the ledger to FILE')
    .requiredOption('--out <file>', 'where to write the backup')
    .action(async (opts: { out: string }) => {
      const g = globals();
      const paths = ledgerPaths(resolveDataDir(g));
      // opening the backend first makes sure the ledger exists and is current
      await withApi(g, async () => undefined);
      const target = resolve(opts.out);
      if (existsSync(target)) throw new CliRefusal(`${target} already exists; choose a new file name.`);
      writeSnapshot(paths.database, target);
      if (g.json) io.out(JSON.stringify({ file: target }));
      else io.out(`Backup written to ${target}`);
    });

  program
    .command('restore')
    .description('replace the ledger with FILE (the current ledger is kept as a backup)')
    .argument('<file>', 'a backup written by this app')
    .action(async (file: string) => {
      const g = globals();
      const paths = ledgerPaths(resolveDataDir(g));
      const lock = acquireDataDirLock(paths.lock, 'cli restore');
      try {
        const { previousBackup } = restoreLedger({ source: resolve(file), database: paths.database, backupDir: paths.backups });
        if (g.json) io.out(JSON.stringify({ restored: resolve(file), previousBackup: previousBackup ?? null }));
        else io.out(`Restored ${resolve(file)}.${previousBackup ? ` The previous ledger was kept as ${previousBackup}.` : ''}`);
      } finally {
        lock.release();
      }
    });
}
