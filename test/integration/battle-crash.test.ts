import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src-shared/contract/client';
import type { Channel } from '../../src-shared/contract';
import { foldEvents } from '../../src-shared/battle/reducer';
import { battleRules } from '../../src-main/backend/battles/rules';
import { spawnChildBackend, type ChildBackend } from '../helpers/crash-harness';
import { seedCampaign } from '../helpers/battle-seed';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

const clientOf = (child: ChildBackend) => createApiClient((channel: Channel, input: unknown) => child.call(channel, input));

describe('a battle survives the backend being killed mid-battle (issue 6, acceptance 3)', () => {
  it(
    'SIGKILL while events stream in: every acknowledged event is there after restart, nothing twice, retries record nothing new',
    { timeout: 60_000 },
    async () => {
      const dir = tmp();
      let child = spawnChildBackend(dir);
      await child.ready;
      let api = clientOf(child);
      const { pack, campaign, rosters } = await seedCampaign(api);
      const battle = await api.call('battles.start', { mode: 'campaign', campaignId: campaign.id, rosterIds: [rosters[0]!.id, rosters[1]!.id] });
      const act = (id: string, body: unknown) => child.call('battles.act', { battleId: battle.id, clientEventId: id, intent: { kind: 'record', body } });
      // setup and round 1 under way
      const steps = [
        { kind: 'setup.scenario', provinceId: pack.provinces[0]!.id, campaignGame: 1 },
        { kind: 'setup.terrain', objectives: pack.missions[0]!.objectives },
      ];
      for (const s of steps) expect((await act(crypto.randomUUID(), s)).ok).toBe(true);
      expect((await child.call('battles.act', { battleId: battle.id, clientEventId: crypto.randomUUID(), intent: { kind: 'deployment-rolloff' } })).ok).toBe(
        true,
      );
      expect((await act(crypto.randomUUID(), { kind: 'setup.deployed', reserves: { A: [], B: [] } })).ok).toBe(true);

      // a burst of recordings; the process is killed once some of them are acknowledged
      const formationId = rosters[0]!.formations[0]!.id;
      const burst = Array.from({ length: 60 }, (_, i) => ({
        id: crypto.randomUUID(),
        body: { kind: 'record.wounds', side: 'A', formationId, attack: i % 2 ? 'melee' : 'ranged', amount: 1 + (i % 3) },
      }));
      const acked: string[] = [];
      const pending = burst.map((e) =>
        act(e.id, e.body).then((r) => {
          if (r.ok) acked.push(e.id);
        }),
      );
      while (acked.length < 15) await new Promise((r) => setTimeout(r, 2));
      child.proc.kill('SIGKILL');
      await child.exited;
      void Promise.allSettled(pending);
      expect(acked.length).toBeLessThan(burst.length); // killed mid-burst, not after it

      child = spawnChildBackend(dir);
      await child.ready;
      api = clientOf(child);
      const reopened = await api.call('battles.get', { battleId: battle.id });
      const ids = reopened.log.map((e) => e.id);
      for (const id of acked) expect(ids).toContain(id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(reopened.log.map((e) => e.seq)).toEqual(ids.map((_, i) => i + 1));

      // the table resends everything it had not seen acknowledged: nothing lands twice
      for (const e of burst) expect((await act(e.id, e.body)).ok).toBe(true);
      const after = await api.call('battles.get', { battleId: battle.id });
      expect(after.log).toHaveLength(4 + burst.length);
      // and the record still replays to the same battle, round 1 in progress
      const state = foldEvents(after.setup, battleRules(pack, after.options), after.log);
      expect(state.round).toBe(1);
      expect(state.rounds[0]!.wounds.reduce((n, w) => n + w.amount, 0)).toBe(burst.reduce((n, e) => n + e.body.amount, 0));
      child.proc.stdin.end();
      await child.exited;
    },
  );
});
