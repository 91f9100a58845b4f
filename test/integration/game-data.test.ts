import { describe, expect, it } from 'vitest';
import { campaignRules, packOfVersion } from '../../src-main/backend/db/game-data';
import { ledgerChanged } from '../../src-main/backend/ledger-caches';
import { withBackend } from '../helpers/backend';
import { seedCampaignViaApi, seedLedgerPack } from '../helpers/ledger-seed';
import { useTempDirs } from '../helpers/tmp';

const tempDir = useTempDirs();

describe('the game-data loader (db/game-data.ts)', () => {
  it('parses a version once, hands every caller the same frozen pack, and drops it when the ledger changes', async () => {
    await withBackend(tempDir(), async (t) => {
      const db = t.backend.ctx.db;
      const first = await packOfVersion(db, 1);
      const again = await packOfVersion(db, 1);
      expect(again.pack).toBe(first.pack);
      expect(Object.isFrozen(first.pack.units)).toBe(true);
      expect(first).toMatchObject({ versionId: 1, version: 1 });
      // the rulesets channel reads the same parsed pack
      expect((await t.api.call('rulesets.get', { versionId: 1 })).pack).toEqual(first.pack);
      ledgerChanged();
      expect((await packOfVersion(db, 1)).pack).not.toBe(first.pack);
      await expect(packOfVersion(db, 999, ['versionId'])).rejects.toMatchObject({ code: 'NOT_FOUND', path: ['versionId'] });
    });
  });

  it('refuses a damaged stored pack with DB_CORRUPT, through every path that reads it', async () => {
    await withBackend(tempDir(), async (t) => {
      const db = t.backend.ctx.db;
      const versionId = await seedLedgerPack(db);
      const { campaign } = await seedCampaignViaApi(t.api, versionId);
      ledgerChanged();
      t.backend.ctx.sqlite.prepare('update ruleset_versions set pack_json = ? where id = ?').run('{"meta":{}}', versionId);
      await expect(packOfVersion(db, versionId)).rejects.toMatchObject({ code: 'DB_CORRUPT' });
      await expect(campaignRules(db, campaign.id)).rejects.toMatchObject({ code: 'DB_CORRUPT' });
      await expect(t.api.call('rulesets.get', { versionId })).rejects.toMatchObject({ code: 'DB_CORRUPT' });
      await expect(t.api.call('campaigns.get', { id: campaign.id })).rejects.toMatchObject({ code: 'DB_CORRUPT' });
    });
  });

  it("gives a campaign its pinned version and options, over the pack's defaults, not a newer version's", async () => {
    await withBackend(tempDir(), async (t) => {
      const db = t.backend.ctx.db;
      const versionId = await seedLedgerPack(db);
      const { campaign } = await seedCampaignViaApi(t.api, versionId, ['Ada', 'Bram'], true);
      await seedLedgerPack(db, (p) => (p.economy.cap += 100));
      const rules = await campaignRules(db, campaign.id);
      expect(rules.rulesetVersionId).toBe(versionId);
      expect(rules.options.altActivationModule).toBe(true);
      expect(rules.pack.options.altActivationModule).toBe(false);
      expect(rules.pack).toBe((await packOfVersion(db, versionId)).pack);
      await expect(campaignRules(db, 'no-such-campaign')).rejects.toMatchObject({ code: 'NOT_FOUND', path: ['campaignId'] });
    });
  });
});
