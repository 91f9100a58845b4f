import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src-main/backend/db/ledger-audit';
import { isAppError } from '../../src-shared/errors';
import { testBackend } from '../helpers/backend';
import { seedCampaignViaApi, seedLedgerPack } from '../helpers/ledger-seed';
import { pgServer } from '../helpers/pg';
import { startPgCluster, stopPgServer, type PgCluster } from '../helpers/pg-cluster';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();

/**
 * The league server going away while the app is open. This file stops and
 * restarts a server, so it runs on a cluster of its own (about 2 s), never
 * the one the other files share.
 */
describe.skipIf(!pgServer)('the league server stops and comes back during a burst of writes', () => {
  let cluster: PgCluster;
  beforeAll(async () => {
    cluster = await startPgCluster(undefined, { durable: true });
  });
  afterAll(() => cluster?.stop());

  it('every write either lands once or is refused as "unreachable, nothing was saved"; retried with its request id, each is recorded exactly once', async () => {
    const t = await testBackend({ dataDir: tmp(), database: cluster.url() });
    try {
      const v = await seedLedgerPack(t.backend.ctx.db);
      const { a, campaign } = await seedCampaignViaApi(t.api, v);
      const unreachable: string[] = [];
      const acknowledged: { requestId: string; amount: number }[] = [];
      let outage: Promise<void> | undefined;
      const writer = async (w: number) => {
        for (let k = 0; k < 60; k++) {
          const input = { campaignId: campaign.id, playerId: a.id, amount: k % 2 ? -1 : 1 + (w % 2), reason: `writer ${w} #${k}`, requestId: randomUUID() };
          // the app's retry: the same request, until the server answers
          for (;;) {
            try {
              await t.api.call('ledger.correct', input);
              acknowledged.push(input);
              break;
            } catch (e) {
              if (!isAppError(e) || e.code !== 'UNAVAILABLE') throw e;
              unreachable.push(e.message);
              await new Promise((r) => setTimeout(r, 50));
            }
          }
          if (w === 0 && k === 20)
            outage = (async () => {
              stopPgServer(cluster);
              await new Promise((r) => setTimeout(r, 400));
              cluster.start();
            })();
        }
      };
      await Promise.all([0, 1, 2, 3].map(writer));
      await outage;

      expect(acknowledged).toHaveLength(240);
      expect(unreachable.length).toBeGreaterThan(0); // the outage was seen…
      for (const m of unreachable) expect(m).toMatch(/^League database unreachable — nothing was saved, retrying/); // …and said plainly
      const db = t.backend.ctx.db;
      const events = await db.selectFrom('ledger_events').select('id').where('kind', '=', 'correction').execute();
      expect(events.map((e) => e.id).sort()).toEqual(acknowledged.map((x) => x.requestId).sort());
      const sum = acknowledged.reduce((s, x) => s + x.amount, 0);
      expect((await t.api.call('ledger.inventory', { campaignId: campaign.id, playerId: a.id })).allowance).toBe(400 + sum);
      expect(await auditLedger(db)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
