import { describe, expect, it } from 'vitest';
import { testBackend } from '../helpers/backend';
import { outcome, seedCampaignViaApi, seedLedgerPack } from '../helpers/ledger-seed';
import { createTestDatabase, pgServer } from '../helpers/pg';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

describe('live standings: another organiser’s write reaches this app’s screens', () => {
  it('on the SQLite ledger there is nobody else: system.changes answers at once, "none"', async () => {
    const t = await testBackend(tmp());
    try {
      expect(await t.api.call('system.changes', { since: 0, waitMs: 20_000 })).toEqual({ version: 0, domains: [], league: 'none' });
    } finally {
      await t.close();
    }
  });

  it.skipIf(!pgServer)('in a league, a Finish Mission by one organiser wakes the other’s wait within a second, with the domains to refresh', async () => {
    const url = await createTestDatabase();
    const ana = await testBackend({ dataDir: tmp(), database: url });
    const bo = await testBackend({ dataDir: tmp(), database: url });
    try {
      const v = await seedLedgerPack(ana.backend.ctx.db);
      const { a, b, campaign } = await seedCampaignViaApi(ana.api, v);
      // Bo has seen everything so far (the notices of the seeding have arrived)
      await new Promise((r) => setTimeout(r, 200));
      const seen = (await bo.api.call('system.changes', { since: 0, waitMs: 0 })).version;

      let wokeAt = 0;
      const waiting = bo.api.call('system.changes', { since: seen, waitMs: 20_000 }).then((r) => ((wokeAt = Date.now()), r));
      await ana.api.call('campaigns.finishMission', { battleId: 'b-1', outcome: outcome(campaign.id, 1, a.id, b.id) });
      const recordedAt = Date.now();
      const woke = await waiting;
      // Bo hears of it within a second of Ana's write being acknowledged (usually before her reply arrives)
      expect(wokeAt - recordedAt).toBeLessThan(1_000);
      expect(woke.league).toBe('connected');
      expect(woke.version).toBeGreaterThan(seen);
      expect(woke.domains).toEqual(expect.arrayContaining(['campaigns', 'ledger']));
      // and what Bo's screens then read is Ana's result
      expect((await bo.api.call('ledger.inventory', { campaignId: campaign.id, playerId: a.id })).allowance).toBeGreaterThan(400);

      // Ana's own write is not echoed back to Ana (her screens refreshed when it returned)
      const own = await ana.api.call('system.changes', { since: 0, waitMs: 0 });
      expect(own.domains).not.toContain('ledger');
    } finally {
      await ana.close();
      await bo.close();
    }
  });
});
