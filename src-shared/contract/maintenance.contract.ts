import { z } from 'zod';
import { EVERY_DOMAIN } from './effects';
import { channel } from './define';

/**
 * A backup is named by its file name as `backups.list` shows it, never by a
 * path: the backend only ever restores from its own backups folder, so a
 * request cannot point it at an arbitrary file.
 */
export const backupFileNameSchema = z
  .string()
  .max(120)
  .regex(/^ledger-\d{8}T\d{6}\d{3}Z-[a-z0-9-]+\.sqlite$/, 'Choose one of the backups listed in Settings.');

export const maintenanceContract = {
  'backups.restore': channel(
    'Go back to a backup (the current ledger is kept as a backup first)',
    z.object({ file: backupFileNameSchema }).strict(),
    z.object({
      restored: z.string(),
      previousBackup: z.string().nullable(),
      damagedKeptAs: z.string().nullable(),
    }),
    { writes: EVERY_DOMAIN },
  ),
} as const;
