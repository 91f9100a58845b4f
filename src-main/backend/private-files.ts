import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

/**
 * A club's data is for its organiser: on POSIX systems the data folder and
 * its sub-folders are 0700 and the ledger, its WAL and its backups 0600, so
 * other users of the computer cannot read them. (Windows keeps a user's
 * application data private by its own ACLs; modes mean nothing there.)
 */
const POSIX = process.platform !== 'win32';

/** Creates `dir` (and its parents) if needed, and makes it private. */
export function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (POSIX) chmodSync(dir, 0o700);
}

/** Makes an existing file private; a missing one is nothing to do. */
export function privateFile(file: string): void {
  if (POSIX && existsSync(file)) chmodSync(file, 0o600);
}

/**
 * Makes a SQLite file private before SQLite opens it, so the WAL and shared-memory
 * files it creates beside it take the same mode; a new file is created empty (a
 * zero-length file is a new database to SQLite) with that mode.
 */
export function privateDatabaseFile(file: string): void {
  if (!existsSync(file)) closeSync(openSync(file, 'wx', 0o600));
  for (const f of [file, `${file}-wal`, `${file}-shm`]) privateFile(f);
}
