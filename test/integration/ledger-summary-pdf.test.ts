import { describe, expect, it } from 'vitest';
import { formation, outcome, withLedgerCampaign } from '../helpers/ledger-seed';
import { pdfInfo, pdfText, qpdfCheck, renderFirstPage } from '../helpers/pdf';
import { useTempDirs } from '../helpers/tmp';
import { withBackend } from '../helpers/backend';
import { everyoneSurvives, seedCampaign } from '../helpers/battle-seed';

const tmp = useTempDirs();

/** Collapses pdftotext's layout spacing so phrases can be matched across table cells. */
const flat = (t: string) => t.replace(/\s+/g, ' ');

describe('campaign summary PDF (issue 5: "a printable campaign summary")', () => {
  it('shows missions with results, rewards with reasons, the allowance history, marks, dice, trophies and corrections', async () => {
    await withLedgerCampaign(tmp(), async ({ api, a, b, campaign }) => {
      const id = campaign.id;
      // mission 1: Ada wins with 3 mutants and 11 Wounds on the cryptid (2 Cryptid Dice at 5 Wounds each, DIGEST 17.6)
      const m1 = outcome(id, 1, a.id, b.id, {
        aKills: 3,
        cryptid: true,
        aFormations: [formation('a-core-1', { cryptidWounds: 11 })],
        bFormations: [formation('b-core-1', { cryptidWounds: 2 })],
      });
      m1.sides[0].trophies = [
        { cryptidId: 'nuckelavee', trophyId: 'nuckelavee-trophy', trophyName: 'Salt-Crusted Hide', formationId: 'a-core-1', disposition: 'banked' },
      ];
      await api.call('campaigns.finishMission', { battleId: 'm1', outcome: m1 });
      // mission 2 recorded wrongly, undone, recorded again as a loss for Ada
      await api.call('campaigns.finishMission', { battleId: 'm2-wrong', outcome: outcome(id, 2, a.id, b.id, { aResult: 'win' }) });
      await api.call('ledger.undo', { campaignId: id, reason: 'Wrong winner entered' });
      await api.call('campaigns.finishMission', { battleId: 'm2', outcome: outcome(id, 2, a.id, b.id, { aResult: 'loss', bKills: 2 }) });
      await api.call('ledger.correct', { campaignId: id, playerId: b.id, amount: -4, reason: 'Double-counted mutant kill' });

      const journal = await api.call('ledger.journal', { campaignId: id });
      const ada = journal.players.find((p) => p.playerId === a.id)!;
      const bram = journal.players.find((p) => p.playerId === b.id)!;
      const { base64, fileName } = await api.call('print.campaignSummary', { campaignId: id, paperSize: 'A4' });
      const pdf = Buffer.from(base64, 'base64');
      expect(fileName).toBe('ada-vs-bram-summary.pdf');
      expect(qpdfCheck(pdf)).toMatch(/No syntax or stream encoding errors/);
      expect(pdfInfo(pdf).title).toBe('Campaign summary — Ada vs Bram');
      const text = flat(pdfText(pdf));

      // standings and both allowances as the Journal computes them: Ada 400 + 44 (mission 1) + 18 (mission 2), DIGEST 17.2
      expect(ada.allowance).toBe(462);
      expect(text).toContain(`Ada: ${ada.allowance} RP`);
      expect(text).toContain(`Bram: ${bram.allowance} RP`);
      // the rulings it is played under (issue 17): this campaign pinned the pack's defaults
      expect(text).toContain('Every ruling at its default.');
      // missions with each side's result; the undone attempt is marked, not hidden
      expect(text).toMatch(/Missions Mission Recorded Ada Bram/);
      expect(text).toMatch(/1 \d{4}-\d\d-\d\d Won, 3 VP, 3 mutants, 11 cryptid Wounds Lost, 1 VP, 0 mutants, 2 cryptid Wounds/);
      expect(text).toMatch(/2 \(undone\) \d{4}-\d\d-\d\d Won/);
      expect(text).toMatch(/2 \d{4}-\d\d-\d\d Lost, 3 VP, 0 mutants, 0 cryptid Wounds Won, 1 VP, 2 mutants/);
      // every reward line with its reason and the running total: "why is Ada's allowance 462?"
      for (const line of ada.explanation) expect(text).toContain(line.reason);
      expect(text).toMatch(/\+18 418/);
      expect(text).toContain('Double-counted mutant kill');
      // marks, rank, dice and the banked trophy
      expect(text).toMatch(/Veteran formations Formation Marks Rank Veteran Sixes Cryptid Veteran/);
      expect(text).toMatch(/Cryptid Dice held: 2\./);
      expect(text).toContain('Salt-Crusted Hide (banked)');
      // the timeline with the undo
      expect(text).toMatch(/Timeline/);
      expect(text).toContain('(undone)');
      expect(text).toContain('Wrong winner entered');
      renderFirstPage(pdf, 'ledger-campaign-summary');
    });
  });

  it('marks a trophy whose entry the pinned pack marks provisional (issue 17 point 7), and says so in the footer', async () => {
    await withBackend(tmp(), async ({ api }) => {
      const club = await seedCampaign(api);
      const cryptid = club.pack.cryptids.find((c) => c.provisional.includes('trophy'))!;
      const o = everyoneSurvives(club);
      o.cryptid = { cryptidId: cryptid.id, startingWounds: 15, defeated: true };
      o.sides[0].formations[0]!.cryptidWounds = 8;
      o.sides[0].trophies = [
        {
          cryptidId: cryptid.id,
          trophyId: cryptid.trophy.id,
          trophyName: cryptid.trophy.name,
          formationId: o.sides[0].formations[0]!.formationId,
          disposition: 'banked',
        },
      ];
      await api.call('campaigns.finishMission', { battleId: 'm1', outcome: o });
      const text = flat(pdfText(Buffer.from((await api.call('print.campaignSummary', { campaignId: club.campaign.id })).base64, 'base64')));
      expect(text).toContain(`${cryptid.trophy.name}† (banked)`);
      expect(text).toContain('provisional values marked †');
    });
  });
});
