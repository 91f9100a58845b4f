import { accessSync, constants, statSync } from 'node:fs';

/**
 * Points the suite's temporary folder (os.tmpdir()) at a memory file system
 * where the machine has one: Linux's /dev/shm, or $AOA_TEST_TMPDIR. The tests
 * make hundreds of real SQLite ledgers and commit to them with the app's own
 * `synchronous = FULL`; on a disk each commit waits for its fsync, in memory
 * it does not, and nothing else about the files changes. Called by the vitest
 * and Playwright configs before their workers start, which inherit it; where
 * no such folder is writable, tmpdir() stays as it was.
 */
export function useMemoryTmpdir(): void {
  const folder = process.env.AOA_TEST_TMPDIR ?? '/dev/shm';
  try {
    if (!statSync(folder).isDirectory()) return;
    accessSync(folder, constants.W_OK);
  } catch {
    return;
  }
  process.env.TMPDIR = folder;
}
