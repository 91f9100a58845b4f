import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DIALECTS, ledgerPlace } from '../helpers/dialects';
import { outcome, withLedgerCampaign } from '../helpers/ledger-seed';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

describe.each(DIALECTS)('a write sent again with its request id records nothing twice (%s)', (dialect) => {
  it('Finish Mission, a correction, an item correction, undo and redo: the repeat gets the first answer, the Journal has each once', async () => {
    await withLedgerCampaign(await ledgerPlace(dialect, tmp()), async ({ api, a, b, campaign }) => {
      const twice = async <T>(call: () => Promise<T>): Promise<T> => {
        const first = await call();
        expect(await call()).toEqual(first);
        return first;
      };
      const finish = { battleId: 'b-1', outcome: outcome(campaign.id, 1, a.id, b.id), requestId: randomUUID() };
      expect(await twice(() => api.call('campaigns.finishMission', finish))).toMatchObject({ recorded: true, eventId: finish.requestId });
      const correction = { campaignId: campaign.id, playerId: b.id, amount: 3, reason: 'forgotten kill', requestId: randomUUID() };
      await twice(() => api.call('ledger.correct', correction));
      const inv = await api.call('ledger.inventory', { campaignId: campaign.id, playerId: a.id });
      const formationId = inv.inventory.formations[0]!.formationId;
      const mark = {
        campaignId: campaign.id,
        playerId: a.id,
        change: { kind: 'service-mark' as const, formationId, amount: 1 },
        reason: 'mark missed',
        requestId: randomUUID(),
      };
      await twice(() => api.call('ledger.correctItem', mark));
      const undo = { campaignId: campaign.id, reason: 'wrong mark', requestId: randomUUID() };
      expect((await twice(() => api.call('ledger.undo', undo))).undid).toMatch(/mark missed/);
      const redo = { campaignId: campaign.id, reason: 'it was right', requestId: randomUUID() };
      expect((await twice(() => api.call('ledger.redo', redo))).redid).toMatch(/mark missed/);

      const j = await api.call('ledger.journal', { campaignId: campaign.id });
      expect(j.events.map((e) => e.kind)).toEqual(['campaign-created', 'mission-finished', 'correction', 'correction', 'undo', 'redo']);
      expect(j.events.slice(1).map((e) => e.id)).toEqual([finish.requestId, correction.requestId, mark.requestId, undo.requestId, redo.requestId]);
      // a request id is a key of its own: the same one for another write is not taken for a repeat of it
      await expect(api.call('ledger.correct', { ...correction, campaignId: 'another-campaign' })).rejects.toMatchObject({
        code: expect.stringMatching(/CONFLICT|NOT_FOUND/),
      });
    });
  });
});
