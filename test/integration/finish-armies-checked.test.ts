// A post-battle form's outcome names its armies' formations; Finish refuses one its army does not have. The check
// reads the rosters inside Finish's own transaction, with the campaign locked, so a roster edited by another
// organiser between a check and the write cannot be recorded against (issue 13: every write that belongs together
// is one transaction).
import { describe, expect, it } from 'vitest';
import { checkOutcomeArmies, finishMission } from '../../src-main/backend/campaigns/finish-mission';
import { tableFormations } from '../../src-shared/battle/roster-formations';
import { formation, lanternVigil, outcome, withLedgerCampaign } from '../helpers/ledger-seed';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

describe("Finish checks the form's armies inside its transaction", () => {
  it('refuses a formation the army does not have and records nothing; the same form with its own formations is recorded', async () => {
    await withLedgerCampaign(tmp(), async ({ api, v, a, b, campaign }) => {
      const { roster } = await lanternVigil(api, { v, playerId: a.id, campaignId: campaign.id, cores: 2 });
      const own = tableFormations(roster).map((f) => formation(f.id, { name: f.name, slot: f.slot, startingModels: f.models }));
      const journal = () => api.call('ledger.journal', { campaignId: campaign.id });
      const before = await journal();

      const foreign = outcome(campaign.id, 1, a.id, b.id, { aFormations: [...own, formation('not-in-this-army')] });
      foreign.sides[0]!.rosterId = roster.id;
      await expect(api.call('campaigns.finishMission', { battleId: 'paper-m1', outcome: foreign })).rejects.toMatchObject({
        code: 'VALIDATION',
        path: ['outcome', 'sides', 0, 'formations', own.length, 'formationId'],
      });
      expect(await journal()).toEqual(before);

      const right = outcome(campaign.id, 1, a.id, b.id, { aFormations: own });
      right.sides[0]!.rosterId = roster.id;
      expect(await api.call('campaigns.finishMission', { battleId: 'paper-m1', outcome: right })).toMatchObject({ recorded: true });
    });
  });

  it('runs the check on the transaction that writes the finish, after the campaign is locked', async () => {
    await withLedgerCampaign(tmp(), async ({ backend, api, v, a, b, campaign }) => {
      const { roster } = await lanternVigil(api, { v, playerId: a.id, campaignId: campaign.id, cores: 2 });
      const own = tableFormations(roster).map((f) => formation(f.id, { name: f.name, slot: f.slot, startingModels: f.models }));
      const m1 = outcome(campaign.id, 1, a.id, b.id, { aFormations: own });
      m1.sides[0]!.rosterId = roster.id;
      const seen: boolean[] = [];
      const r = await finishMission(
        backend.ctx.db,
        { battleId: 'paper-m1', outcome: m1 },
        {
          check: async (trx) => {
            seen.push(trx.isTransaction);
            await checkOutcomeArmies(trx, m1);
          },
        },
      );
      expect(r.recorded).toBe(true);
      expect(seen).toEqual([true]);
      // a retry of the recorded finish is answered from the register, without checking again
      expect(await finishMission(backend.ctx.db, { battleId: 'paper-m1', outcome: m1 }, { check: () => void seen.push(false) })).toMatchObject({
        alreadyRecorded: true,
      });
      expect(seen).toEqual([true]);
    });
  });
});
