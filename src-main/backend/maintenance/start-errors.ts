import { AppError } from '../../../src-shared/errors';

/**
 * A start that failed because of the machine, not the ledger: a full disk,
 * or a folder that cannot be written. Said in the organiser's words, with
 * what to do and that nothing recorded before was lost (a start writes
 * nothing that is not rolled back or thrown away). Anything else is
 * returned as it came. `neededBytes`: what the start would have written
 * (its copies of the ledger), named so the organiser knows how much to free.
 */
export function startFailure(e: unknown, dataDir: string, neededBytes?: number): unknown {
  if (e instanceof AppError) return e;
  const code = typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : '';
  const message = e instanceof Error ? e.message : '';
  if (code === 'SQLITE_FULL' || code === 'ENOSPC' || /database or disk is full|no space left/i.test(message)) {
    return new AppError(
      'STORAGE',
      `The disk holding the data folder (${dataDir}) is full, so the app could not start. Nothing recorded before was lost: ` +
        (neededBytes ? `free at least ${megabytes(neededBytes)} MB on that disk` : 'free some space on that disk') +
        ' and start the app again.',
    );
  }
  if (
    code === 'EROFS' ||
    code === 'EACCES' ||
    code === 'EPERM' ||
    code.startsWith('SQLITE_READONLY') ||
    code.startsWith('SQLITE_IOERR') ||
    code === 'SQLITE_CANTOPEN'
  ) {
    return new AppError(
      'STORAGE',
      `The data folder (${dataDir}) cannot be written (the disk is read-only, was removed, or the folder belongs to another user), so the app could not start. Nothing recorded before was lost.`,
    );
  }
  return e;
}

/** Bytes as megabytes for a sentence, rounded up (one decimal below 10 MB). */
function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb < 10 ? (Math.ceil(mb * 10) / 10).toFixed(1) : String(Math.ceil(mb));
}
