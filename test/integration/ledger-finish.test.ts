import { describe, expect, it } from 'vitest';
import { formation, outcome, withLedgerCampaign } from '../helpers/ledger-seed';
import { useTempDirs } from '../helpers/tmp';
import { DIALECTS, ledgerPlace } from '../helpers/dialects';

const tmp = useTempDirs();

describe.each(DIALECTS)('Finish Mission & Upgrade Army (DIGEST 17.5) on %s', (dialect) => {
  it('previews the reward lines, then records 400 → 444 for the winner of mission 1 (18 + 10 + 6 + 10)', async () => {
    await withLedgerCampaign(await ledgerPlace(dialect, tmp()), async ({ api, a, b, campaign }) => {
      expect(campaign.seats.map((s) => s.allowance)).toEqual([400, 400]);
      const o = outcome(campaign.id, 1, a.id, b.id, {
        aKills: 3,
        cryptid: true,
        aFormations: [formation('a-core-1', { cryptidWounds: 7 }), formation('a-elite', { survivors: 0, startingModels: 2 })],
        bFormations: [formation('b-core-1', { cryptidWounds: 2, survivors: 1, retreated: 1 })],
      });
      const preview = await api.call('campaigns.previewFinish', { outcome: o });
      const pa = preview.players.find((p) => p.playerId === a.id)!;
      expect(pa.lines.map((l) => [l.kind, l.amount])).toEqual([
        ['participation', 18],
        ['win', 10],
        ['mutant-kills', 6],
        ['cryptid-placing', 10],
      ]);
      expect(pa.allowanceAfter).toBe(444);
      // nothing is written by a preview
      expect((await api.call('ledger.inventory', { campaignId: campaign.id, playerId: a.id })).allowance).toBe(400);

      const done = await api.call('campaigns.finishMission', { battleId: 'battle-1', outcome: o });
      expect(done.recorded).toBe(true);
      const invA = await api.call('ledger.inventory', { campaignId: campaign.id, playerId: a.id });
      expect(invA.allowance).toBe(444);
      // a survivor earns a mark, a wiped-out formation none; 7 Wounds = 1 die; wounding makes a Cryptid Veteran
      expect(invA.inventory.formations).toEqual([
        expect.objectContaining({ formationId: 'a-core-1', serviceMarks: 1, rank: 'I', veteranSixes: 1, cryptidVeteran: true }),
      ]);
      expect(invA.inventory.cryptidDice).toHaveLength(1);
      const invB = await api.call('ledger.inventory', { campaignId: campaign.id, playerId: b.id });
      expect(invB.allowance).toBe(400 + 18 + 4);
      expect(invB.inventory.formations[0]).toMatchObject({ serviceMarks: 1, cryptidVeteran: true });
      expect((await api.call('campaigns.get', { id: campaign.id })).currentMission).toBe(2);

      // pressing Finish again with the same battle records nothing new
      const again = await api.call('campaigns.finishMission', { battleId: 'battle-1', outcome: o });
      expect(again).toMatchObject({ recorded: false, alreadyRecorded: true, eventId: done.eventId });
      // another battle for the same mission is refused
      await expect(api.call('campaigns.finishMission', { battleId: 'battle-2', outcome: o })).rejects.toMatchObject({ code: 'CONFLICT' });
      expect((await api.call('ledger.inventory', { campaignId: campaign.id, playerId: a.id })).allowance).toBe(444);

      // undo restores 400, and the mission can be finished again (once)
      await api.call('ledger.undo', { campaignId: campaign.id });
      expect((await api.call('ledger.inventory', { campaignId: campaign.id, playerId: a.id })).allowance).toBe(400);
      expect((await api.call('ledger.inventory', { campaignId: campaign.id, playerId: a.id })).inventory.cryptidDice).toHaveLength(0);
      await api.call('ledger.redo', { campaignId: campaign.id });
      expect((await api.call('ledger.inventory', { campaignId: campaign.id, playerId: a.id })).allowance).toBe(444);
      const j = await api.call('ledger.journal', { campaignId: campaign.id });
      expect(j.players[0]!.explanation.map((l) => l.running).at(-1)).toBe(444);
    });
  });
});
