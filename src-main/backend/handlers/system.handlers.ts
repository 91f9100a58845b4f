import { systemContract } from '../../../src-shared/contract/system.contract';
import { checkLedger } from '../db/database';
import { backupDatabase, isManualBackup, listBackups, MANUAL_BACKUPS_MAX, manualBackupReason, pruneBackups } from '../db/backup';
import { AppError } from '../../../src-shared/errors';
import { readSettings, writeSettings } from '../db/tables/meta.table';
import { defineHandlers } from './define';
import { statSync } from 'node:fs';

export const systemHandlers = defineHandlers(systemContract, {
  'system.info': (_input, ctx) => ({
    appVersion: ctx.appVersion,
    schemaVersion: ctx.schemaVersion,
    dataDir: ctx.paths.dataDir,
    databaseFile: ctx.paths.database,
    mode: ctx.mode,
    notices: ctx.startNotices,
  }),
  'settings.get': (_input, ctx) => readSettings(ctx.db),
  'settings.update': async (patch, ctx) => {
    await ctx.db.transaction().execute((trx) => writeSettings(trx, patch));
    return readSettings(ctx.db);
  },
  'db.check': (_input, ctx) => checkLedger(ctx.sqlite, ctx.db),
  'backups.list': (_input, ctx) => listBackups(ctx.paths.backups),
  'backups.create': async ({ label }, ctx) => {
    const mine = listBackups(ctx.paths.backups).filter(isManualBackup).length;
    if (mine >= MANUAL_BACKUPS_MAX)
      throw new AppError(
        'CONFLICT',
        `The data folder already keeps ${MANUAL_BACKUPS_MAX} backups you took yourself, the most it keeps. Move the ones you no longer need out of ${ctx.paths.backups} and take the backup again.`,
      );
    const reason = manualBackupReason(label);
    const file = backupDatabase(ctx.paths.database, ctx.paths.backups, reason, ctx.nativeBinding);
    const { backupKeep } = await readSettings(ctx.db);
    pruneBackups(ctx.paths.backups, backupKeep, ctx.nativeBinding);
    const made = listBackups(ctx.paths.backups).find((b) => b.file === file);
    return made ?? { file, reason, createdAt: new Date().toISOString(), bytes: statSync(file).size };
  },
});
