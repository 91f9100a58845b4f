import { describe, expect, it } from 'vitest';
import { AppError } from '../../src-shared/errors';
import { withBackend } from '../helpers/backend';
import { seedCampaign } from '../helpers/battle-seed';
import { pdfText } from '../helpers/pdf';
import { useTempDirs } from '../helpers/tmp';
import { DIALECTS, ledgerPlace } from '../helpers/dialects';
import { act, playFiveRounds } from '../helpers/crash-harness-seeds';

const tempDir = useTempDirs();

describe.each(DIALECTS)('battles channels on a real ledger file (%s)', (dialect) => {
  it('starts a campaign Mission 1 battle, records, refuses what the rules forbid, finishes once with the ledger’s rewards, prints the report', async () => {
    await withBackend(await ledgerPlace(dialect, tempDir()), async ({ api }) => {
      const { pack, campaign, rosters, players } = await seedCampaign(api);
      let b = await api.call('battles.start', { mode: 'campaign', campaignId: campaign.id, rosterIds: [rosters[1]!.id, rosters[0]!.id] });
      expect(b.mission).toBe(1);
      expect(b.setup.sides.map((s) => s.playerId)).toEqual([players[0].id, players[1].id]); // seat A first
      expect(b.setup.sides[0].formations[0]).toMatchObject({ slot: 'command', models: 5 });

      // a second battle for the same mission is refused while this one runs
      await expect(api.call('battles.start', { mode: 'campaign', campaignId: campaign.id, rosterIds: [rosters[0]!.id, rosters[1]!.id] })).rejects.toMatchObject(
        { code: 'CONFLICT' },
      );
      // finishing before round five is refused
      await expect(api.call('battles.previewFinish', { battleId: b.id, result: 'win' })).rejects.toMatchObject({ code: 'RULE_VIOLATION' });

      // idempotent: the same client event id twice records once
      const id = crypto.randomUUID();
      const intent = { kind: 'record', body: { kind: 'setup.scenario', provinceId: pack.provinces[0]!.id, campaignGame: 1 } } as const;
      expect((await api.call('battles.act', { battleId: b.id, clientEventId: id, intent })).recorded).toBe(true);
      const again = await api.call('battles.act', { battleId: b.id, clientEventId: id, intent });
      expect(again.recorded).toBe(false);
      expect(again.battle.log).toHaveLength(1);
      // a step out of order is refused with the rule, and nothing is written
      const e = await api.call('battles.act', { battleId: b.id, clientEventId: crypto.randomUUID(), intent: { kind: 'draw' } }).catch((x: AppError) => x);
      expect(e).toBeInstanceOf(AppError);
      expect((await api.call('battles.get', { battleId: b.id })).log).toHaveLength(1);

      // play it through (the helper starts from a fresh battle, so abandon this one first: asks for confirmation)
      await expect(api.call('battles.abandon', { battleId: b.id, confirm: false as unknown as true })).rejects.toMatchObject({ code: 'VALIDATION' });
      const abandoned = await api.call('battles.abandon', { battleId: b.id, confirm: true });
      expect(abandoned.status).toBe('abandoned');
      expect(abandoned.log).toHaveLength(1); // the record is kept
      const journalBefore = await api.call('campaigns.get', { id: campaign.id });
      expect(journalBefore.currentMission).toBe(1); // abandoning grants nothing

      b = await api.call('battles.start', { mode: 'campaign', campaignId: campaign.id, rosterIds: [rosters[0]!.id, rosters[1]!.id] });
      b = await act(api, b.id, {
        kind: 'record',
        body: { kind: 'record.ruling', ruling: 'disputed', ruleRef: 'Field Manual §4', text: 'Whether a fled patrol still blocks the marker.' },
      });
      b = await playFiveRounds(api, b, pack);
      const preview = await api.call('battles.previewFinish', { battleId: b.id, result: 'win' });
      expect(preview.outcome.sides[0]).toMatchObject({ result: 'win', mutantKills: 2, victoryPoints: 4 });
      expect(preview.preview.recordsToCampaign).toBe(true);

      const done = await api.call('battles.finish', { battleId: b.id, result: 'win' });
      expect(done.recorded).toBe(true);
      expect(done.battle.status).toBe('finished');
      const twice = await api.call('battles.finish', { battleId: b.id, result: 'win' });
      expect(twice).toMatchObject({ recorded: false, alreadyRecorded: true });
      const after = await api.call('campaigns.get', { id: campaign.id });
      expect(after.currentMission).toBe(2);
      // [000 §13] 18 for taking part + 10 for the win + 2 per mutant: 400 + 32
      expect(after.seats.find((s) => s.seat === 'A')!.allowance).toBe(400 + 18 + 10 + 2 * 2);
      expect(after.seats.find((s) => s.seat === 'B')!.allowance).toBe(400 + 18);

      const list = await api.call('battles.list', {});
      expect(list.map((x) => x.status).sort()).toEqual(['abandoned', 'finished']);

      const pdf = await api.call('print.battleReport', { battleId: b.id });
      const text = pdfText(Buffer.from(pdf.base64, 'base64'));
      expect(text).toContain('Battle report: Ana v Bo');
      expect(text).toContain('Whether a fled patrol still blocks the marker.');
      expect(text).toMatch(/Round by round/);
    });
  });
});

describe.each(DIALECTS)('Cryptid Dice in a battle (%s)', (dialect) => {
  it('are spent only from the player’s own campaign inventory', async () => {
    await withBackend(await ledgerPlace(dialect, tempDir()), async (t) => {
      const { pack, campaign, rosters } = await seedCampaign(t.api);
      const b = await t.api.call('battles.start', { mode: 'campaign', campaignId: campaign.id, rosterIds: [rosters[0]!.id, rosters[1]!.id] });
      await act(t.api, b.id, { kind: 'record', body: { kind: 'setup.scenario', provinceId: pack.provinces[0]!.id, campaignGame: 1 } });
      const e = await t.api
        .call('battles.act', {
          battleId: b.id,
          clientEventId: crypto.randomUUID(),
          intent: { kind: 'record', body: { kind: 'record.cryptidDie', side: 'A', dieId: 'not-a-die' } },
        })
        .catch((x: AppError) => x);
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).message).toMatch(/holds no such Cryptid Die/); // a fresh campaign has earned none yet
    });
  });
});
