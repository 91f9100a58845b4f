import { AppError, ERROR_TITLES } from '../../../src-shared/errors';
import { newestBackup } from '../db/backup';
import { restoreLedger } from '../db/restore';
import { acquireDataDirLock } from '../lock';
import { ledgerPaths } from '../paths';

/** What the Electron shell shows when the ledger cannot be opened: data, so it is testable without Electron. */
export interface StartFailurePrompt {
  title: string;
  message: string;
  /** The newest backup's file, when restoring it is on offer. */
  restoreFile?: string;
  buttons: string[];
}

export function startFailurePrompt(error: unknown, dataDir: string): StartFailurePrompt {
  const err = error instanceof AppError ? error : new AppError('INTERNAL', String(error));
  const newest = err.code === 'DB_CORRUPT' ? newestBackup(ledgerPaths(dataDir).backups) : undefined;
  if (!newest) return { title: ERROR_TITLES[err.code], message: err.message, buttons: ['Quit'] };
  return {
    title: ERROR_TITLES[err.code],
    message: `${err.message}\n\nRestore the newest backup (${newest.createdAt}) now? The damaged file is kept aside.`,
    restoreFile: newest.file,
    buttons: ['Restore newest backup', 'Quit'],
  };
}

/** Restores a backup into a data folder nobody holds yet (before the backend starts). */
export function restoreBeforeStart(dataDir: string, file: string, nativeBinding?: string): { damagedKeptAs?: string; previousBackup?: string } {
  const paths = ledgerPaths(dataDir);
  const lock = acquireDataDirLock(paths.lock, 'electron restore');
  try {
    return restoreLedger({ source: file, database: paths.database, backupDir: paths.backups, nativeBinding });
  } finally {
    lock.release();
  }
}
