// Issue 15 point 8: 'the battle report omits the RP and service-mark outcome'. A finished campaign battle's report
// now carries what Finish Mission recorded (each player's RP with its lines, each formation's mark and rank), and
// drops it again when the finish is undone in the Journal.
import { describe, expect, it } from 'vitest';
import { withBackend } from '../helpers/backend';
import { seedCampaign } from '../helpers/battle-seed';
import { playFiveRounds, startCampaignBattle } from '../helpers/crash-harness-seeds';
import { pdfText, renderFirstPage } from '../helpers/pdf';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

describe('the battle report of a finished campaign battle', () => {
  it('shows the campaign outcome Finish Mission recorded, and not once the finish is undone', async () => {
    await withBackend(tmp(), async ({ api }) => {
      const club = await seedCampaign(api);
      const b = await playFiveRounds(api, await startCampaignBattle(api, club), club.pack);
      const { preview } = await api.call('battles.finish', { battleId: b.id, result: 'win' });
      const report = async () => Buffer.from((await api.call('print.battleReport', { battleId: b.id })).base64, 'base64');

      const pdf = await report();
      renderFirstPage(pdf, 'battle-report-campaign-outcome');
      const text = pdfText(pdf).replace(/\s+/g, ' ');
      expect(text).toContain('Campaign outcome: mission 1');
      for (const p of preview.players) {
        expect(text).toContain(`${p.playerName} (${p.result}): requisition points from ${p.allowanceBefore} to ${p.allowanceAfter}`);
        for (const f of p.formations) expect(text).toContain(f.name);
      }
      expect(text).toMatch(/taking part \+\d+/);
      expect(text).toContain('Mission 2 is unlocked.');

      await api.call('ledger.undo', { campaignId: club.campaign.id });
      expect(pdfText(await report())).not.toContain('Campaign outcome');
    });
  });
});
