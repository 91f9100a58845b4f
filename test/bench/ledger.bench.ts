// Ledger figures (issue 5) on a generated club of 1,000 campaigns, 2,000
// players and 10,000 recorded finishes: the dashboard query, one campaign's
// Journal, and Finish Mission (against a bare Kysely insert).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBackend, type Backend } from '../../src-main/backend/backend';
import { campaignPage } from '../../src-main/backend/campaigns/campaigns';
import { finishMission } from '../../src-main/backend/campaigns/finish-mission';
import { journal } from '../../src-main/backend/campaigns/history';
import { createApiClient } from '../../src-shared/contract/client';
import { generateClub, type GeneratedClub } from '../fixtures/generate-club';
import { outcome, seedCampaignViaApi } from '../helpers/ledger-seed';
import type { BenchCase } from './types';

interface Ctx {
  dir: string;
  backend: Backend;
  club: GeneratedClub;
  fresh: { id: string; a: string; b: string }[];
  i: number;
  /** Finishes recorded so far by the Finish bench (its own counter: the other figures share `i`). */
  finished: number;
  /** The rows one real Finish Mission wrote (its ledger event, entries and finish register row), to insert again plainly. */
  finishRows: Awaited<ReturnType<typeof rowsOfOneFinish>>;
}

/** Records one real finish on a campaign of its own and reads back every row it inserted. */
async function rowsOfOneFinish(backend: Backend, campaign: { id: string; a: string; b: string }) {
  const db = backend.ctx.db;
  const r = await finishMission(db, { battleId: `bench-template-${campaign.id}`, outcome: outcome(campaign.id, 1, campaign.a, campaign.b, { aKills: 3 }) });
  if (!r.recorded) throw new Error('the template finish was not recorded');
  const finish = await db.selectFrom('mission_finishes').selectAll().where('campaign_id', '=', campaign.id).executeTakeFirstOrThrow();
  const event = await db.selectFrom('ledger_events').selectAll().where('id', '=', finish.event_id).executeTakeFirstOrThrow();
  const entries = await db.selectFrom('ledger_entries').selectAll().where('event_id', '=', event.id).orderBy('position').execute();
  return { campaignId: campaign.id, finish, event, entries };
}

/** The same rows as one Finish Mission, inserted plainly in one transaction (new ids; a mission number no rule would allow, so the live-finish key stays free). */
async function insertFinishRowsPlainly(ctx: Ctx) {
  const { finish, event, entries } = ctx.finishRows;
  const k = ++ctx.i;
  const eventId = crypto.randomUUID();
  await ctx.backend.ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('ledger_events')
      .values({ ...event, id: eventId, seq: 1_000_000 + k, mission: 1_000 + k })
      .execute();
    await trx
      .insertInto('ledger_entries')
      .values(entries.map((e) => ({ ...e, id: crypto.randomUUID(), event_id: eventId, mission: 1_000 + k })))
      .execute();
    await trx
      .insertInto('mission_finishes')
      .values({ ...finish, id: crypto.randomUUID(), event_id: eventId, battle_id: `plain-${k}`, mission: 1_000 + k })
      .execute();
  });
}

let shared: Promise<Ctx> | undefined;
function setup(): Promise<Ctx> {
  shared ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aoa-ledger-bench-'));
    const backend = await startBackend({ dataDir: dir, mode: 'test' });
    const club = await generateClub(backend.ctx.db);
    const api = createApiClient((c, i) => backend.dispatch(c, i));
    // fresh campaigns for Finish to record mission 1 into, one per iteration
    const fresh = [];
    for (let k = 0; k < 300; k++) {
      const s = await seedCampaignViaApi(api, club.rulesetVersionId, [`Bench A${k}`, `Bench B${k}`]);
      fresh.push({ id: s.campaign.id, a: s.a.id, b: s.b.id });
    }
    const spare = await seedCampaignViaApi(api, club.rulesetVersionId, ['Bench template A', 'Bench template B']);
    const finishRows = await rowsOfOneFinish(backend, { id: spare.campaign.id, a: spare.a.id, b: spare.b.id });
    return { dir, backend, club, fresh, i: 0, finished: 0, finishRows };
  })();
  return shared;
}
let closed = 0;
async function teardown(ctx: Ctx) {
  if (++closed < 3) return;
  await ctx.backend.close();
  rmSync(ctx.dir, { recursive: true, force: true });
}

/** Two clubs, of 1,000 and 10,000 campaigns, each in its own ledger: the dashboard's cost as the club grows. */
interface GrowthCtx {
  dirs: string[];
  small: Backend;
  large: Backend;
  i: number;
}
async function growthSetup(): Promise<GrowthCtx> {
  const open = async (campaigns: number) => {
    const dir = mkdtempSync(join(tmpdir(), 'aoa-ledger-growth-'));
    const backend = await startBackend({ dataDir: dir, mode: 'test' });
    await generateClub(backend.ctx.db, { campaigns });
    return { dir, backend };
  };
  const small = await open(1_000);
  const large = await open(10_000);
  return { dirs: [small.dir, large.dir], small: small.backend, large: large.backend, i: 0 };
}

export const benches: BenchCase<any>[] = [
  {
    name: 'club dashboard at 10,000 campaigns against 1,000 (a page of 50 sorted by last played)',
    targetMs: 40,
    bound: 'SQLite reading the page by its index on last played, which a tenfold club hardly lengthens',
    maxRatio: 2,
    setup: growthSetup,
    teardown: async (ctx: GrowthCtx) => {
      await ctx.small.close();
      await ctx.large.close();
      for (const d of ctx.dirs) rmSync(d, { recursive: true, force: true });
    },
    fn: (ctx: GrowthCtx) => campaignPage(ctx.large.ctx.db, { sort: 'last-played' }, { page: 1 + (ctx.i++ % 20), pageSize: 50 }),
    baseline: {
      name: 'the same page at 1,000 campaigns',
      fn: (ctx: GrowthCtx) => campaignPage(ctx.small.ctx.db, { sort: 'last-played' }, { page: 1 + (ctx.i++ % 20), pageSize: 50 }),
    },
    iterations: 30,
  },
  {
    // what the dashboard asks for: every one of the 1,000 campaigns filtered, counted and sorted
    // by last played, then one page of 50 with seats, factions and allowances
    name: 'club dashboard: 1,000 campaigns sorted by last played, a page of 50 with allowances',
    targetMs: 20,
    bound: "SQLite reading the page's campaigns and their allowances by index",
    setup,
    teardown,
    fn: (ctx) => campaignPage(ctx.backend.ctx.db, { sort: 'last-played' }, { page: 1 + (ctx.i++ % 20), pageSize: 50 }),
    iterations: 30,
  },
  {
    name: 'one campaign’s Journal (timeline, balances explained, inventories)',
    targetMs: 10,
    bound: "SQLite reading one campaign's events and entries and folding them into balances",
    setup,
    teardown,
    fn: (ctx) => journal(ctx.backend.ctx.db, ctx.club.campaignIds[ctx.i++ % ctx.club.campaignIds.length]!),
    iterations: 200,
  },
  {
    name: 'Finish Mission (rewards, marks, dice, unlock in one transaction), against bare inserts of the same rows',
    targetMs: 5,
    bound: 'the rows a Finish writes in one SQLite transaction, with the rules checked before them',
    maxRatio: 3,
    setup,
    teardown,
    fn: async (ctx) => {
      // round robin: every fresh campaign records mission 1, then every one mission 2, … up to 5,
      // so each call is a real first finish (never the cheap "already recorded" path)
      const n = ctx.finished++;
      const mission = Math.floor(n / ctx.fresh.length) + 1;
      if (mission > 5) throw new Error('The Finish bench used up its fresh campaigns; timing more would measure the "already recorded" path.');
      const f = ctx.fresh[n % ctx.fresh.length]!;
      const r = await finishMission(ctx.backend.ctx.db, { battleId: `bench-${f.id}-${mission}`, outcome: outcome(f.id, mission, f.a, f.b, { aKills: 3 }) });
      if (!r.recorded) throw new Error(`Finish bench: mission ${mission} of ${f.id} was not recorded`);
      return r;
    },
    baseline: { name: 'the same rows (ledger event, entries, finish register) as bare inserts in one transaction', fn: insertFinishRowsPlainly },
    iterations: 250,
  },
];
