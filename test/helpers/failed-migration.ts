import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { MIGRATIONS } from '../../migrations';
import { openLedger } from '../../src-main/backend/db/database';

/**
 * Opens a ledger file with `step` failing after its own work (a disk going
 * away mid-step) and checks the open is refused and the file is left
 * byte-for-byte as it was: the migration's writes are one transaction.
 */
export async function expectFailedStepLeavesFile(file: string, step: keyof typeof MIGRATIONS): Promise<void> {
  const before = readFileSync(file);
  const failing = {
    ...MIGRATIONS,
    [step]: {
      up: async (db: Parameters<(typeof MIGRATIONS)[string]['up']>[0]) => {
        await MIGRATIONS[step]!.up(db);
        throw new Error('disk went away');
      },
    },
  };
  await expect(openLedger({ file, migrations: failing })).rejects.toThrow();
  expect(readFileSync(file).equals(before)).toBe(true);
}
