// Club night (issues 35 and 42): 20 phones recording on 10 battles through the LAN listener, each phone with its live
// stream open and reading its battle again at each notice, the projector's board doing the same with the board, and
// the organiser's Tables list asked every 3 s, as at a club night. Two figures:
// - paced: each phone taps about once a second (20 events a second, far more than ten tables of players make); target:
//   the p99 of an event (a tap's request to its reply) ≤ 150 ms (BenchCase.missed);
// - burst: every phone taps as fast as its replies come (the listener saturated); target ≤ ×1.5 the same taps through
//   the organiser's loopback connection in the same run; its p99 is a figure.
// The LAN is simulated on loopback (127.0.0.2), as in the tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { request, type ClientRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { RateLimiter } from '../../src-main/backend/club-night/runtime';
import { TOKEN_HEADER } from '../../src-main/server/http-server';
import { playSetup, twoMinimalArmies } from '../helpers/battle-seed';
import { CLUB_TOKEN_HEADER } from '../../src-main/server/lan-listener';
import { clubNightOn, LAN, lanInvoke, send, startClubServer, tokenOfUrl, type ClubServer } from '../helpers/club-night';
import type { BenchCase } from './types';

const TABLES = 10;
const PHONES_PER_TABLE = 2;
/** The p99 of a tap, request to reply, on the LAN (issue 42). */
const MAX_P99_MS = 150;
/** How often the organiser's Tables list asks (ClubNightPage's TablesCard). */
const ORGANISER_EVERY_MS = 3_000;
/** Taps each phone makes in one measured burst, one after another (a player records, sees it, records again). */
const TAPS = 5;
/** Taps each phone makes in one paced round, each after a pause of 0.5–1.5 s. */
const PACED_TAPS = 4;

interface Phone {
  battleId: string;
  token: string;
  side: 'A' | 'B';
  formationId: string;
}

interface Ctx {
  dir: string;
  c: ClubServer;
  lanPort: number;
  phones: Phone[];
  /** The phones' and the board's live streams, and the organiser's polling: stopped at teardown. */
  background: { streams: ClientRequest[]; organiser: ReturnType<typeof setInterval>; reads: number };
  latencies: { lan: number[]; loopback: number[]; paced: number[] };
  bursts: { lan: number[]; loopback: number[] };
}

function wound(p: Phone) {
  return {
    battleId: p.battleId,
    clientEventId: crypto.randomUUID(),
    intent: { kind: 'record', body: { kind: 'record.wounds', side: p.side, formationId: p.formationId, attack: 'ranged', amount: 1 } },
  };
}

/** Every phone taps TAPS times at once with the others; each request's latency is kept. */
async function burst(ctx: Ctx, via: 'lan' | 'loopback'): Promise<void> {
  const start = performance.now();
  await Promise.all(
    ctx.phones.map(async (p) => {
      for (let i = 0; i < TAPS; i++) {
        const t0 = performance.now();
        const reply =
          via === 'lan'
            ? await lanInvoke(ctx.lanPort, p.token, 'battles.act', wound(p))
            : await send('127.0.0.1', ctx.c.server.port, {
                method: 'POST',
                path: '/api/invoke',
                headers: { 'content-type': 'application/json', [TOKEN_HEADER]: ctx.c.server.token },
                body: JSON.stringify({ channel: 'battles.act', input: wound(p) }),
              });
        if (reply.status !== 200 || !(JSON.parse(reply.body) as { ok: boolean }).ok) throw new Error(`${via}: ${reply.status} ${reply.body.slice(0, 200)}`);
        ctx.latencies[via].push(performance.now() - t0);
      }
    }),
  );
  ctx.bursts[via].push(performance.now() - start);
}

const tap = async (ctx: Ctx, p: Phone): Promise<number> => {
  const t0 = performance.now();
  const reply = await lanInvoke(ctx.lanPort, p.token, 'battles.act', wound(p));
  if (reply.status !== 200 || !(JSON.parse(reply.body) as { ok: boolean }).ok) throw new Error(`lan: ${reply.status} ${reply.body.slice(0, 200)}`);
  return performance.now() - t0;
};

/** Every phone taps PACED_TAPS times, about once a second each (the pauses jittered, so the phones do not march in step). */
async function paced(ctx: Ctx): Promise<void> {
  await Promise.all(
    ctx.phones.map(async (p) => {
      for (let i = 0; i < PACED_TAPS; i++) {
        await new Promise((r) => setTimeout(r, 500 + Math.random() * 1000));
        ctx.latencies.paced.push(await tap(ctx, p));
      }
    }),
  );
}

/**
 * A live stream on the LAN listener, as a phone's or the board's page keeps one: at each notice `reread` runs again,
 * once at a time (a notice arriving during a read asks for one more read after it, as TanStack Query's refetch does).
 */
function liveStream(port: number, token: string, reread: () => Promise<unknown>): ClientRequest {
  let reading = false;
  let again = false;
  const read = async () => {
    if (reading) return void (again = true);
    reading = true;
    do {
      again = false;
      await reread().catch(() => undefined);
    } while (again);
    reading = false;
  };
  const req = request({ host: LAN, port, path: '/api/club/events', headers: { host: `${LAN}:${port}`, [CLUB_TOKEN_HEADER]: token }, agent: false });
  req.on('response', (res) => {
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      if (chunk.includes('event: battle')) void read();
    });
    res.on('error', () => undefined);
  });
  req.on('error', () => undefined);
  req.end();
  return req;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))] ?? NaN;
const perSecond = (bursts: number[]) => (ctx: number) => (bursts.length ? (ctx * bursts.length * 1000) / bursts.reduce((a, b) => a + b, 0) : NaN);

/** Tonight's club: the server, the tables, their phones' links, and the live pages and the organiser reading meanwhile. */
async function clubNight(): Promise<Ctx> {
  const dir = mkdtempSync(join(tmpdir(), 'aoa-bench-club-'));
  const c = await startClubServer(dir, dir);
  const lanPort = await clubNightOn(c);
  // the budget of a link (30 a second) would slow the burst, not measure it: lifted for the measurement
  c.backend.ctx.clubNight.limiter = new RateLimiter(1e9, 1e9);
  const { pack } = await c.api.call('rulesets.get', {});
  const phones: Phone[] = [];
  for (let t = 0; t < TABLES; t++) {
    const rosters = await twoMinimalArmies(c.api, pack, [`Table ${t + 1} A`, `Table ${t + 1} B`]);
    let battle = await c.api.call('battles.start', { mode: 'standalone', rosterIds: [rosters[0]!.id, rosters[1]!.id], mission: 1 });
    battle = await playSetup(c.api, battle, pack);
    const link = await c.api.call('clubNight.createTableLink', { battleId: battle.id, hours: 6 });
    for (const [i, side] of (['A', 'B'] as const).slice(0, PHONES_PER_TABLE).entries())
      phones.push({ battleId: battle.id, token: tokenOfUrl(link.url), side, formationId: rosters[i]!.formations[0]!.id });
  }
  const background: Ctx['background'] = { streams: [], organiser: setInterval(() => undefined, 1e9), reads: 0 };
  const counted = (p: Promise<unknown>) => p.then(() => void background.reads++);
  for (const p of phones)
    background.streams.push(liveStream(lanPort, p.token, () => counted(lanInvoke(lanPort, p.token, 'battles.get', { battleId: p.battleId }))));
  const board = tokenOfUrl((await c.api.call('clubNight.createBoardLink', { hours: 6 })).url);
  background.streams.push(liveStream(lanPort, board, () => counted(lanInvoke(lanPort, board, 'clubNight.board', {}))));
  clearInterval(background.organiser);
  background.organiser = setInterval(() => void counted(c.api.call('clubNight.tables', {})), ORGANISER_EVERY_MS);
  return { dir, c, lanPort, phones, background, latencies: { lan: [], loopback: [], paced: [] }, bursts: { lan: [], loopback: [] } };
}

async function closeClub(ctx: Ctx): Promise<void> {
  clearInterval(ctx.background.organiser);
  for (const s of ctx.background.streams) s.destroy();
  await ctx.c.close();
  rmSync(ctx.dir, { recursive: true, force: true });
}

export const benches: BenchCase<Ctx>[] = [
  {
    name: `club night: ${TABLES * PHONES_PER_TABLE} phones on ${TABLES} battles tapping about once a second, with a board and the organiser (p99 of an event)`,
    targetMs: 10_000,
    bound: "the backend's one thread answering every phone, the board and the organiser in turn, on a loaded machine's scheduling",
    iterations: 3,
    setup: clubNight,
    fn: paced,
    missed: (ctx) => {
      const p = p99(ctx.latencies.paced);
      return p <= MAX_P99_MS ? undefined : `the p99 of an event on the LAN is ${p.toFixed(0)} ms (target ≤ ${MAX_P99_MS} ms)`;
    },
    details: (ctx) =>
      `p99 of an event ${p99(ctx.latencies.paced).toFixed(1)} ms, median ${median(ctx.latencies.paced).toFixed(1)} ms (${ctx.latencies.paced.length} taps, target p99 ≤ ${MAX_P99_MS} ms); ` +
      `meanwhile ${ctx.background.reads} reads by the phones' and the board's live pages and the organiser's Tables list`,
    teardown: closeClub,
  },
  {
    name: `club night: ${TABLES * PHONES_PER_TABLE} phones on ${TABLES} battles, ${TAPS} taps each as fast as replies come, through the LAN listener`,
    targetMs: 3_000,
    bound: "the ledger's write of each event behind the LAN listener's HTTP and token check, one event at a time",
    maxRatio: 1.5,
    setup: clubNight,
    fn: (ctx) => burst(ctx, 'lan'),
    baseline: { name: 'the same taps through the organiser’s loopback connection', fn: (ctx) => burst(ctx, 'loopback') },
    details: (ctx) => {
      const events = TABLES * PHONES_PER_TABLE * TAPS;
      return (
        `LAN ${perSecond(ctx.bursts.lan)(events).toFixed(0)} events/s, p99 ${p99(ctx.latencies.lan).toFixed(1)} ms; ` +
        `loopback ${perSecond(ctx.bursts.loopback)(events).toFixed(0)} events/s, p99 ${p99(ctx.latencies.loopback).toFixed(1)} ms ` +
        `(${ctx.latencies.lan.length} and ${ctx.latencies.loopback.length} requests; a link's 30-a-second budget lifted); ` +
        `meanwhile ${ctx.background.reads} reads by the phones' and the board's live pages and the organiser's Tables list`
      );
    },
    teardown: closeClub,
  },
];
