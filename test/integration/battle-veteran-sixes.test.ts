import { describe, expect, it } from 'vitest';
import { BagActivation, type BagState } from '../../src-shared/battle/bag';
import { foldEvents } from '../../src-shared/battle/reducer';
import { battleRules } from '../../src-main/backend/battles/rules';
import { withBackend } from '../helpers/backend';
import { minimalArmy, seedCampaign } from '../helpers/battle-seed';
import { act, playSetup, seededOutcome } from '../helpers/crash-harness-seeds';
import { expectError } from '../helpers/expect-error';
import { useTempDirs } from '../helpers/tmp';

const tempDir = useTempDirs();

describe('Veteran Sixes per battle on a real ledger [000 §11 step 3: "At 1 mark, Rank I gives 1 Veteran Six in each later battle"]', () => {
  it('mission 2 reads each formation’s rank from the ledger; the backend refuses a second one from a Rank I formation and writes nothing', async () => {
    await withBackend(tempDir(), async ({ api }) => {
      const club = await seedCampaign(api);
      const { pack, campaign, rosters } = club;
      // mission 1 on paper: every seeded formation survives, so each gains its first service mark (Rank I)
      await api.call('campaigns.finishMission', { battleId: crypto.randomUUID(), outcome: seededOutcome(club, 1) });
      let b = await api.call('battles.start', { mode: 'campaign', campaignId: campaign.id, rosterIds: [rosters[0]!.id, rosters[1]!.id] });
      expect(b.mission).toBe(2);
      const line1 = rosters[0]!.formations[0]!.id;
      const sixes = Object.fromEntries(b.setup.sides[0].formations.map((f) => [f.id, f.veteranSixes]));
      expect(sixes[line1]).toBe(1);
      expect(sixes[rosters[0]!.captain!.id]).toBe(0); // no mark for the command group in that record: no Veteran Six

      b = await playSetup(api, b, pack);
      const six = { kind: 'record', body: { kind: 'record.veteranSix', side: 'A', formationId: line1, pool: 'hit', replacing: null } } as const;
      b = await act(api, b.id, six);
      // next activation: the command phase ends and a formation is drawn and picked
      b = await act(api, b.id, { kind: 'record', body: { kind: 'command.done' } });
      b = await act(api, b.id, { kind: 'draw' });
      const turn = BagActivation.turn(foldEvents(b.setup, battleRules(pack, b.options), b.log).activation as BagState);
      if (turn.kind === 'choose') b = await act(api, b.id, { kind: 'record', body: { kind: 'bag.activate', formationId: turn.eligible[0]! } });
      const before = b.log.length;
      const e = await expectError(api.call('battles.act', { battleId: b.id, clientEventId: crypto.randomUUID(), intent: six }), 'RULE_VIOLATION');
      expect(e.message).toMatch(/spent all 1 Veteran Six its rank gives for this battle/);
      expect((await api.call('battles.get', { battleId: b.id })).log).toHaveLength(before);

      // a natural 1 already rolled cannot be replaced, by a formation that still holds one either
      const line2 = rosters[0]!.formations[1]!.id;
      const late = { kind: 'record', body: { kind: 'record.veteranSix', side: 'A', formationId: line2, pool: 'save', replacing: 1 } } as const;
      const e1 = await expectError(api.call('battles.act', { battleId: b.id, clientEventId: crypto.randomUUID(), intent: late }), 'RULE_VIOLATION');
      expect(e1.path).toEqual(['replacing']);
      expect((await api.call('battles.get', { battleId: b.id })).log).toHaveLength(before);
    });
  });

  it('a standalone army has no ranks: no Veteran Six to spend', async () => {
    await withBackend(tempDir(), async ({ api }) => {
      const { pack, players } = await seedCampaign(api);
      const mk = async (p: { id: string }, f: string, name: string) => {
        const created = await api.call('rosters.create', { name, playerId: p.id, factionId: f, mode: 'standalone', campaignId: null });
        return (await api.call('rosters.save', { roster: minimalArmy(created.roster, pack) })).roster;
      };
      const ra = await mk(players[0], pack.factions[0]!.id, 'Solo A');
      const rb = await mk(players[1], pack.factions[1]!.id, 'Solo B');
      let b = await api.call('battles.start', { mode: 'standalone', rosterIds: [ra.id, rb.id] });
      expect(b.setup.sides.flatMap((s) => s.formations.map((f) => f.veteranSixes))).toEqual(b.setup.sides.flatMap((s) => s.formations.map(() => 0)));
      b = await playSetup(api, b, pack);
      const e = await expectError(
        api.call('battles.act', {
          battleId: b.id,
          clientEventId: crypto.randomUUID(),
          intent: { kind: 'record', body: { kind: 'record.veteranSix', side: 'A', formationId: ra.formations[0]!.id } },
        }),
        'RULE_VIOLATION',
      );
      expect(e.message).toMatch(/has no Veteran Six in this battle/);
    });
  });
});
