import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { maintenanceContract } from '../../../src-shared/contract/maintenance.contract';
import { AppError } from '../../../src-shared/errors';
import { defineHandlers } from './define';

/** A league lives on its server: copies are taken with "aoa league pull" (or the server's own backups), not as files here. */
export function leagueHasNoFileBackups(): AppError {
  return new AppError(
    'CONFLICT',
    'This app is recording to a league database, which is not a file in the data folder: take a complete offline copy with "aoa league pull --to FILE", and restore a league on its server.',
  );
}

export const maintenanceHandlers = defineHandlers(maintenanceContract, {
  'backups.restore': async ({ file }, ctx) => {
    if (ctx.dialect === 'postgres') throw leagueHasNoFileBackups();
    // The schema already refuses separators; basename() is the belt to that brace.
    const source = join(ctx.paths.backups, basename(file));
    if (!existsSync(source)) throw new AppError('NOT_FOUND', `There is no backup called ${file} any more.`, { path: ['file'] });
    if (!ctx.ledgerControl) throw new AppError('INTERNAL', 'This backend cannot swap its ledger.');
    const r = await ctx.ledgerControl.restoreBackup(source);
    return { restored: basename(file), previousBackup: r.previousBackup ? basename(r.previousBackup) : null, damagedKeptAs: r.damagedKeptAs ?? null };
  },
});
