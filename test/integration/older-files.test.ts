// Issue 33: "a campaign file exported by this app a few days earlier (before the bundled pack's data version moved
// from 2.4-provisional.1 to .3): `campaign import` refuses it on every ledger, even an empty one". The files in
// test/fixtures/older-files were exported by older commits of this repository with their own code (README there);
// each must import into today's ledger with every balance, mark and trophy as the app that wrote it showed them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLED_PACK_ID, getBundledPack } from '../../src-shared/ruleset/bundled';
import { dumpLedger, withBackend } from '../helpers/backend';
import { captureIo, cliOn } from '../helpers/cli-io';
import { DIALECTS, ledgerPlace } from '../helpers/dialects';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();
const FOLDER = join(__dirname, '..', 'fixtures', 'older-files');
const FILES = readdirSync(FOLDER)
  .filter((n) => n.endsWith('.aoa-campaigns.json'))
  .sort();

interface Expected {
  campaignId: string;
  bundledDataVersion: string;
  players: Record<string, { playerId: string; allowance: number; inventory: unknown }>;
}

const fixture = (name: string) => ({
  json: readFileSync(join(FOLDER, name), 'utf8'),
  expected: JSON.parse(readFileSync(join(FOLDER, name.replace('.aoa-campaigns.json', '.expected.json')), 'utf8')) as Expected,
});

describe.each(DIALECTS)('campaign files exported by older commits (%s)', (dialect) => {
  it('there are files from before the data versions .2 and .3 and before migrations 0011–0014', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(3);
    const dataVersions = FILES.map((f) => fixture(f).expected.bundledDataVersion);
    expect(dataVersions).toEqual(expect.arrayContaining(['2.4-provisional.1', '2.4-provisional.2']));
    // 8bace06 is the parent of migration 0014 (club night's links), on today's data version
    expect(FILES).toContain('8bace06-played.aoa-campaigns.json');
  });

  it.each(FILES)('%s imports with every balance, mark and trophy unchanged, as a version of its own; twice adds nothing', async (name) => {
    const { json, expected } = fixture(name);
    await withBackend(await ledgerPlace(dialect, tmp()), async ({ backend, api }) => {
      const [bundledBefore] = await api.call('rulesets.list', {});
      expect(bundledBefore).toMatchObject({ packId: BUNDLED_PACK_ID, version: 1, origin: 'bundled' });

      // a file on today's data version carries today's pack: the version already here, stored once
      const sameData = expected.bundledDataVersion === getBundledPack().meta.dataVersion;
      const first = await api.call('campaigns.import', { json });
      expect(first).toMatchObject({ campaigns: 1, campaignsAdded: 1, playersAdded: 2, rostersAdded: 2, rulesetVersionsAdded: sameData ? 0 : 1 });
      for (const p of Object.values(expected.players)) {
        const now = await api.call('ledger.inventory', { campaignId: expected.campaignId, playerId: p.playerId });
        expect(now).toEqual({ allowance: p.allowance, inventory: p.inventory });
      }

      // the file's pack is kept as it was played: the next free number, named with its data version, the campaign pinned to it
      const campaign = await api.call('campaigns.get', { id: expected.campaignId });
      const versions = await api.call('rulesets.list', {});
      const pinned = versions.find((v) => v.id === campaign.rulesetVersionId)!;
      expect(pinned).toMatchObject({ packId: BUNDLED_PACK_ID, version: sameData ? 1 : 2, dataVersion: expected.bundledDataVersion, campaigns: 1 });
      if (!sameData) expect(pinned.name).toContain(expected.bundledDataVersion);
      // the campaign's rosters are pinned to the same version
      const rosters = await api.call('rosters.list', { campaignId: expected.campaignId });
      expect(rosters).toHaveLength(2);
      for (const r of rosters) {
        const detail = await api.call('rosters.get', { id: r.id });
        expect(detail.roster.rulesetVersionId).toBe(campaign.rulesetVersionId);
      }
      expect(versions.find((v) => v.id === bundledBefore!.id)).toMatchObject({
        version: 1,
        dataVersion: getBundledPack().meta.dataVersion,
        campaigns: sameData ? 1 : 0,
      });
      // what a new roster or battle is built on stays today's bundled pack
      expect((await api.call('rulesets.get', {})).version.id).toBe(bundledBefore!.id);

      const before = await dumpLedger(backend);
      const again = await api.call('campaigns.import', { json });
      expect(again).toEqual({
        campaigns: 1,
        campaignsAdded: 0,
        playersAdded: 0,
        eventsAdded: 0,
        entriesAdded: 0,
        finishesAdded: 0,
        rostersAdded: 0,
        rulesetVersionsAdded: 0,
      });
      expect(await dumpLedger(backend)).toEqual(before);
    });
  });

  it.each(FILES.map((f) => f.replace('.aoa-campaigns.json', '.roster.json')))('%s (a roster file) imports with the same warband', async (name) => {
    const text = readFileSync(join(FOLDER, name), 'utf8');
    const expected = JSON.parse(readFileSync(join(FOLDER, name.replace('.roster.json', '.roster-expected.json')), 'utf8')) as {
      roster: { name: string; factionId: string; captain: unknown; officers: unknown; formations: unknown };
      points: number;
    };
    await withBackend(await ledgerPlace(dialect, tmp()), async ({ api }) => {
      const eve = await api.call('players.create', { name: 'Eve' });
      const imported = await api.call('rosters.import', { text, playerId: eve.id, campaignId: null });
      const { name: rosterName, factionId, captain, officers, formations } = expected.roster;
      expect(imported.roster).toMatchObject({ name: rosterName, factionId, captain, officers, formations, playerId: eve.id, mode: 'standalone' });
      expect(imported.validation.points.spent).toBe(expected.points);
    });
  });

  it('every older file into one ledger: one version per content, side by side with today’s, each campaign on its own', async () => {
    await withBackend(await ledgerPlace(dialect, tmp()), async ({ api }) => {
      for (const name of FILES) await api.call('campaigns.import', { json: fixture(name).json });
      for (const name of FILES) expect((await api.call('campaigns.import', { json: fixture(name).json })).rulesetVersionsAdded).toBe(0);
      const versions = (await api.call('rulesets.list', {})).filter((v) => v.packId === BUNDLED_PACK_ID);
      // one version per data version: today's, and each older one a file brought
      const dataVersions = new Set([getBundledPack().meta.dataVersion, ...FILES.map((f) => fixture(f).expected.bundledDataVersion)]);
      expect(versions.map((v) => v.version).sort()).toEqual(Array.from({ length: dataVersions.size }, (_, i) => i + 1));
      expect(new Set(versions.map((v) => v.dataVersion))).toEqual(dataVersions);
      for (const name of FILES) {
        const { expected } = fixture(name);
        const campaign = await api.call('campaigns.get', { id: expected.campaignId });
        expect(versions.find((v) => v.id === campaign.rulesetVersionId)?.dataVersion).toBe(expected.bundledDataVersion);
        for (const p of Object.values(expected.players))
          expect(await api.call('ledger.inventory', { campaignId: expected.campaignId, playerId: p.playerId })).toEqual({
            allowance: p.allowance,
            inventory: p.inventory,
          });
      }
    });
  });

  it('the same content under another number is the version already here: keys in another order, nothing stored twice', async () => {
    const { json, expected } = fixture(FILES[0]!);
    const file = JSON.parse(json) as { rulesetVersions: { version: number; data_version: string; pack_json: string }[] };
    const today = getBundledPack();
    const reversed = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(reversed)
        : v && typeof v === 'object'
          ? Object.fromEntries(
              Object.entries(v)
                .reverse()
                .map(([k, x]) => [k, reversed(x)]),
            )
          : v;
    file.rulesetVersions[0] = { ...file.rulesetVersions[0]!, version: 7, data_version: today.meta.dataVersion, pack_json: JSON.stringify(reversed(today)) };
    await withBackend(await ledgerPlace(dialect, tmp()), async ({ api }) => {
      expect(await api.call('campaigns.import', { json: JSON.stringify(file) })).toMatchObject({ campaignsAdded: 1, rulesetVersionsAdded: 0 });
      const [bundled, ...others] = await api.call('rulesets.list', {});
      expect(others).toEqual([]);
      expect((await api.call('campaigns.get', { id: expected.campaignId })).rulesetVersionId).toBe(bundled!.id);
    });
  });
});

describe('`campaign import` of an older file', () => {
  it('says the file’s game data was stored as a version of its own, and `ruleset list` shows it beside today’s', async () => {
    const cli = cliOn(tmp());
    const out = captureIo();
    expect(await cli(['campaign', 'import', join(FOLDER, FILES[0]!)], out.io)).toBe(0);
    expect(out.out.join('\n')).toMatch(/^Imported 1 campaign: 1 new, .*, 1 ruleset version stored beside this ledger's$/);
    const list = captureIo();
    expect(await cli(['ruleset', 'list'], list.io)).toBe(0);
    expect(list.out.join('\n')).toContain(fixture(FILES[0]!).expected.bundledDataVersion);
    expect(list.out.join('\n')).toContain(getBundledPack().meta.dataVersion);
  });
});
