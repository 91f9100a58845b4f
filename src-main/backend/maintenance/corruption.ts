import { AppError } from '../../../src-shared/errors';
import { newestBackup } from '../db/backup';

/**
 * The start-up message for a damaged ledger: what happened, that the file is
 * left as it is, and what to do next, naming the newest backup and the exact
 * command that restores it (the Electron shell offers the same as a button).
 */
export function damagedLedgerError(cause: AppError, paths: { dataDir: string; backups: string }): AppError {
  const newest = newestBackup(paths.backups);
  const command = `npm run cli -- --data-dir "${paths.dataDir}" restore --latest`;
  const advice = newest
    ? ` The newest backup is ${newest.file} (taken ${newest.createdAt}). To go back to it, run: ${command}` + ' — the damaged file is set aside, not deleted.'
    : ' There is no backup in this data folder to go back to; keep the file and ask for help recovering it.';
  return new AppError('DB_CORRUPT', `${cause.message} The app has not changed the file.${advice}`, { path: cause.path, issues: cause.issues });
}
