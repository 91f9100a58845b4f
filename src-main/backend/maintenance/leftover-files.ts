import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const UNFINISHED_COPY = /\.sqlite\.(partial|restoring)(-journal|-wal|-shm)?$/;

/**
 * What a killed process leaves behind that nothing will ever finish: a
 * backup or restore copy still under its `.partial` or `.restoring` name with
 * the journal SQLite writes beside it while it fills that copy (a restore
 * killed half-way leaves `ledger.sqlite.restoring-journal`), and the WAL and
 * shared-memory files of a database that no longer exists beside them (a
 * backup that was moved or deleted). A WAL next to its database is never
 * touched: it may hold acknowledged writes. Returns the names removed.
 */
export function cleanLeftoverFiles(folders: readonly string[]): string[] {
  const removed: string[] = [];
  for (const dir of folders) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      const orphanSidecar = /^(.*\.sqlite)-(wal|shm)$/.exec(name);
      const leftover = UNFINISHED_COPY.test(name) || (orphanSidecar !== null && !existsSync(join(dir, orphanSidecar[1]!)));
      if (!leftover) continue;
      try {
        rmSync(join(dir, name), { force: true });
        removed.push(name);
      } catch {
        // held by another program: left for the next start
      }
    }
  }
  return removed;
}
