import { DEFAULT_SETTINGS, SETTING_KEYS, storedSetting, type Settings, type SettingsPatch } from '../../../../src-shared/settings';
import type { Db } from '../schema';

interface SettingsTable {
  key: string;
  value_json: string;
}

export interface MetaTables {
  settings: SettingsTable;
}

/**
 * The stored settings, each field on its own: a damaged or no longer valid
 * value falls back to its default alone rather than taking the others with it.
 */
export async function readSettings(db: Db): Promise<Settings> {
  const rows = await db.selectFrom('settings').select(['key', 'value_json']).execute();
  const settings: Settings = { ...DEFAULT_SETTINGS };
  for (const r of rows) {
    if (!(SETTING_KEYS as string[]).includes(r.key)) continue;
    const key = r.key as keyof Settings;
    let value: unknown;
    try {
      value = JSON.parse(r.value_json);
    } catch {
      continue;
    }
    const stored = storedSetting(key, value);
    if (stored !== undefined) Object.assign(settings, { [key]: stored });
  }
  return settings;
}

/** Changes exactly the settings the patch names; every other stored setting is left as it is. */
export async function writeSettings(db: Db, patch: SettingsPatch): Promise<void> {
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    await db
      .insertInto('settings')
      .values({ key, value_json: JSON.stringify(value) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value_json: JSON.stringify(value) }))
      .execute();
  }
}
