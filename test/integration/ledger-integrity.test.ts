import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { startBackend } from '../../src-main/backend/backend';
import { finishMission } from '../../src-main/backend/campaigns/finish-mission';
import { createApiClient } from '../../src-shared/contract/client';
import { testBackend, dumpDatabase } from '../helpers/backend';
import { formation, outcome, seedCampaignViaApi, seedLedgerPack, withLedgerCampaign } from '../helpers/ledger-seed';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

describe('recorded exactly once (acceptance 2; DIGEST 17.5, AMB-23)', () => {
  it('two concurrent dispatches of Finish record one reward', async () => {
    await withLedgerCampaign(tmp(), async ({ backend, api, a, b, campaign }) => {
      const o = outcome(campaign.id, 1, a.id, b.id, { aKills: 3 });
      const results = await Promise.allSettled([
        api.call('campaigns.finishMission', { battleId: 'same', outcome: o }),
        api.call('campaigns.finishMission', { battleId: 'same', outcome: o }),
        api.call('campaigns.finishMission', { battleId: 'retry-with-new-id', outcome: o }),
      ]);
      const recorded = results.filter((r) => r.status === 'fulfilled' && r.value.recorded);
      expect(recorded).toHaveLength(1);
      expect((await api.call('ledger.inventory', { campaignId: campaign.id, playerId: a.id })).allowance).toBe(400 + 18 + 10 + 6);
      const n = backend.ctx.sqlite.prepare("select count(*) n from ledger_entries where kind = 'participation'").get() as { n: number };
      expect(n.n).toBe(2);
    });
  });

  it('two backends on the same database file racing to finish record one reward', async () => {
    const dir = tmp();
    const one = await startBackend({ dataDir: dir, mode: 'test' });
    const two = await startBackend({ dataDir: dir, mode: 'test', lock: false });
    // both connections live in this one thread: a short busy wait keeps the loser from stalling the winner
    two.ctx.sqlite.pragma('busy_timeout = 50');
    try {
      const api1 = createApiClient((c, i) => one.dispatch(c, i));
      const api2 = createApiClient((c, i) => two.dispatch(c, i));
      const v = await seedLedgerPack(one.ctx.db);
      const { a, b, campaign } = await seedCampaignViaApi(api1, v);
      const o = outcome(campaign.id, 1, a.id, b.id, { aKills: 1 });
      const results = await Promise.allSettled([
        api1.call('campaigns.finishMission', { battleId: 'b-1', outcome: o }),
        api2.call('campaigns.finishMission', { battleId: 'b-1', outcome: o }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled' && r.value.recorded)).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'CONFLICT' });
      // a retry after the race is told it was already recorded
      const retry = await api2.call('campaigns.finishMission', { battleId: 'b-1', outcome: o });
      expect(retry).toMatchObject({ recorded: false, alreadyRecorded: true });
      const rows = one.ctx.sqlite.prepare('select count(*) n from mission_finishes').get() as { n: number };
      expect(rows.n).toBe(1);
      expect((await api2.call('ledger.inventory', { campaignId: campaign.id, playerId: a.id })).allowance).toBe(430);
    } finally {
      await two.close();
      await one.close();
    }
  });

  it('the schema itself refuses a second live finish of a mission, and of a battle', async () => {
    await withLedgerCampaign(tmp(), async ({ backend, api, a, b, campaign }) => {
      const done = await api.call('campaigns.finishMission', { battleId: 'b-1', outcome: outcome(campaign.id, 1, a.id, b.id) });
      const ev = backend.ctx.sqlite.prepare("select id from ledger_events where kind = 'campaign-created'").get() as { id: string };
      const insert = backend.ctx.sqlite.prepare(
        "insert into mission_finishes (id, campaign_id, mission, battle_id, event_id, outcome_json, preview_json, undone_by_event_id, created_at) values (?, ?, ?, ?, ?, '{}', '{}', null, 'now')",
      );
      expect(() => insert.run('x1', campaign.id, 1, 'another-battle', ev.id)).toThrow(/UNIQUE/);
      expect(() => insert.run('x2', campaign.id, 2, 'b-1', ev.id)).toThrow(/UNIQUE/);
      // an entry is reversed at most once
      const entry = backend.ctx.sqlite.prepare("select id from ledger_entries where kind = 'participation' limit 1").get() as { id: string };
      const rev = backend.ctx.sqlite.prepare(
        "insert into ledger_entries (id, event_id, position, campaign_id, player_id, mission, kind, amount, item_json, reason, reverses_entry_id, created_at) values (?, ?, ?, ?, null, 1, 'participation', -18, '{}', 'r', ?, 'now')",
      );
      rev.run('r1', done.eventId, 900, campaign.id, entry.id);
      expect(() => rev.run('r2', done.eventId, 901, campaign.id, entry.id)).toThrow(/UNIQUE/);
    });
  });

  it('a failure between the reward and the service marks leaves nothing recorded', async () => {
    await withLedgerCampaign(tmp(), async ({ backend, api, a, b, campaign }) => {
      const before = dumpDatabase(backend.ctx.sqlite);
      const o = outcome(campaign.id, 1, a.id, b.id, { aKills: 2 });
      let reached = false;
      await expect(
        finishMission(
          backend.ctx.db,
          { battleId: 'b-1', outcome: o },
          {
            afterRewards: async (trx) => {
              reached = true;
              // the reward entries are written at this point, inside the transaction
              const n = await trx
                .selectFrom('ledger_entries')
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .where('kind', '=', 'participation')
                .executeTakeFirstOrThrow();
              expect(Number(n.n)).toBe(2);
              throw new Error('power cut');
            },
          },
        ),
      ).rejects.toThrow('power cut');
      expect(reached).toBe(true);
      expect(dumpDatabase(backend.ctx.sqlite)).toEqual(before);
      // and the mission can still be finished afterwards
      expect((await api.call('campaigns.finishMission', { battleId: 'b-1', outcome: o })).recorded).toBe(true);
    });
  });
});

type Step = { t: 'finish'; win: boolean; kills: number; wounds: number } | { t: 'correct'; amount: number } | { t: 'undo' } | { t: 'redo' };

describe('balances are the sum of their entries (acceptance 3, fast-check)', () => {
  it('for any sequence of finishes, corrections, undos and redos, no allowance exceeds 500', async () => {
    const { backend, api, close } = await testBackend(tmp());
    try {
      const v = await seedLedgerPack(backend.ctx.db);
      const step = fc.oneof(
        fc.record({ t: fc.constant('finish' as const), win: fc.boolean(), kills: fc.integer({ min: 0, max: 9 }), wounds: fc.integer({ min: 0, max: 20 }) }),
        fc.record({ t: fc.constant('correct' as const), amount: fc.integer({ min: -60, max: 60 }).filter((n) => n !== 0) }),
        fc.record({ t: fc.constant('undo' as const) }),
        fc.record({ t: fc.constant('redo' as const) }),
      );
      let run = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps: Step[]) => {
          run++;
          const { a, b, campaign } = await seedCampaignViaApi(api, v, [`A${run}`, `B${run}`]);
          for (const s of steps) {
            const c = await api.call('campaigns.get', { id: campaign.id });
            try {
              if (s.t === 'finish' && c.status === 'active') {
                const o = outcome(campaign.id, c.currentMission, a.id, b.id, {
                  aResult: s.win ? 'win' : 'loss',
                  aKills: s.kills,
                  cryptid: s.wounds > 0,
                  aFormations: [formation('a1', { cryptidWounds: s.wounds })],
                });
                await api.call('campaigns.finishMission', { battleId: `${campaign.id}-${c.currentMission}-${Math.random()}`, outcome: o });
              } else if (s.t === 'correct')
                await api.call('ledger.correct', { campaignId: campaign.id, playerId: a.id, amount: s.amount, reason: 'property test' });
              else if (s.t === 'undo') await api.call('ledger.undo', { campaignId: campaign.id });
              else if (s.t === 'redo') await api.call('ledger.redo', { campaignId: campaign.id });
            } catch (e) {
              // refusals (nothing to undo, below zero) are fine; anything else is a bug
              expect((e as { code?: string }).code).toMatch(/CONFLICT|VALIDATION/);
            }
            const j = await api.call('ledger.journal', { campaignId: campaign.id });
            for (const p of j.players) {
              const sum = j.events
                .flatMap((e) => e.entries)
                .filter((e) => e.playerId === p.playerId && p.explanation.some((l) => l.entryId === e.id))
                .reduce((n, e) => n + e.amount, 0);
              expect(p.allowance).toBe(sum);
              expect(p.allowance).toBeLessThanOrEqual(500);
              expect((await api.call('ledger.inventory', { campaignId: campaign.id, playerId: p.playerId })).allowance).toBe(p.allowance);
            }
            const live = backend.ctx.sqlite
              .prepare('select mission, count(*) n from mission_finishes where campaign_id = ? and undone_by_event_id is null group by mission')
              .all(campaign.id) as { n: number }[];
            expect(live.every((r) => r.n === 1)).toBe(true);
          }
        }),
        { numRuns: 25 },
      );
    } finally {
      await close();
    }
  });
});
