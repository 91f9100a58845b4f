import { z } from 'zod';
import { nameText } from './text-policy.schema';

export const PAPER_SIZES = ['A4', 'LETTER'] as const;
const THEMES = ['auto', 'light', 'dark'] as const;

/**
 * What each club setting may hold, without a default: the stored settings and
 * a change to them are both built from these, and only the stored settings
 * fill in defaults. (zod 4's `.partial()` keeps a field's `.default`, so a
 * patch built from the defaulted schema would put every field it was not given
 * back to its default.)
 */
const settingFields = {
  // printed on every PDF page and by the CLI: the text policy's name (a stored one it now refuses reads as the default)
  clubName: nameText(80),
  paperSize: z.enum(PAPER_SIZES),
  theme: z.enum(THEMES),
  /** How many rolling automatic backups to keep. */
  backupKeep: z.number().int().min(1).max(100),
};

export const DEFAULT_SETTINGS = {
  clubName: '',
  paperSize: 'A4',
  theme: 'auto',
  backupKeep: 10,
} as const satisfies { [K in keyof typeof settingFields]: z.infer<(typeof settingFields)[K]> };

/** Club-wide preferences, stored in the ledger database (settings table). */
export const settingsSchema = z.object({
  clubName: settingFields.clubName.default(DEFAULT_SETTINGS.clubName),
  paperSize: settingFields.paperSize.default(DEFAULT_SETTINGS.paperSize),
  theme: settingFields.theme.default(DEFAULT_SETTINGS.theme),
  backupKeep: settingFields.backupKeep.default(DEFAULT_SETTINGS.backupKeep),
});
export type Settings = z.infer<typeof settingsSchema>;

/** A change to the settings: exactly the fields it names, nothing filled in. */
export const settingsPatchSchema = z.object(settingFields).partial().strict();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/** The names of the settings, in the order the screen shows them. */
export const SETTING_KEYS = Object.keys(settingFields) as (keyof Settings)[];

/** One stored setting read back: its value when it is still one the field may hold, else undefined (its default applies). */
export function storedSetting<K extends keyof Settings>(key: K, value: unknown): Settings[K] | undefined {
  const parsed = settingFields[key].safeParse(value);
  return parsed.success ? (parsed.data as Settings[K]) : undefined;
}
