// Club night (issue 35): 8 phones recording on 4 battles at once through the LAN listener, as a ratio to the same
// events recorded through the organiser's loopback connection in the same run (target ≤ ×1.5), with events per
// second and the p99 latency of each. The LAN is simulated on loopback (127.0.0.2), as in the tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { RateLimiter } from '../../src-main/backend/club-night/runtime';
import { TOKEN_HEADER } from '../../src-main/server/http-server';
import { playSetup, twoMinimalArmies } from '../helpers/battle-seed';
import { clubNightOn, lanInvoke, send, startClubServer, tokenOfUrl, type ClubServer } from '../helpers/club-night';
import type { BenchCase } from './types';

const TABLES = 4;
const PHONES_PER_TABLE = 2;
/** Taps each phone makes in one measured burst, one after another (a player records, sees it, records again). */
const TAPS = 5;

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
  latencies: { lan: number[]; loopback: number[] };
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

const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))] ?? NaN;
const perSecond = (bursts: number[]) => (ctx: number) => (bursts.length ? (ctx * bursts.length * 1000) / bursts.reduce((a, b) => a + b, 0) : NaN);

export const benches: BenchCase<Ctx>[] = [
  {
    name: `club night: ${TABLES * PHONES_PER_TABLE} phones on ${TABLES} battles, ${TAPS} taps each, through the LAN listener`,
    targetMs: 2_000,
    maxRatio: 1.5,
    setup: async () => {
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
      return { dir, c, lanPort, phones, latencies: { lan: [], loopback: [] }, bursts: { lan: [], loopback: [] } };
    },
    fn: (ctx) => burst(ctx, 'lan'),
    baseline: { name: 'the same taps through the organiser’s loopback connection', fn: (ctx) => burst(ctx, 'loopback') },
    details: (ctx) => {
      const events = TABLES * PHONES_PER_TABLE * TAPS;
      return (
        `LAN ${perSecond(ctx.bursts.lan)(events).toFixed(0)} events/s, p99 ${p99(ctx.latencies.lan).toFixed(1)} ms; ` +
        `loopback ${perSecond(ctx.bursts.loopback)(events).toFixed(0)} events/s, p99 ${p99(ctx.latencies.loopback).toFixed(1)} ms ` +
        `(${ctx.latencies.lan.length} and ${ctx.latencies.loopback.length} requests; a link's 30-a-second budget lifted)`
      );
    },
    teardown: async (ctx) => {
      await ctx.c.close();
      rmSync(ctx.dir, { recursive: true, force: true });
    },
  },
];
