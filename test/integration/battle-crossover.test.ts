import { describe, expect, it } from 'vitest';
import { withBackend } from '../helpers/backend';
import { crossoverRival, minimalArmy, seedCampaign, twoMinimalArmies } from '../helpers/battle-seed';
import { useTempDirs } from '../helpers/tmp';
import { DIALECTS, ledgerPlace } from '../helpers/dialects';
import { playFiveRounds } from '../helpers/crash-harness-seeds';

const tempDir = useTempDirs();

describe.each(DIALECTS)('crossover battles go through the ledger’s crossover check (DIGEST 18.3–18.6, AMB-24) (%s)', (dialect) => {
  it('refuses a crossover naming the failing condition, starts a matched one, and finishing it grants neither campaign anything', async () => {
    await withBackend(await ledgerPlace(dialect, tempDir()), async ({ api }) => {
      const { pack, campaign, rosters } = await seedCampaign(api);
      const ana = rosters[0]!;
      const other = await crossoverRival(api, [ana.factionId, rosters[1]!.factionId]);

      // DIGEST 18.5, AMB-24: matched Veteran Sixes are the smaller holding or none (nobody has a rank yet: 0)
      await expect(api.call('battles.start', { mode: 'crossover', rosterIds: [ana.id, other.roster.id], veteranSixes: 1 })).rejects.toMatchObject({
        code: 'RULE_VIOLATION',
        path: ['crossover'],
        message: expect.stringMatching(/cannot be played: Matched Veteran Sixes are the smaller holding or none: 0 each, or 0 for both \(not 1\)/),
      });

      // DIGEST 18.4: a one-off guest must field exactly the veteran's deployed points
      const guestPlayer = await api.call('players.create', { name: 'Guest' });
      const g = await api.call('rosters.create', {
        name: 'Guest band',
        playerId: guestPlayer.id,
        factionId: ana.factionId,
        mode: 'standalone',
        campaignId: null,
      });
      const guestArmy = minimalArmy(g.roster, pack);
      guestArmy.officers = guestArmy.officers.slice(0, 3); // one Officer fewer: fewer points than Ana's army
      await api.call('rosters.save', { roster: guestArmy });
      await expect(api.call('battles.start', { mode: 'crossover', rosterIds: [ana.id, g.roster.id] })).rejects.toMatchObject({
        code: 'RULE_VIOLATION',
        issues: [expect.objectContaining({ path: ['crossover', 'GUEST_POINTS'] })],
      });
      expect(await api.call('battles.list', {})).toEqual([]); // nothing written by a refusal

      // same mission level, matched points, Veteran Sixes off: allowed
      let b = await api.call('battles.start', { mode: 'crossover', rosterIds: [ana.id, other.roster.id] });
      expect(b.mode).toBe('crossover');
      expect(b.activation).toBe('bag');

      const before = await api.call('campaigns.list', {});
      b = await playFiveRounds(api, b, pack);
      const done = await api.call('battles.finish', { battleId: b.id, result: 'win' });
      expect(done.battle.status).toBe('finished');
      // AMB-24: no RP, no marks, no mission advancement for either campaign
      const after = await api.call('campaigns.list', {});
      for (const id of [campaign.id, other.campaign.id]) {
        const x = before.find((c) => c.id === id)!;
        const y = after.find((c) => c.id === id)!;
        expect(y.currentMission).toBe(x.currentMission);
        expect(y.seats.map((s) => s.allowance)).toEqual(x.seats.map((s) => s.allowance));
      }
    });
  });

  // Issue 17: 'Standalone, playtest and crossover battles pick a mission (1–5 …) at set-up, like campaign battles'
  it('a crossover plays the veterans’ mission level, refusing another; a standalone game plays the mission it picks', async () => {
    await withBackend(await ledgerPlace(dialect, tempDir()), async ({ api }) => {
      const { rosters } = await seedCampaign(api);
      const ana = rosters[0]!;
      const other = await crossoverRival(api, [ana.factionId, rosters[1]!.factionId]);
      await expect(api.call('battles.start', { mode: 'crossover', rosterIds: [ana.id, other.roster.id], mission: 3 })).rejects.toMatchObject({
        code: 'RULE_VIOLATION',
        path: ['mission'],
        message: 'A crossover is played at the veterans’ mission level: mission 1, not 3.',
      });
      expect(await api.call('battles.list', {})).toEqual([]);
      const cross = await api.call('battles.start', { mode: 'crossover', rosterIds: [ana.id, other.roster.id] });
      expect(cross.mission).toBe(1);
      await api.call('battles.abandon', { battleId: cross.id, confirm: true });

      const { pack } = await api.call('rulesets.get', {});
      const armies = await twoMinimalArmies(api, pack, ['Eve', 'Fay']);
      const standalone = await api.call('battles.start', { mode: 'standalone', rosterIds: [armies[0]!.id, armies[1]!.id], mission: 4 });
      expect(standalone.mission).toBe(4);
      expect(standalone.setup.mission).toBe(4);
    });
  });
});
