// Issue 34 point 2: 'Undo of a whole mission in the Journal names what will be reversed and asks first.' What the
// organiser agreed to undo is what is undone: the request names the event, and is refused when another organiser's
// write has made a different event the last one since.
import { describe, expect, it } from 'vitest';
import { dumpLedger, withBackend } from '../helpers/backend';
import { seedCampaign } from '../helpers/battle-seed';
import { DIALECTS, ledgerPlace } from '../helpers/dialects';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

describe.each(DIALECTS)('ledger.undo of a named event (%s)', (dialect) => {
  it('undoes the named event while it is the last, and refuses, changing nothing, once another is', async () => {
    await withBackend(await ledgerPlace(dialect, tmp()), async ({ api, backend }) => {
      const { campaign, players } = await seedCampaign(api);
      const correct = (amount: number) =>
        api.call('ledger.correct', { campaignId: campaign.id, playerId: players[0].id, amount, reason: `Fixed by ${amount}` });
      const allowance = async () => (await api.call('ledger.inventory', { campaignId: campaign.id, playerId: players[0].id })).allowance;
      const start = await allowance();
      const first = await correct(5);
      const shown = (await api.call('ledger.journal', { campaignId: campaign.id })).undo;
      expect(shown?.eventId).toBe(first.eventId);
      // another organiser corrects again before this one confirms
      await correct(7);
      const before = await dumpLedger(backend);
      await expect(api.call('ledger.undo', { campaignId: campaign.id, eventId: first.eventId })).rejects.toMatchObject({
        code: 'CONFLICT',
        message: expect.stringContaining('Fixed by 7'),
      });
      expect(await dumpLedger(backend)).toEqual(before);
      // named as it now stands, it is undone
      const last = (await api.call('ledger.journal', { campaignId: campaign.id })).undo!;
      const undone = await api.call('ledger.undo', { campaignId: campaign.id, eventId: last.eventId });
      expect(undone.undid).toBe(last.summary);
      expect(await allowance()).toBe(start + 5);
      expect((await api.call('ledger.journal', { campaignId: campaign.id })).undo?.eventId).toBe(first.eventId);
    });
  });
});
