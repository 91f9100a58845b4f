// League mode (issue 18): the same figures on PostgreSQL as a ratio to
// SQLite in the same run (recording an event, Finish Mission, the dashboard
// at 1,000 campaigns; each ≤ ×3), and the throughput of 8 organisers writing
// to one league at once. A PostgreSQL 15 cluster of its own is started for
// them, with fsync and synchronous commits on, as a real server would run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompiledQuery } from 'kysely';
import pg from 'pg';
import { campaignPage } from '../../src-main/backend/campaigns/campaigns';
import { finishMission } from '../../src-main/backend/campaigns/finish-mission';
import { generateClub } from '../fixtures/generate-club';
import { testBackend } from '../helpers/backend';
import { outcome, seedCampaignViaApi, seedLedgerPack } from '../helpers/ledger-seed';
import { startPgCluster, type PgCluster } from '../helpers/pg-cluster';
import { battleInRoundOne } from './play.bench';
import type { BenchCase } from './types';

let cluster: Promise<PgCluster> | undefined;
let users = 0;
async function leagueDatabase(): Promise<string> {
  users++;
  cluster ??= startPgCluster(undefined, { durable: true, fsync: true });
  const c = await cluster;
  const name = `bench_${crypto.randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const admin = new pg.Client({ connectionString: c.url() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return c.url(name);
}
async function release(): Promise<void> {
  if (--users === 0 && cluster) {
    (await cluster).stop();
    cluster = undefined;
  }
}

type T = Awaited<ReturnType<typeof testBackend>>;
interface ClubCtx {
  dirs: string[];
  lite: T;
  league: T;
  fresh: { lite: { id: string; a: string; b: string }[]; league: { id: string; a: string; b: string }[] };
  n: { lite: number; league: number };
  i: number;
}

/** The same generated club of 1,000 campaigns in a ledger file and in a league, with fresh campaigns for Finish to record into. */
let clubs: Promise<ClubCtx> | undefined;
let clubUsers = 0;
function clubSetup(): Promise<ClubCtx> {
  clubUsers++;
  clubs ??= (async () => {
    const dirs = [mkdtempSync(join(tmpdir(), 'aoa-bench-league-')), mkdtempSync(join(tmpdir(), 'aoa-bench-league-'))];
    const lite = await testBackend(dirs[0]!);
    const league = await testBackend({ dataDir: dirs[1]!, database: await leagueDatabase() });
    const fresh = { lite: [] as ClubCtx['fresh']['lite'], league: [] as ClubCtx['fresh']['league'] };
    for (const [k, t] of [
      ['lite', lite],
      ['league', league],
    ] as const) {
      const club = await generateClub(t.backend.ctx.db, { campaigns: 1_000 });
      // after a bulk load like this one a server's autovacuum both gathers statistics and vacuums (PostgreSQL 13 and
      // later vacuum after inserts too): the finishes' triggers leave a dead version of nearly every campaign row,
      // which a dashboard page would otherwise read through. The bench does not wait for autovacuum; it does the same.
      if (k === 'league') await t.backend.ctx.db.executeQuery(CompiledQuery.raw('vacuum analyze'));
      // enough that tinybench's timed runs (up to a second of them, for the fast SQLite baseline too) never run out: 5 missions each
      for (let j = 0; j < 300; j++) {
        const s = await seedCampaignViaApi(t.api, club.rulesetVersionId, [`Fresh A${j}`, `Fresh B${j}`]);
        fresh[k].push({ id: s.campaign.id, a: s.a.id, b: s.b.id });
      }
    }
    return { dirs, lite, league, fresh, n: { lite: 0, league: 0 }, i: 0 };
  })();
  return clubs;
}
async function clubTeardown(ctx: ClubCtx): Promise<void> {
  if (--clubUsers > 0) return;
  await ctx.lite.close();
  await ctx.league.close();
  for (const d of ctx.dirs) rmSync(d, { recursive: true, force: true });
  clubs = undefined;
  await release();
}

async function finishOne(ctx: ClubCtx, k: 'lite' | 'league') {
  const n = ctx.n[k]++;
  const f = ctx.fresh[k][n % ctx.fresh[k].length]!;
  const mission = Math.floor(n / ctx.fresh[k].length) + 1;
  const t = ctx[k];
  const r = await finishMission(t.backend.ctx.db, { battleId: `bench-${f.id}-${mission}`, outcome: outcome(f.id, mission, f.a, f.b, { aKills: 3 }) });
  if (!r.recorded) throw new Error(`league bench: mission ${mission} of ${f.id} was not recorded`);
}

interface EventCtx {
  lite: Awaited<ReturnType<typeof battleInRoundOne>>;
  league: Awaited<ReturnType<typeof battleInRoundOne>>;
}

/** Eight organisers' backends on one league, the campaigns they write to, and what the load measured. */
interface LoadCtx {
  all: T[];
  campaigns: Awaited<ReturnType<typeof seedCampaignViaApi>>[];
  latencies: number[];
  wallMs: number;
}

export const benches: BenchCase<any>[] = [
  {
    name: 'league: record one battle event on PostgreSQL, against the same on SQLite',
    targetMs: 10,
    bound: 'one round trip to PostgreSQL for a guarded insert, a scheduling wake-up on both sides of a loaded machine',
    maxRatio: 3,
    setup: async (): Promise<EventCtx> => ({ lite: await battleInRoundOne(), league: await battleInRoundOne(await leagueDatabase()) }),
    teardown: async (c: EventCtx) => {
      for (const x of [c.lite, c.league]) {
        await x.close();
        rmSync(x.dir, { recursive: true, force: true });
      }
      await release();
    },
    fn: (c: EventCtx) => c.league.run(),
    baseline: { name: 'the same event on the SQLite ledger', fn: (c: EventCtx) => c.lite.run() },
  },
  {
    name: 'league: Finish Mission on PostgreSQL (club of 1,000 campaigns), against the same on SQLite',
    targetMs: 15,
    bound: 'nine statements to PostgreSQL with BEGIN and COMMIT, each a round trip',
    maxRatio: 3,
    setup: clubSetup,
    teardown: clubTeardown,
    fn: (c: ClubCtx) => finishOne(c, 'league'),
    baseline: { name: 'the same Finish Mission on the SQLite ledger', fn: (c: ClubCtx) => finishOne(c, 'lite') },
    iterations: 100,
  },
  {
    name: 'league: club dashboard at 1,000 campaigns on PostgreSQL (a page of 50 by last played), against SQLite',
    targetMs: 60,
    bound: "two queries to PostgreSQL: the page's ids with their count, then its cards",
    maxRatio: 3,
    setup: clubSetup,
    teardown: clubTeardown,
    fn: (c: ClubCtx) => campaignPage(c.league.backend.ctx.db, { sort: 'last-played' }, { page: 1 + (c.i++ % 20), pageSize: 50 }),
    baseline: {
      name: 'the same page on the SQLite ledger',
      fn: (c: ClubCtx) => campaignPage(c.lite.backend.ctx.db, { sort: 'last-played' }, { page: 1 + (c.i++ % 20), pageSize: 50 }),
    },
    iterations: 30,
  },
  {
    name: 'league: 8 organisers × 250 ledger corrections on one league at once (2,000 writes, total)',
    targetMs: 30_000,
    bound: "eight organisers' statements to PostgreSQL on one league's rows at once, each a round trip",
    stat: 'total',
    setup: async () => {
      const url = await leagueDatabase();
      const first = await testBackend({ dataDir: mkdtempSync(join(tmpdir(), 'aoa-bench-league-')), database: url });
      const rest = await Promise.all(
        Array.from({ length: 7 }, () => testBackend({ dataDir: mkdtempSync(join(tmpdir(), 'aoa-bench-league-')), database: url })),
      );
      const all = [first, ...rest];
      const v = await seedLedgerPack(first.backend.ctx.db);
      const campaigns = [];
      for (let c = 0; c < 4; c++) campaigns.push(await seedCampaignViaApi(first.api, v, [`Ada ${c}`, `Bram ${c}`]));
      return { all, campaigns, latencies: [] as number[], wallMs: 0 };
    },
    teardown: async (c: LoadCtx) => {
      for (const t of c.all) await t.close();
      await release();
    },
    fn: async (c: LoadCtx) => {
      const started = performance.now();
      await Promise.all(
        c.all.map(async ({ api }, client) => {
          for (let k = 0; k < 250; k++) {
            const camp = c.campaigns[(client + k) % c.campaigns.length]!;
            const t0 = performance.now();
            await api.call('ledger.correct', {
              campaignId: camp.campaign.id,
              playerId: k % 4 < 2 ? camp.a.id : camp.b.id,
              amount: k % 2 === 0 ? 1 : -1,
              reason: `bench ${client}/${k}`,
              requestId: crypto.randomUUID(),
            });
            c.latencies.push(performance.now() - t0);
          }
        }),
      );
      c.wallMs = performance.now() - started;
    },
    // issue 18: the throughput of the 8-client load and its p99 latency
    details: (c: LoadCtx) => {
      const sorted = [...c.latencies].sort((x, y) => x - y);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
      return `${sorted.length} writes, ${((sorted.length * 1000) / c.wallMs).toFixed(0)} writes per second; latency p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;
    },
  },
];
