import { systemContract } from '../../../src-shared/contract/system.contract';
import { checkLedger } from '../db/database';
import { auditLedger } from '../db/ledger-audit';
import { leagueHasNoFileBackups } from './maintenance.handlers';
import { backupDatabase, isManualBackup, listBackups, MANUAL_BACKUPS_MAX, manualBackupReason, pruneBackups } from '../db/backup';
import { AppError } from '../../../src-shared/errors';
import { readSettings, writeSettings } from '../db/tables/meta.table';
import { defineHandlers } from './define';
import { writeTransaction } from '../db/dialect';
import { leagueChoiceInfo, saveLeagueChoice } from '../league-choice';
import { statSync } from 'node:fs';

export const systemHandlers = defineHandlers(systemContract, {
  'system.info': (_input, ctx) => ({
    appVersion: ctx.appVersion,
    schemaVersion: ctx.schemaVersion,
    dataDir: ctx.paths.dataDir,
    databaseFile: ctx.paths.database,
    ledger: ctx.dialect === 'postgres' ? ('league' as const) : ('sqlite' as const),
    mode: ctx.mode,
    notices: ctx.startNotices,
  }),
  'system.changes': async ({ since, waitMs }, ctx) => {
    if (!ctx.changes) return { version: 0, domains: [], league: 'none' as const };
    const c = await ctx.changes.changesSince(since, waitMs);
    return { version: c.version, domains: c.domains, league: c.connected ? ('connected' as const) : ('unreachable' as const) };
  },
  'league.choice': (_input, ctx) => leagueChoiceInfo(ctx.paths.dataDir, ctx.secrets),
  'league.choose': async (input, ctx) => {
    await saveLeagueChoice(ctx.paths.dataDir, input, ctx.secrets);
    return leagueChoiceInfo(ctx.paths.dataDir, ctx.secrets);
  },
  'settings.get': (_input, ctx) => readSettings(ctx.db),
  'settings.update': async (patch, ctx) => {
    await writeTransaction(ctx.db, (trx) => writeSettings(trx, patch));
    return readSettings(ctx.db);
  },
  'db.check': async (_input, ctx) => {
    if (ctx.dialect === 'sqlite') return checkLedger(ctx.sqlite, ctx.db);
    // the server keeps its own files whole (WAL, checksums): what is left to check is the ledger itself
    const ledger = await auditLedger(ctx.db);
    return ledger.length ? { ok: false, integrity: [], foreignKeys: [], ledger } : { ok: true, integrity: [], foreignKeys: [] };
  },
  'backups.list': (_input, ctx) => listBackups(ctx.paths.backups),
  'backups.create': async ({ label }, ctx) => {
    if (ctx.dialect === 'postgres') throw leagueHasNoFileBackups();
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
