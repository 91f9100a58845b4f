import { describe, expect, it } from 'vitest';
import { runCli } from '../../src-main/cli/program';
import { withBackend } from '../helpers/backend';
import { captureIo as io } from '../helpers/cli-io';
import { outcome, seedCampaignViaApi, seedLedgerPack } from '../helpers/ledger-seed';
import { useTempDirs } from '../helpers/tmp';

/**
 * `db check` audits the ledger beside SQLite's own checks (issue 14): a
 * ledger corrupted the way old imports could corrupt it, built here by
 * writing the rows straight to the file, is found and named.
 */

const tmp = useTempDirs();

describe('db check: the ledger audit', () => {
  it('finds each corruption an old import could leave, naming the campaign, the row and what is wrong', async () => {
    const dir = tmp();
    const ids = await withBackend(dir, async ({ backend, api }) => {
      const v = await seedLedgerPack(backend.ctx.db);
      const x = await seedCampaignViaApi(api, v, ['Ada', 'Bram']);
      const y = await seedCampaignViaApi(api, v, ['Cass', 'Dov']);
      await api.call('campaigns.finishMission', { battleId: 'audit-m1', outcome: outcome(x.campaign.id, 1, x.a.id, x.b.id) });
      expect(await api.call('db.check', {})).toEqual({ ok: true, integrity: [], foreignKeys: [] });

      const sqlite = backend.ctx.sqlite;
      const created = sqlite.prepare("select id from ledger_events where campaign_id = ? and kind = 'campaign-created'").get(x.campaign.id) as { id: string };
      const insert = sqlite.prepare(
        "insert into ledger_entries (id, event_id, position, campaign_id, player_id, mission, kind, amount, item_json, reason, reverses_entry_id, created_at) values (?, ?, ?, ?, ?, null, 'correction', ?, '{}', 'imported', null, '2025-01-01T00:00:00.000Z')",
      );
      // an entry of campaign X's event that names campaign Y: Cass's allowance goes from 400 to 5,400
      insert.run('foreign-entry', created.id, 50, y.campaign.id, y.a.id, 5000);
      insert.run('huge-entry', created.id, 51, x.campaign.id, x.a.id, Number.MAX_SAFE_INTEGER);
      sqlite.prepare('update mission_finishes set outcome_json = \'{"mode":\' where campaign_id = ?').run(x.campaign.id);
      sqlite.prepare("update campaigns set options_json = 'altActivationModule=yes' where id = ?").run(y.campaign.id);
      sqlite
        .prepare(
          'insert into ruleset_versions (pack_id, version, name, rules_version, data_version, pack_json, parent_id, note, origin, created_at) select pack_id, 99, name, rules_version, data_version, \'{"not":"a pack"}\', null, note, \'import\', created_at from ruleset_versions where id = ?',
        )
        .run(v);

      const report = await api.call('db.check', {});
      expect(report).toMatchObject({ ok: false, integrity: [], foreignKeys: [] });
      const found = report.ledger ?? [];
      const X = { campaignId: x.campaign.id, campaignName: 'Ada vs Bram' };
      const Y = { campaignId: y.campaign.id, campaignName: 'Cass vs Dov' };
      expect(found).toEqual(
        expect.arrayContaining([
          { campaignId: null, campaignName: null, table: 'ruleset_versions', rowId: expect.any(String), problem: expect.stringMatching(/valid ruleset pack/) },
          { ...Y, table: 'ledger_entries', rowId: 'foreign-entry', problem: expect.stringMatching(/belongs to an event of campaign/) },
          { ...Y, table: 'ledger_entries', rowId: 'foreign-entry', problem: expect.stringMatching(/^Cass: An allowance would be 5400 RP, above the ceilin/) },
          { ...Y, table: 'campaigns', rowId: y.campaign.id, problem: expect.stringMatching(/rule options .* cannot be read/) },
          { ...X, table: 'ledger_entries', rowId: 'huge-entry', problem: expect.stringMatching(/more than any entry may/) },
          { ...X, table: 'mission_finishes', rowId: expect.any(String), problem: expect.stringMatching(/battle recorded for mission 1 cannot be read/) },
        ]),
      );
      return { y: y.campaign.id };
    });

    const out = io();
    expect(await runCli(['--data-dir', dir, 'db', 'check'], out.io)).toBe(1);
    const text = out.out.join('\n');
    expect(text).toContain(`Campaign "Cass vs Dov" (${ids.y}), ledger_entries row foreign-entry`);
    expect(text).toMatch(/Restore a backup/);
  });

  it('an allowance the lists show but its entries do not add up to is named', async () => {
    await withBackend(tmp(), async ({ backend, api }) => {
      const v = await seedLedgerPack(backend.ctx.db);
      const { a, campaign } = await seedCampaignViaApi(api, v);
      // an amount stored as a fraction: SQL sums it, the entry itself is not an entry the app can write
      backend.ctx.sqlite
        .prepare("update ledger_entries set amount = 400.5 where campaign_id = ? and player_id = ? and kind = 'starting-allowance'")
        .run(campaign.id, a.id);
      const report = await api.call('db.check', {});
      expect(report.ok).toBe(false);
      expect(report.ledger).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ campaignId: campaign.id, table: 'campaign_players', rowId: a.id, problem: expect.stringMatching(/listed as/) }),
        ]),
      );
    });
  });
});
