// Issue 17: 'a campaign's Mission 2 entered on the paper post-battle form gave the command group service marks under a
// different formation than the same campaign's Mission 1 played in Play Mode'. Both start from the same formations
// (tableFormations): one line per formation in the ledger, however each mission was recorded.
import { describe, expect, it } from 'vitest';
import { sideFromRoster } from '../../src-main/backend/battles/from-roster';
import { tableFormations } from '../../src-shared/battle/roster-formations';
import { formation, lanternVigil, outcome, withLedgerCampaign } from '../helpers/ledger-seed';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

describe('one line per formation across Play Mode and paper missions', () => {
  it('the command group and each squad keep one line of marks, ranks and Veteran Sixes', async () => {
    await withLedgerCampaign(tmp(), async ({ api, v, a, b, campaign }) => {
      const { roster, pack } = await lanternVigil(api, { v, playerId: a.id, campaignId: campaign.id, cores: 2 });

      // Mission 1 as Play Mode records it: the formations its set-up made from the roster
      const played = sideFromRoster(roster, pack, 'Ada').formations.map((f) =>
        formation(f.id, { name: f.name, slot: f.slot, startingModels: f.models, survivors: f.models }),
      );
      const m1 = outcome(campaign.id, 1, a.id, b.id, { aFormations: played });
      m1.sides[0]!.rosterId = roster.id;
      await api.call('campaigns.finishMission', { battleId: 'play-m1', outcome: m1 });

      // Mission 2 as the paper form records it: the rows it lists for the same roster
      const paper = tableFormations(roster).map((f) => formation(f.id, { name: f.name, slot: f.slot, startingModels: f.models, survivors: 1 }));
      const m2 = outcome(campaign.id, 2, a.id, b.id, { aFormations: paper });
      m2.sides[0]!.rosterId = roster.id;
      await api.call('campaigns.finishMission', { battleId: 'paper-m2', outcome: m2 });

      const { inventory } = await api.call('ledger.inventory', { campaignId: campaign.id, playerId: a.id });
      const lines = inventory.formations.map((f) => f.formationId).sort();
      expect(lines).toEqual([roster.captain!.id, ...roster.formations.map((f) => f.id)].sort());
      // a survivor in both missions: two marks on the one line
      for (const f of inventory.formations) expect(f.serviceMarks).toBe(2);
      expect(inventory.formations.filter((f) => /command group/i.test(f.name))).toHaveLength(1);
    });
  });
});
