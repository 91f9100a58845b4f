import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { actOnBattle } from '../../src-main/backend/battles/battles';
import { testBackend } from '../helpers/backend';
import { seedCampaign } from '../helpers/battle-seed';
import type { BenchCase } from './types';

interface Ctx {
  close: () => Promise<void>;
  dir: string;
  run: () => Promise<unknown>;
  channel: () => Promise<unknown>;
  baseline: () => Promise<unknown>;
}

/** A campaign battle in round 1 on a real ledger file, ready to record wounds. */
async function battleInRoundOne(): Promise<Ctx> {
  const dir = mkdtempSync(join(tmpdir(), 'aoa-bench-play-'));
  const t = await testBackend(dir);
  const { pack, campaign, rosters } = await seedCampaign(t.api);
  const b = await t.api.call('battles.start', { mode: 'campaign', campaignId: campaign.id, rosterIds: [rosters[0]!.id, rosters[1]!.id] });
  const db = t.backend.ctx.db;
  await actOnBattle(db, b.id, crypto.randomUUID(), { kind: 'record', body: { kind: 'setup.scenario', provinceId: pack.provinces[0]!.id, campaignGame: 1 } });
  await actOnBattle(db, b.id, crypto.randomUUID(), { kind: 'record', body: { kind: 'setup.terrain', objectives: pack.missions[0]!.objectives } });
  await actOnBattle(db, b.id, crypto.randomUUID(), { kind: 'deployment-rolloff' });
  await actOnBattle(db, b.id, crypto.randomUUID(), { kind: 'record', body: { kind: 'setup.deployed', reserves: { A: [], B: [] } } });
  const formationId = rosters[0]!.formations[0]!.id;
  const body = { kind: 'record.wounds' as const, side: 'A' as const, formationId, attack: 'ranged' as const, amount: 1 };
  let n = 0;
  return {
    dir,
    close: t.close,
    run: () => actOnBattle(db, b.id, crypto.randomUUID(), { kind: 'record', body }),
    channel: () => t.backend.dispatch('battles.act', { battleId: b.id, clientEventId: crypto.randomUUID(), intent: { kind: 'record', body } }),
    // the plainest durable write of one row, for the ratio
    baseline: () =>
      db
        .insertInto('settings')
        .values({ key: `bench-${++n}`, value_json: '1' })
        .execute(),
  };
}

export const benches: BenchCase<Ctx>[] = [
  {
    name: 'play: record one battle event (rules check + write), median under 2 ms',
    targetMs: 2,
    setup: battleInRoundOne,
    teardown: async (c) => {
      await c.close();
      rmSync(c.dir, { recursive: true, force: true });
    },
    fn: (c) => c.run(),
    baseline: { name: 'bare single-row insert', fn: (c) => c.baseline() },
  },
  {
    name: 'play: battles.act through the dispatcher, reply with the whole record (no target in the issue)',
    targetMs: 50,
    setup: battleInRoundOne,
    teardown: async (c) => {
      await c.close();
      rmSync(c.dir, { recursive: true, force: true });
    },
    fn: (c) => c.channel(),
    iterations: 200,
  },
];
