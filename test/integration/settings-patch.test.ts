// Issue 34 point 1: 'settings.update changes exactly the fields it is given (a test over every field: set each, then
// set every other one, and each keeps its value; the same on PostgreSQL)'. Before, a partial change was filled in with
// the defaults, so choosing dark mode blanked the club name and saving the club name put the theme back.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, SETTING_KEYS, settingsPatchSchema, type Settings, type SettingsPatch } from '../../src-shared/settings';
import { withBackend } from '../helpers/backend';
import { DIALECTS, ledgerPlace } from '../helpers/dialects';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

/** Two values of each field, both unlike its default and unlike each other. */
const VALUES: { [K in keyof Settings]: [Settings[K], Settings[K]] } = {
  clubName: ['Ashford Wargames Club', 'ليلى حداد Club'],
  paperSize: ['LETTER', 'A4'],
  theme: ['dark', 'light'],
  backupKeep: [3, 42],
};

it('the table of values covers every setting, and the first of each differs from its default', () => {
  expect(Object.keys(VALUES).sort()).toEqual([...SETTING_KEYS].sort());
  for (const key of SETTING_KEYS) expect(VALUES[key][0], key).not.toEqual(DEFAULT_SETTINGS[key]);
});

it('a patch parses to exactly the fields it names', () => {
  for (const key of SETTING_KEYS) expect(settingsPatchSchema.parse({ [key]: VALUES[key][0] })).toEqual({ [key]: VALUES[key][0] });
  expect(settingsPatchSchema.parse({})).toEqual({});
  expect(settingsPatchSchema.safeParse({ colour: 'red' }).success).toBe(false);
});

describe.each(DIALECTS)('settings.update is a patch (%s)', (dialect) => {
  it.each(SETTING_KEYS)('%s keeps its value while every other setting is changed, in turn and back', async (key) => {
    await withBackend(await ledgerPlace(dialect, tmp()), async ({ api }) => {
      const mine = VALUES[key][0];
      const reply = await api.call('settings.update', { [key]: mine } as SettingsPatch);
      expect(reply).toEqual({ ...DEFAULT_SETTINGS, [key]: mine });
      const expected: Settings = { ...DEFAULT_SETTINGS, [key]: mine };
      for (const other of SETTING_KEYS.filter((k) => k !== key)) {
        for (const value of VALUES[other]) {
          Object.assign(expected, { [other]: value });
          const answered = await api.call('settings.update', { [other]: value } as SettingsPatch);
          expect(answered, `after ${other} = ${String(value)}`).toEqual(expected);
          expect(await api.call('settings.get', {})).toEqual(expected);
        }
      }
      expect((await api.call('settings.get', {}))[key]).toEqual(mine);
    });
  });

  it('every setting set one by one is still there when the ledger is opened again', async () => {
    const place = await ledgerPlace(dialect, tmp());
    const all = Object.fromEntries(SETTING_KEYS.map((k) => [k, VALUES[k][1]])) as Settings;
    await withBackend(place, async ({ api }) => {
      for (const key of SETTING_KEYS) await api.call('settings.update', { [key]: all[key] } as SettingsPatch);
    });
    await withBackend(place, async ({ api }) => expect(await api.call('settings.get', {})).toEqual(all));
  });

  it('an empty patch changes nothing, and a refused one changes nothing either', async () => {
    await withBackend(await ledgerPlace(dialect, tmp()), async ({ api }) => {
      await api.call('settings.update', { clubName: 'Kept', theme: 'dark' });
      expect(await api.call('settings.update', {})).toMatchObject({ clubName: 'Kept', theme: 'dark' });
      await expect(api.call('settings.update', { clubName: 'Kept', backupKeep: 0 })).rejects.toMatchObject({ code: 'VALIDATION' });
      expect(await api.call('settings.get', {})).toEqual({ ...DEFAULT_SETTINGS, clubName: 'Kept', theme: 'dark' });
    });
  });

  it('a stored value that no longer reads falls back to its default alone', async () => {
    await withBackend(await ledgerPlace(dialect, tmp()), async ({ api, backend }) => {
      await api.call('settings.update', { clubName: 'Kept', theme: 'dark', backupKeep: 7 });
      await backend.ctx.db.updateTable('settings').set({ value_json: '{not json' }).where('key', '=', 'theme').execute();
      await backend.ctx.db.updateTable('settings').set({ value_json: '1000' }).where('key', '=', 'backupKeep').execute();
      expect(await api.call('settings.get', {})).toEqual({ ...DEFAULT_SETTINGS, clubName: 'Kept' });
    });
  });
});
