import type { Kysely, Transaction } from 'kysely';
import { DEFAULT_SETTINGS, settingsSchema, type Settings, type SettingsPatch } from '../../../../src-shared/settings';
import type { Database } from '../schema';

export interface SettingsTable {
  key: string;
  value_json: string;
}

export interface MetaTables {
  settings: SettingsTable;
}

type Db = Kysely<Database> | Transaction<Database>;

export async function readSettings(db: Db): Promise<Settings> {
  const rows = await db.selectFrom('settings').select(['key', 'value_json']).execute();
  const raw: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const r of rows) {
    try {
      raw[r.key] = JSON.parse(r.value_json);
    } catch {
      // a damaged value falls back to its default rather than breaking the app
    }
  }
  const parsed = settingsSchema.safeParse(raw);
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
}

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
