import { describe, expect, it } from 'vitest';
import { formation, outcome, withLedgerCampaign } from '../helpers/ledger-seed';
import { useTempDirs } from '../helpers/tmp';
import { DIALECTS, ledgerPlace } from '../helpers/dialects';

const tmp = useTempDirs();

describe.each(DIALECTS)(
  'item corrections from the Journal (issue 5: trophies banked or used, Cryptid Dice one use, corrections with a reason) (%s)',
  (dialect) => {
    it('uses a banked trophy once, spends a held die once, corrects service marks within 0, and Undo reverses each', async () => {
      await withLedgerCampaign(await ledgerPlace(dialect, tmp()), async ({ api, a, b, campaign }) => {
        const id = campaign.id;
        // 11 Wounds on the cryptid: two Cryptid Dice (one per full 5, DIGEST 17.6); the trophy banked
        const m1 = outcome(id, 1, a.id, b.id, { cryptid: true, aFormations: [formation('a-core-1', { cryptidWounds: 11 })] });
        m1.sides[0].trophies = [{ cryptidId: 'nuckelavee', trophyId: 'hide', trophyName: 'Salt-Crusted Hide', formationId: 'a-core-1', disposition: 'banked' }];
        await api.call('campaigns.finishMission', { battleId: 'm1', outcome: m1 });
        const inv = async () => (await api.call('ledger.inventory', { campaignId: id, playerId: a.id })).inventory;
        const start = await inv();
        expect(start.trophies).toEqual([expect.objectContaining({ trophyId: 'hide', status: 'banked' })]);
        expect(start.cryptidDice).toHaveLength(2);
        expect(start.formations).toEqual([expect.objectContaining({ formationId: 'a-core-1', serviceMarks: 1, rank: 'I', veteranSixes: 1 })]);
        const correct = (change: unknown, reason = 'Put right at the club night') =>
          api.call('ledger.correctItem', { campaignId: id, playerId: a.id, change: change as never, reason });

        // table: each change, what the inventory shows after it, and the second attempt's refusal
        const used = await correct({ kind: 'use-trophy', trophyId: 'hide' }, 'Used in a crossover game');
        expect(used.summary).toBe('Ada used the banked trophy Salt-Crusted Hide (Used in a crossover game)');
        expect((await inv()).trophies).toEqual([expect.objectContaining({ trophyId: 'hide', status: 'used' })]);
        await expect(correct({ kind: 'use-trophy', trophyId: 'hide' })).rejects.toMatchObject({
          code: 'CONFLICT',
          path: ['change', 'trophyId'],
          message: expect.stringMatching(/used already/),
        });

        const die = start.cryptidDice[0]!.id;
        await correct({ kind: 'spend-die', dieId: die }, 'Spent in a paper game');
        expect((await inv()).cryptidDice.map((d) => d.id)).toEqual([start.cryptidDice[1]!.id]);
        await expect(correct({ kind: 'spend-die', dieId: die })).rejects.toMatchObject({ code: 'CONFLICT', path: ['change', 'dieId'] });

        // two more marks: 3 marks is rank II with 2 Veteran Sixes (DIGEST 16.6)
        await correct({ kind: 'service-mark', formationId: 'a-core-1', amount: 2 }, 'Marks missed at mission 1');
        expect((await inv()).formations[0]).toMatchObject({ serviceMarks: 3, rank: 'II', veteranSixes: 2 });
        await expect(correct({ kind: 'service-mark', formationId: 'a-core-1', amount: -4 })).rejects.toMatchObject({
          code: 'VALIDATION',
          path: ['change', 'amount'],
        });
        await expect(correct({ kind: 'service-mark', formationId: 'nobody', amount: 1 })).rejects.toMatchObject({
          code: 'NOT_FOUND',
          path: ['change', 'formationId'],
        });
        // a reason is required
        await expect(correct({ kind: 'service-mark', formationId: 'a-core-1', amount: 1 }, '')).rejects.toMatchObject({ code: 'VALIDATION', path: ['reason'] });

        // the allowance is untouched by item corrections
        expect((await api.call('ledger.inventory', { campaignId: id, playerId: a.id })).allowance).toBe(438); // 400 + 18 + 10 + 10, as before the corrections

        // Undo walks back through the corrections, newest first
        await api.call('ledger.undo', { campaignId: id });
        expect((await inv()).formations[0]).toMatchObject({ serviceMarks: 1, rank: 'I' });
        await api.call('ledger.undo', { campaignId: id });
        expect((await inv()).cryptidDice).toHaveLength(2);
        await api.call('ledger.undo', { campaignId: id });
        expect((await inv()).trophies).toEqual([expect.objectContaining({ trophyId: 'hide', status: 'banked' })]);
        const j = await api.call('ledger.journal', { campaignId: id });
        expect(j.events.filter((e) => e.kind === 'correction').every((e) => e.undone)).toBe(true);
      });
    });
  },
);
