import { z } from 'zod';

export const PAPER_SIZES = ['A4', 'LETTER'] as const;
export const THEMES = ['auto', 'light', 'dark'] as const;

/** Club-wide preferences, stored in the ledger database (settings table). */
export const settingsSchema = z.object({
  clubName: z.string().trim().max(80).default(''),
  paperSize: z.enum(PAPER_SIZES).default('A4'),
  theme: z.enum(THEMES).default('auto'),
  /** How many rolling automatic backups to keep. */
  backupKeep: z.number().int().min(1).max(100).default(10),
});
export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = settingsSchema.parse({});

export const settingsPatchSchema = settingsSchema.partial().strict();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;
