import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { auditLedger } from '../../src-main/backend/db/ledger-audit';
import { testBackend } from '../helpers/backend';
import { outcome, seedCampaignViaApi, seedLedgerPack } from '../helpers/ledger-seed';
import { createTestDatabase, pgServer } from '../helpers/pg';
import { useTempDirs } from '../helpers/tmp';
import { act, playSetup, seedClub, startCampaignBattle } from '../helpers/crash-harness-seeds';

const tmp = useTempDirs();

/** `n` organisers' backends (each its own app, its own pool) on one new league database, for the length of `fn`, closed afterwards. */
async function withOrganisers(n: number, fn: (all: Awaited<ReturnType<typeof testBackend>>[]) => Promise<void>): Promise<void> {
  const url = await createTestDatabase();
  const first = await testBackend({ dataDir: tmp(), database: url }); // migrates the new league
  const rest = await Promise.all(Array.from({ length: n - 1 }, () => testBackend({ dataDir: tmp(), database: url })));
  const all = [first, ...rest];
  try {
    await fn(all);
  } finally {
    await Promise.all(all.map((o) => o.close()));
  }
}

/**
 * Writes per organiser in the eight-client run: 100 in npm test (800 writes, every one colliding with the others on the
 * same four campaigns), 250 in npm run test:soak (2,000, the size of the league benchmark; AOA_PG_WRITES overrides).
 */
const WRITES = Number(process.env.AOA_PG_WRITES ?? (process.env.AOA_SOAK ? 250 : 100));

describe.skipIf(!pgServer)('several organisers writing to one league at once (PostgreSQL)', () => {
  // 2,000 writes through eight backends: under a full test run on a slow 2-core machine it took 41–60 s and more, so it
  // has the time its siblings that do this much have (the crash and odds oracles), not vitest's 60 s
  it(`8 clients × ${WRITES} writes: every acknowledged write is there exactly once, and balances equal the sum of their entries`, { timeout: 180_000 }, () =>
    withOrganisers(8, async (all) => {
      const v = await seedLedgerPack(all[0]!.backend.ctx.db);
      const campaigns: Awaited<ReturnType<typeof seedCampaignViaApi>>[] = [];
      for (let c = 0; c < 4; c++) campaigns.push(await seedCampaignViaApi(all[0]!.api, v, [`Ada ${c}`, `Bram ${c}`]));
      const acknowledged: { requestId: string; campaignId: string; playerId: string; amount: number }[] = [];
      const refused: unknown[] = [];
      await Promise.all(
        all.map(async ({ api }, client) => {
          for (let k = 0; k < WRITES; k++) {
            // everyone writes to the same four campaigns and eight balances, so writers collide all the time
            const c = campaigns[(client + k) % campaigns.length]!;
            const playerId = (k >> 1) % 2 === 0 ? c.a.id : c.b.id;
            const amount = k % 2 === 0 ? 1 + (k % 3) : -(1 + ((k - 1) % 3));
            const input = { campaignId: c.campaign.id, playerId, amount, reason: `client ${client} write ${k}`, requestId: randomUUID() };
            try {
              // one request in ten is sent twice at once (a retry racing its own original), one in ten again after its reply
              const replies = await Promise.all(
                k % 10 === 3 ? [api.call('ledger.correct', input), api.call('ledger.correct', input)] : [api.call('ledger.correct', input)],
              );
              if (k % 10 === 7) replies.push(await api.call('ledger.correct', input));
              for (const r of replies) expect(r.eventId).toBe(input.requestId);
              acknowledged.push(input);
            } catch (e) {
              refused.push(e);
            }
          }
        }),
      );
      expect(refused).toEqual([]);
      expect(acknowledged).toHaveLength(8 * WRITES);

      const db = all[0]!.backend.ctx.db;
      const events = await db.selectFrom('ledger_events').select(['id', 'campaign_id']).where('kind', '=', 'correction').execute();
      expect(events).toHaveLength(acknowledged.length);
      expect(new Set(events.map((e) => e.id))).toEqual(new Set(acknowledged.map((a) => a.requestId)));
      // per campaign, the timeline is numbered 1, 2, 3… without a gap or a repeat
      for (const c of campaigns) {
        const seqs = (await db.selectFrom('ledger_events').select('seq').where('campaign_id', '=', c.campaign.id).orderBy('seq').execute()).map((r) => r.seq);
        expect(seqs).toEqual(seqs.map((_, i) => i + 1));
      }
      for (const c of campaigns)
        for (const p of [c.a, c.b]) {
          const sum = acknowledged.filter((a) => a.playerId === p.id).reduce((s, a) => s + a.amount, 0);
          expect((await all[0]!.api.call('ledger.inventory', { campaignId: c.campaign.id, playerId: p.id })).allowance).toBe(400 + sum);
        }
      expect(await auditLedger(db)).toEqual([]);
    }),
  );

  it('two organisers record events on one battle at once: one timeline, numbered without a gap, the same for both, nothing lost', () =>
    withOrganisers(2, async (all) => {
      const [ana, bo] = [all[0]!.api, all[1]!.api];
      const club = await seedClub(ana);
      let b = await startCampaignBattle(ana, club);
      b = await playSetup(ana, b, club.pack);
      const formationId = club.rosters[0]!.formations[0]!.id;
      const wound = {
        kind: 'record' as const,
        body: { kind: 'record.wounds' as const, side: 'A' as const, formationId, attack: 'ranged' as const, amount: 1 },
      };
      const before = b.log.length;
      // each keeps the battle's folded state between its own events; the other's events must make it read the record again
      for (let k = 0; k < 6; k++) await act(k % 2 ? bo : ana, b.id, wound);
      await Promise.all(Array.from({ length: 12 }, (_, k) => act(k % 2 ? bo : ana, b.id, wound)));
      const [seenByAna, seenByBo] = await Promise.all([ana.call('battles.get', { battleId: b.id }), bo.call('battles.get', { battleId: b.id })]);
      expect(seenByAna.log).toHaveLength(before + 18);
      expect(seenByAna.log.map((e) => e.seq)).toEqual(seenByAna.log.map((_, i) => i + 1));
      expect(seenByBo.log).toEqual(seenByAna.log);
    }));

  it('two organisers finish the same battle at once: one records it, the other is told it was finished elsewhere and sees that result', () =>
    withOrganisers(2, async (all) => {
      const v = await seedLedgerPack(all[0]!.backend.ctx.db);
      const { a, b, campaign } = await seedCampaignViaApi(all[0]!.api, v);
      const mine = outcome(campaign.id, 1, a.id, b.id, { aResult: 'win' });
      const theirs = outcome(campaign.id, 1, a.id, b.id, { aResult: 'loss' });
      const [r1, r2] = await Promise.all([
        all[0]!.api.call('campaigns.finishMission', { battleId: 'battle-1', outcome: mine, requestId: randomUUID() }),
        all[1]!.api.call('campaigns.finishMission', { battleId: 'battle-1', outcome: theirs, requestId: randomUUID() }),
      ]);
      const [won, lost] = r1.recorded ? [r1, r2] : [r2, r1];
      expect(won).toMatchObject({ recorded: true, alreadyRecorded: false });
      expect(lost).toMatchObject({ recorded: false, alreadyRecorded: true, finishedElsewhere: true, eventId: won.eventId });
      expect(lost.preview).toEqual(won.preview);
      const finishes = await all[0]!.backend.ctx.db.selectFrom('mission_finishes').select('event_id').execute();
      expect(finishes).toEqual([{ event_id: won.eventId }]);
      // the winner's own retry (same request id) gets its first answer again
      const requestId = won.eventId!;
      const again = await all[0]!.api.call('campaigns.finishMission', { battleId: 'battle-1', outcome: mine, requestId });
      expect(again).toMatchObject({ recorded: true, alreadyRecorded: false, eventId: won.eventId });
      expect(await auditLedger(all[0]!.backend.ctx.db)).toEqual([]);
    }));
});
