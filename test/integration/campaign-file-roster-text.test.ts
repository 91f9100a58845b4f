// Issue 33, item 2: "a file cannot bring in what a form refuses". A campaign file carries its rosters as JSON text
// (roster_json); the names inside it (formations, fighters) are read with the roster schema, so a hostile fighter name
// is refused naming the field inside the roster, on SQLite and PostgreSQL alike, and the ledger is left as it was.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dumpLedger, withBackend } from '../helpers/backend';
import { seedCampaign } from '../helpers/battle-seed';
import { DIALECTS, ledgerPlace } from '../helpers/dialects';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

/** The file as another club would send it: every id new (consistently), the players renamed. */
function anotherClubs(json: string): { players: { name: string }[]; campaigns: { rosters: { roster_json: string }[] }[] } {
  const ids = new Map<string, string>();
  const file = JSON.parse(
    json.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => ids.get(id) ?? (ids.set(id, randomUUID()), ids.get(id)!)),
  ) as ReturnType<typeof anotherClubs>;
  file.players.forEach((p, i) => (p.name = `Guest ${i + 1}`));
  return file;
}

describe.each(DIALECTS)('names inside a campaign file’s rosters (%s)', (dialect) => {
  it.each<[string, string, RegExp]>([
    ['an ESC sequence in a fighter’s name', 'Ash\u001b[2J', /control character/i],
    ['a right-to-left override in a formation’s name', 'Line \u202Eevil', /bidi|direction/i],
    ['a NUL in a fighter’s name', 'Ash\u0000', /control character/i],
  ])('%s is refused, naming the field inside the roster, and nothing is written', async (_what, hostile, why) => {
    await withBackend(await ledgerPlace(dialect, tmp()), async ({ api, backend }) => {
      const { campaign } = await seedCampaign(api);
      const file = anotherClubs((await api.call('campaigns.export', { ids: [campaign.id] })).json);
      const roster = JSON.parse(file.campaigns[0]!.rosters[0]!.roster_json) as { formations: { name: string; fighters: { name: string }[] }[] };
      const field = hostile.startsWith('Line') ? ['formations', 0, 'name'] : ['formations', 0, 'fighters', 0, 'name'];
      if (field.length === 3) roster.formations[0]!.name = hostile;
      else roster.formations[0]!.fighters[0]!.name = hostile;
      file.campaigns[0]!.rosters[0]!.roster_json = JSON.stringify(roster);
      const before = await dumpLedger(backend);

      for (const channel of ['campaigns.importPreview', 'campaigns.import'] as const) {
        const refused = await api.call(channel, { json: JSON.stringify(file) }).then(
          () => null,
          (e: unknown) => e as { code: string; message: string; path?: (string | number)[] },
        );
        expect(refused, channel).toMatchObject({ code: 'VALIDATION', message: expect.stringMatching(why) });
        expect(refused!.path?.slice(-field.length - 1), channel).toEqual(['roster_json', ...field]);
      }
      expect(await dumpLedger(backend)).toEqual(before);
    });
  });
});
