// Issue 34 point 7: 'A Players page (list, search, rename, each player's campaigns and rosters, remove when unused)'.
// players.get says what names a player; players.remove removes only a player nothing names, and refuses the rest
// without writing anything.
import { describe, expect, it } from 'vitest';
import { dumpLedger, withBackend } from '../helpers/backend';
import { seedCampaign } from '../helpers/battle-seed';
import { DIALECTS, ledgerPlace } from '../helpers/dialects';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

describe.each(DIALECTS)('players.get and players.remove (%s)', (dialect) => {
  it('a player in a campaign is named by it, with their rosters, and is not removed', async () => {
    await withBackend(await ledgerPlace(dialect, tmp()), async ({ api, backend }) => {
      const club = await seedCampaign(api);
      const [ana] = club.players;
      const detail = await api.call('players.get', { id: ana.id });
      expect(detail.name).toBe('Ana');
      expect(detail.campaigns.map((c) => c.id)).toEqual([club.campaign.id]);
      expect(detail.rosters.map((r) => r.name)).toEqual(['Ash Wolves']);
      expect(detail.uses.campaigns).toBe(1);
      expect(detail.uses.ledgerEntries).toBeGreaterThan(0);
      expect(detail.removable).toBe(false);
      const before = await dumpLedger(backend);
      await expect(api.call('players.remove', { id: ana.id })).rejects.toMatchObject({
        code: 'CONFLICT',
        message: expect.stringMatching(/Ana cannot be removed: 1 campaign, 1 roster, .*ledger entr/),
      });
      expect(await dumpLedger(backend)).toEqual(before);
    });
  });

  it('a player with only a standalone roster is named by it until the roster is deleted; then removed, deleted roster and all', async () => {
    await withBackend(await ledgerPlace(dialect, tmp()), async ({ api }) => {
      const { pack } = await api.call('rulesets.get', {});
      const cy = await api.call('players.create', { name: 'Cy Morrow' });
      const { roster } = await api.call('rosters.create', { name: 'Lone Lantern', playerId: cy.id, factionId: pack.factions[0]!.id, mode: 'standalone' });
      const named = await api.call('players.get', { id: cy.id });
      expect(named.rosters.map((r) => ({ name: r.name, mode: r.mode, campaignName: r.campaignName }))).toEqual([
        { name: 'Lone Lantern', mode: 'standalone', campaignName: null },
      ]);
      expect(named.removable).toBe(false);
      await expect(api.call('players.remove', { id: cy.id })).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('1 roster') });

      await api.call('rosters.delete', { id: roster.id });
      const unused = await api.call('players.get', { id: cy.id });
      expect(unused.rosters).toEqual([]);
      expect(unused.uses).toEqual({ campaigns: 0, rosters: 0, battles: 0, ledgerEntries: 0 });
      expect(unused.removable).toBe(true);
      expect(await api.call('players.remove', { id: cy.id })).toEqual({ removed: 'Cy Morrow' });
      expect((await api.call('players.list', {})).map((p) => p.name)).not.toContain('Cy Morrow');
      await expect(api.call('players.get', { id: cy.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(api.call('players.remove', { id: cy.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(api.call('rosters.get', { id: roster.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      // the name is free again
      expect((await api.call('players.create', { name: 'Cy Morrow' })).name).toBe('Cy Morrow');
    });
  });
});
