// Issue 17 point 4: 'When a trophy is won, the player chooses to use it in this battle … or bank it ("use the trophy
// once now or retain it for the campaign", Field Manual §10); banked trophies can be used in a later battle from
// Play Mode.' And point 5/6: the crossoverConsumesTrophies ruling (AMB-24) decides whether a trophy used in a
// crossover leaves its campaign's bank; its two values give different ledgers on the same battle.
import { describe, expect, it } from 'vitest';
import type { BattleDetail } from '../../src-shared/contract/battles.contract';
import type { ApiClient } from '../../src-shared/contract/client';
import { withBackend } from '../helpers/backend';
import { crossoverRival, seedCampaign } from '../helpers/battle-seed';
import { playFiveRounds, seededOutcome } from '../helpers/crash-harness-seeds';
import { outcome } from '../helpers/ledger-seed';
import { DIALECTS, ledgerPlace } from '../helpers/dialects';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();
const TROPHY = { cryptidId: 'nuckelavee', trophyId: 'nuckelavee-trophy', trophyName: 'Salt-crusted Heart' };

/** Mission 1 on paper: the cryptid defeated and Ana's first squad banks its trophy. */
async function missionOneWithTrophy(api: ApiClient, club: Awaited<ReturnType<typeof seedCampaign>>) {
  const o = seededOutcome(club, 1);
  o.cryptid = { cryptidId: TROPHY.cryptidId, startingWounds: 20, defeated: true };
  o.sides[0].formations[0]!.cryptidWounds = 11;
  o.sides[0].trophies = [{ ...TROPHY, formationId: club.rosters[0]!.formations[0]!.id, disposition: 'banked' }];
  await api.call('campaigns.finishMission', { battleId: crypto.randomUUID(), outcome: o });
}

const act = async (api: ApiClient, b: BattleDetail, body: Record<string, unknown>) =>
  (await api.call('battles.act', { battleId: b.id, clientEventId: crypto.randomUUID(), intent: { kind: 'record', body } as never })).battle;

const trophyOf = async (api: ApiClient, campaignId: string, playerId: string) =>
  (await api.call('ledger.inventory', { campaignId, playerId })).inventory.trophies.find((t) => t.trophyId === TROPHY.trophyId);

describe.each(DIALECTS)('banked trophies used in a later battle (%s)', (dialect) => {
  it('Play Mode records the use once, refuses a trophy not banked, and Finish takes it out of the bank', async () => {
    await withBackend(await ledgerPlace(dialect, tmp()), async ({ api }) => {
      const club = await seedCampaign(api);
      const [ana] = club.players;
      await missionOneWithTrophy(api, club);
      expect((await trophyOf(api, club.campaign.id, ana.id))?.status).toBe('banked');

      let b = await api.call('battles.start', { mode: 'campaign', campaignId: club.campaign.id, rosterIds: [club.rosters[0]!.id, club.rosters[1]!.id] });
      let first = true;
      b = await playFiveRounds(api, b, club.pack, async (d) => {
        if (!first) return d;
        first = false;
        // Bo banked nothing: refused by the backend, nothing written
        await expect(act(api, d, { kind: 'record.trophyUsed', side: 'B', ...TROPHY })).rejects.toMatchObject({
          code: 'RULE_VIOLATION',
          message: expect.stringMatching(/holds no such banked trophy/),
        });
        const used = await act(api, d, { kind: 'record.trophyUsed', side: 'A', ...TROPHY });
        await expect(act(api, used, { kind: 'record.trophyUsed', side: 'A', ...TROPHY })).rejects.toMatchObject({
          message: expect.stringMatching(/used already in this battle/),
        });
        return used;
      });
      expect(b.log.filter((e) => e.body.kind === 'record.trophyUsed')).toHaveLength(1);
      await api.call('battles.finish', { battleId: b.id, result: 'win' });
      expect((await trophyOf(api, club.campaign.id, ana.id))?.status).toBe('used');
      const journal = await api.call('ledger.journal', { campaignId: club.campaign.id });
      const m2 = journal.events.find((e) => e.kind === 'mission-finished' && e.mission === 2)!;
      expect(m2.entries.filter((e) => e.item.trophyId === TROPHY.trophyId).map((e) => [e.kind, e.amount, e.reason])).toEqual([
        ['trophy-banked', -1, 'Salt-crusted Heart taken from the bank'],
        ['trophy-used', 1, 'Salt-crusted Heart used in mission 2'],
      ]);
    });
  });
});

describe('the crossoverConsumesTrophies ruling (AMB-24) on the same crossover', () => {
  it.each([
    { consumes: true, after: 'used' },
    { consumes: false, after: 'banked' },
  ])('consumes: $consumes → the trophy is $after in its campaign afterwards', async ({ consumes, after }) => {
    await withBackend(tmp(), async ({ api }) => {
      // the Rulings panel's edit: a new pack version, pinned by campaigns created under it
      const base = await api.call('rulesets.get', {});
      // the bundled default is "not spent": only the other value needs an edit
      expect(base.pack.options.crossoverConsumesTrophies).toBe(false);
      if (consumes) {
        base.pack.options.crossoverConsumesTrophies = true;
        await api.call('rulesets.createVersion', { baseVersionId: base.version.id, pack: base.pack, note: 'Trophies in crossover games' });
      }
      const club = await seedCampaign(api);
      const ana = club.players[0];
      expect((await api.call('campaigns.get', { id: club.campaign.id })).options.crossoverConsumesTrophies).toBe(consumes);
      await missionOneWithTrophy(api, club);
      const rival = await crossoverRival(api, [club.rosters[0]!.factionId, club.rosters[1]!.factionId]);
      const [cy, di] = rival.campaign.seats.map((s) => s.playerId);
      // both veterans at mission 2, so the crossover may be played
      await api.call('campaigns.finishMission', { battleId: crypto.randomUUID(), outcome: outcome(rival.campaign.id, 1, cy!, di!) });

      let b = await api.call('battles.start', { mode: 'crossover', rosterIds: [club.rosters[0]!.id, rival.roster.id] });
      let first = true;
      b = await playFiveRounds(api, b, club.pack, async (d) => {
        if (!first) return d;
        first = false;
        return act(api, d, { kind: 'record.trophyUsed', side: 'A', ...TROPHY });
      });
      const before = await api.call('ledger.journal', { campaignId: club.campaign.id });
      await api.call('battles.finish', { battleId: b.id, result: 'win' });
      expect((await trophyOf(api, club.campaign.id, ana.id))?.status).toBe(after);
      const journal = await api.call('ledger.journal', { campaignId: club.campaign.id });
      // nothing else is granted by a crossover: at most the one trophy event
      expect(journal.events.length - before.events.length).toBe(consumes ? 1 : 0);
    });
  });
});
