// Issue 36: the designer's desk at scale. 200 bundles of 500 battles (100,000 battles) import in under 60 s on SQLite
// and on PostgreSQL, and the desk's full figures build in under 3 s at 100,000 battles on both; the figures' time at
// 100,000 as a ratio to 10,000 (target ≤ ×5). A PostgreSQL 15 cluster of its own is started for the league figures.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { ApiClient } from '../../src-shared/contract/client';
import { testBackend } from '../helpers/backend';
import { pgBinDir, startPgCluster, type PgCluster } from '../helpers/pg-cluster';
import { bundleBytes, bundleOf, generatedRecords } from '../helpers/playtest-bundles';
import { performance } from 'node:perf_hooks';
import { idleLoopProbe } from './idle-probe';
import type { BenchCase } from './types';

const BUNDLES = 200;
const PER_BUNDLE = 500;
/** Files per desk.import call, as a designer picking a folder's worth at a time would send them. */
const PER_CALL = 20;

/** The 200 bundle files, each a club of its own with its own battle ids b-0…b-499 (so the key (club, battle) is what keeps them apart). */
function bundleFiles(bundles: number): { name: string; base64: string }[] {
  return Array.from({ length: bundles }, (_, i) => {
    const b = bundleOf(generatedRecords(PER_BUNDLE, 1000 + i), { clubId: randomUUID(), clubName: `Club ${i}` });
    return { name: `club-${i}.json.gz`, base64: bundleBytes(b, true).toString('base64') };
  });
}

async function importAll(api: ApiClient, files: { name: string; base64: string }[]): Promise<number> {
  let added = 0;
  for (let i = 0; i < files.length; i += PER_CALL) added += (await api.call('desk.import', { files: files.slice(i, i + PER_CALL) })).added;
  return added;
}

let cluster: Promise<PgCluster> | undefined;
async function leagueDatabase(): Promise<string> {
  cluster ??= startPgCluster(undefined, { durable: true, fsync: true });
  const c = await cluster;
  const name = `desk_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const admin = new pg.Client({ connectionString: c.url() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return c.url(name);
}

interface ImportCtx {
  dir: string;
  files: { name: string; base64: string }[];
  t: Awaited<ReturnType<typeof testBackend>>;
}

function importCase(dialect: 'sqlite' | 'postgres'): BenchCase<ImportCtx> {
  return {
    name: `desk: import ${BUNDLES} bundles of ${PER_BUNDLE} battles (${(BUNDLES * PER_BUNDLE).toLocaleString('en')}) on ${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`,
    targetMs: 60_000,
    bound: "parsing and checking each gzipped bundle's records and inserting their rows, one bundle of 20 files a call",
    stat: 'total',
    iterations: 1,
    async setup() {
      const dir = mkdtempSync(join(tmpdir(), 'aoa-bench-desk-'));
      const t = await testBackend(dialect === 'sqlite' ? dir : { dataDir: dir, database: await leagueDatabase() });
      return { dir, files: bundleFiles(BUNDLES), t };
    },
    async teardown(c) {
      await c.t.close();
      rmSync(c.dir, { recursive: true, force: true });
      if (dialect === 'postgres' && cluster) {
        (await cluster).stop();
        cluster = undefined;
      }
    },
    async fn(c) {
      const added = await importAll(c.t.api, c.files);
      if (added !== BUNDLES * PER_BUNDLE) throw new Error(`the desk added ${added} battles of ${BUNDLES * PER_BUNDLE}`);
    },
  };
}

interface FiguresCtx {
  dirs: string[];
  big: Awaited<ReturnType<typeof testBackend>>;
  small: Awaited<ReturnType<typeof testBackend>>;
}

function figuresCase(dialect: 'sqlite' | 'postgres'): BenchCase<FiguresCtx> {
  return {
    name: `desk: full figures at ${(BUNDLES * PER_BUNDLE).toLocaleString('en')} battles (${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}), ratio to 10,000`,
    targetMs: 3_000,
    bound: "one pass over the battles' columns, with each median's sample ordered from counts of ranked times and jStat's quantiles sorting it again",
    maxRatio: 5,
    // at least 15 reports of each size: with a loaded machine's second giving 5, one slow report moved the median
    iterations: 15,
    // the two sizes in turn: measured each for its own second on a shared machine, the ratio went from ×4 to ×16 between runs
    inTurn: true,
    async setup() {
      const dirs = [mkdtempSync(join(tmpdir(), 'aoa-bench-desk-')), mkdtempSync(join(tmpdir(), 'aoa-bench-desk-'))];
      const place = async (dir: string) => (dialect === 'sqlite' ? dir : { dataDir: dir, database: await leagueDatabase() });
      const files = bundleFiles(BUNDLES);
      const big = await testBackend(await place(dirs[0]!));
      const small = await testBackend(await place(dirs[1]!));
      await importAll(big.api, files);
      await importAll(small.api, files.slice(0, BUNDLES / 10));
      // warm: the first report reads and checks every stored record once (kept parsed after, as the club report's are)
      await big.api.call('desk.report', {});
      await small.api.call('desk.report', {});
      return { dirs, big, small };
    },
    async teardown(c) {
      await c.big.close();
      await c.small.close();
      for (const d of c.dirs) rmSync(d, { recursive: true, force: true });
      if (dialect === 'postgres' && cluster) {
        (await cluster).stop();
        cluster = undefined;
      }
    },
    async fn(c) {
      const r = await c.big.api.call('desk.report', {});
      if (r.figures.battles !== BUNDLES * PER_BUNDLE) throw new Error(`figures over ${r.figures.battles} battles`);
    },
    baseline: {
      name: 'the same figures at 10,000 battles',
      fn: async (c) => {
        await c.small.api.call('desk.report', {});
      },
    },
  };
}

const BIG = 50_000;
/** Issue 40: the longest another request may wait while the bundle imports. */
const LONGEST_WAIT_MS = 100;

/** One club's gzipped bundle of 50,000 battles (about 570 KB), imported while other requests are asked: none may wait 100 ms. */
const bigBundleCase: BenchCase<ImportCtx> = {
  name: `desk: import one gzipped bundle of ${BIG.toLocaleString('en')} battles (other requests answered meanwhile, longest wait ≤ ${LONGEST_WAIT_MS} ms)`,
  targetMs: 30_000,
  bound: 'parsing, checking and inserting 50,000 records while the backend answers other requests',
  stat: 'total',
  iterations: 1,
  async setup() {
    const dir = mkdtempSync(join(tmpdir(), 'aoa-bench-desk-'));
    const t = await testBackend(dir);
    const b = bundleOf(generatedRecords(BIG, 77), { clubId: randomUUID() });
    const files = [{ name: 'season.json.gz', base64: bundleBytes(b, true).toString('base64') }];
    await new Promise((r) => setTimeout(r, 1000));
    return { dir, files, t };
  },
  async teardown(c) {
    await c.t.close();
    rmSync(c.dir, { recursive: true, force: true });
  },
  async fn(c) {
    let finished = false;
    const importing = c.t.api.call('desk.import', { files: c.files }).finally(() => (finished = true));
    const idle = idleLoopProbe();
    let longest = 0;
    let asked = 0;
    while (!finished) {
      const t0 = performance.now();
      await c.t.api.call('settings.get', {});
      longest = Math.max(longest, performance.now() - t0);
      asked++;
      await new Promise((r) => setTimeout(r, 2));
    }
    const counts = await importing;
    const idleMax = await idle.stop();
    if (counts.added !== BIG) throw new Error(`the desk added ${counts.added} battles of ${BIG}`);
    console.log(
      `    ${asked} requests answered during the import; the longest took ${longest.toFixed(1)} ms (an idle thread beside it: ${idleMax.toFixed(1)} ms)`,
    );
    if (longest > LONGEST_WAIT_MS && idleMax < LONGEST_WAIT_MS) throw new Error(`a request waited ${longest.toFixed(1)} ms during the import`);
  },
};

export const benches: BenchCase<unknown>[] = [
  bigBundleCase,
  importCase('sqlite'),
  ...(pgBinDir() ? [importCase('postgres')] : []),
  figuresCase('sqlite'),
  ...(pgBinDir() ? [figuresCase('postgres')] : []),
] as BenchCase<unknown>[];
