// Issue 33: a ruleset version is its content, never its number alone, in `league push` and `pull` as in a campaign
// file. Two clubs that each imported an older file hold different packs under the same number (2); pushing one club
// into a league holding the other's must keep both, each campaign on the data it was played with.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pullFromLeague, pushToLeague } from '../../src-main/backend/league/sync';
import { BUNDLED_PACK_ID } from '../../src-shared/ruleset/bundled';
import { withBackend } from '../helpers/backend';
import { createTestDatabase, pgServer } from '../helpers/pg';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();
const FOLDER = join(__dirname, '..', 'fixtures', 'older-files');
const older = (sha: string) => ({
  json: readFileSync(join(FOLDER, `${sha}-played.aoa-campaigns.json`), 'utf8'),
  expected: JSON.parse(readFileSync(join(FOLDER, `${sha}-played.expected.json`), 'utf8')) as {
    campaignId: string;
    bundledDataVersion: string;
    players: Record<string, { playerId: string; allowance: number; inventory: unknown }>;
  },
});

describe.skipIf(!pgServer)('league push and pull with versions numbered differently on each side', () => {
  it('a club whose version 2 is other data than the league’s version 2: both kept, each campaign on its own; twice adds nothing; a pull brings both back', async () => {
    const [club, league] = [older('71b8e1d'), older('74e4c11')];
    const url = await createTestDatabase();
    await withBackend({ dataDir: tmp(), database: url }, async ({ api }) => {
      await api.call('campaigns.import', { json: league.json });
    });
    const clubDir = tmp();
    // and a standalone roster on the club's older version (its id 2 in the club, another in the league)
    const standalone = await withBackend(clubDir, async ({ api }) => {
      await api.call('campaigns.import', { json: club.json });
      const { rulesetVersionId } = await api.call('campaigns.get', { id: club.expected.campaignId });
      const ada = Object.values(club.expected.players)[0]!;
      const r = await api.call('rosters.create', { name: 'Old skirmish list', playerId: ada.playerId, factionId: 'scattered', rulesetVersionId });
      return r.roster.id;
    });

    const first = await pushToLeague({ from: join(clubDir, 'ledger.sqlite'), url });
    expect(first.imported).toMatchObject({ campaignsAdded: 1 });
    expect(first.copied.ruleset_versions).toBe(1);
    const again = await pushToLeague({ from: join(clubDir, 'ledger.sqlite'), url });
    expect(again.imported).toMatchObject({ campaignsAdded: 0, eventsAdded: 0, rulesetVersionsAdded: 0 });
    expect(Object.values(again.copied).every((n) => n === 0)).toBe(true);
    expect(again.digest.hash).toBe(first.digest.hash);

    const check = async (api: Parameters<Parameters<typeof withBackend>[1]>[0]['api']) => {
      const versions = (await api.call('rulesets.list', {})).filter((v) => v.packId === BUNDLED_PACK_ID);
      expect(versions.map((v) => v.version).sort()).toEqual([1, 2, 3]);
      const loose = await api.call('rosters.get', { id: standalone });
      expect(loose.pack.meta.dataVersion).toBe(club.expected.bundledDataVersion);
      expect(versions.find((v) => v.id === loose.roster.rulesetVersionId)?.dataVersion).toBe(club.expected.bundledDataVersion);
      for (const f of [club, league]) {
        const campaign = await api.call('campaigns.get', { id: f.expected.campaignId });
        expect(versions.find((v) => v.id === campaign.rulesetVersionId)?.dataVersion).toBe(f.expected.bundledDataVersion);
        for (const p of Object.values(f.expected.players))
          expect(await api.call('ledger.inventory', { campaignId: f.expected.campaignId, playerId: p.playerId })).toEqual({
            allowance: p.allowance,
            inventory: p.inventory,
          });
      }
    };
    await withBackend({ dataDir: tmp(), database: url }, ({ api }) => check(api));

    // and back into the club's own file, where the league's .2 is new: stored under the club's next number
    const pulled = await pullFromLeague({ to: join(clubDir, 'ledger.sqlite'), url });
    expect(pulled.imported).toMatchObject({ campaignsAdded: 1 });
    await withBackend(clubDir, ({ api }) => check(api));
  });
});
