import { describe, expect, it } from 'vitest';
import { ledgerChanged } from '../../src-main/backend/ledger-caches';
import { runCli } from '../../src-main/cli/program';
import { withBackend } from '../helpers/backend';
import { captureIo as io } from '../helpers/cli-io';
import { expectError } from '../helpers/expect-error';
import { outcome, seedCampaignViaApi, seedLedgerPack } from '../helpers/ledger-seed';
import { useTempDirs } from '../helpers/tmp';

/**
 * Reading never trusts stored JSON blindly (issue 14): one campaign whose
 * rows no longer read is left out of the club's lists and named with the way
 * back, instead of failing every list; opening it is a one-sentence DB_CORRUPT.
 */

const tmp = useTempDirs();

type Damage = { name: string; damage: (sql: import('better-sqlite3').Database, ids: { campaign: string; player: string; version: number }) => void };

const DAMAGES: Damage[] = [
  {
    name: 'an amount of 2^53-1',
    // one more entry of that amount on top of the starting allowance, as an old import could store
    damage: (sql, ids) =>
      sql
        .prepare(
          "insert into ledger_entries (id, event_id, position, campaign_id, player_id, mission, kind, amount, item_json, reason, reverses_entry_id, created_at) select 'huge', event_id, 90, campaign_id, player_id, null, 'correction', ?, '{}', 'imported', null, created_at from ledger_entries where campaign_id = ? and player_id = ?",
        )
        .run(Number.MAX_SAFE_INTEGER, ids.campaign, ids.player),
  },
  {
    name: 'a stored pack that is not a pack',
    damage: (sql, ids) => sql.prepare('update ruleset_versions set pack_json = ? where id = ?').run('{"not":"a pack"}', ids.version),
  },
  {
    name: 'stored options that are not JSON',
    damage: (sql, ids) => sql.prepare("update campaigns set options_json = 'altActivationModule=yes' where id = ?").run(ids.campaign),
  },
];

describe('a damaged campaign among readable ones', () => {
  it.each(DAMAGES)('with $name: lists and the dashboard skip and name it, campaigns.get is DB_CORRUPT in a sentence', async ({ damage }) => {
    const dir = tmp();
    const good = await withBackend(dir, async ({ backend, api }) => {
      const v1 = await seedLedgerPack(backend.ctx.db);
      const fine = await seedCampaignViaApi(api, v1, ['Ada', 'Bram']);
      // the damaged campaign has a version of its own, so a damaged pack is its alone
      const v2 = await seedLedgerPack(backend.ctx.db, (p) => (p.economy.cap += 1));
      const bad = await seedCampaignViaApi(api, v2, ['Cass', 'Dov']);
      damage(backend.ctx.sqlite, { campaign: bad.campaign.id, player: bad.a.id, version: v2 });
      ledgerChanged();

      expect((await api.call('campaigns.list', {})).map((c) => c.id)).toEqual([fine.campaign.id]);
      const page = await api.call('campaigns.dashboard', {});
      expect(page.campaigns.map((c) => c.id)).toEqual([fine.campaign.id]);
      expect(page.problems).toEqual([
        { campaignId: bad.campaign.id, campaignName: 'Cass vs Dov', problem: expect.any(String), repair: expect.stringMatching(/db check.*backup/) },
      ]);
      const e = await expectError(api.call('campaigns.get', { id: bad.campaign.id }), 'DB_CORRUPT');
      expect(e.message).toMatch(/^Campaign "Cass vs Dov" cannot be read\./);
      expect(e.message).not.toMatch(/Unexpected token|JSON|invalid_type|expected/);
      await expectError(api.call('ledger.journal', { campaignId: bad.campaign.id }), 'DB_CORRUPT');
      expect((await api.call('campaigns.get', { id: fine.campaign.id })).name).toBe('Ada vs Bram');
      expect((await api.call('db.check', {})).ok).toBe(false);
      return fine.campaign.id;
    });
    const list = io();
    expect(await runCli(['--data-dir', dir, 'campaign', 'list'], list.io)).toBe(0);
    expect(list.out.join('\n')).toContain(good);
  });

  it('a stored battle outcome that no longer reads: campaigns.get is DB_CORRUPT in a sentence, the lists still show it', async () => {
    await withBackend(tmp(), async ({ backend, api }) => {
      const v = await seedLedgerPack(backend.ctx.db);
      const { a, b, campaign } = await seedCampaignViaApi(api, v);
      await api.call('campaigns.finishMission', { battleId: 'damaged-m1', outcome: outcome(campaign.id, 1, a.id, b.id) });
      backend.ctx.sqlite.prepare('update mission_finishes set outcome_json = \'{"mode":\' where campaign_id = ?').run(campaign.id);
      const e = await expectError(api.call('campaigns.get', { id: campaign.id }), 'DB_CORRUPT');
      expect(e.message).toMatch(/^The battle recorded for mission 1 of campaign "Ada vs Bram" cannot be read\. Run db check/);
      expect((await api.call('campaigns.dashboard', {})).campaigns.map((c) => c.id)).toEqual([campaign.id]);
    });
  });
});
