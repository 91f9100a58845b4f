import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BagActivation, type BagState } from '../../src-shared/battle/bag';
import { foldEvents } from '../../src-shared/battle/reducer';
import type { BattleDetail } from '../../src-shared/contract/battles.contract';
import { battleRules } from '../../src-main/backend/battles/rules';
import { RateLimiter } from '../../src-main/backend/club-night/runtime';
import { recordRunningServer } from '../../src-main/backend/club-night/running-server';
import { runCli } from '../../src-main/cli/program';
import { CLUB_TOKEN_HEADER } from '../../src-main/server/lan-listener';
import type { LedgerPlace } from '../helpers/backend';
import { act, playSetup, twoMinimalArmies } from '../helpers/battle-seed';
import { captureIo } from '../helpers/cli-io';
import { clubNightOn, LAN, lanInvoke, send, startClubServer, tokenOfUrl, type ClubServer } from '../helpers/club-night';
import { DIALECTS, ledgerPlace } from '../helpers/dialects';
import { useTempDirs } from '../helpers/tmp';

const tmp = useTempDirs();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function oneBattle(c: ClubServer, suffix = 'x'): Promise<BattleDetail> {
  const { pack } = await c.api.call('rulesets.get', {});
  const [a, b] = await twoMinimalArmies(c.api, pack, ['Ana', 'Bo'], suffix);
  return c.api.call('battles.start', { mode: 'standalone', rosterIds: [a!.id, b!.id] });
}

async function served(place: LedgerPlace = tmp()): Promise<ClubServer> {
  const c = await startClubServer(place, tmp());
  cleanups.push(c.close);
  return c;
}

const loopbackOk = async (c: ClubServer) =>
  send('127.0.0.1', c.server.port, {
    method: 'POST',
    path: '/api/invoke',
    headers: { 'content-type': 'application/json', 'x-aoa-token': c.server.token },
    body: JSON.stringify({ channel: 'clubNight.status', input: {} }),
  });

function connectionRefused(port: number): Promise<string> {
  return send(LAN, port).then(
    () => 'answered',
    (e: NodeJS.ErrnoException) => e.code ?? 'error',
  );
}

/** A live stream on the LAN listener: the notices it has received so far, and a way to wait for the next. */
function openEvents(port: number, token: string) {
  const notices: { battleId: string; at: number }[] = [];
  let wake: (() => void) | undefined;
  let buffer = '';
  let ended!: () => void;
  const closed = new Promise<void>((resolve) => (ended = resolve));
  const req = request({ host: LAN, port, path: '/api/club/events', headers: { host: `${LAN}:${port}`, [CLUB_TOKEN_HEADER]: token }, agent: false });
  const opened = new Promise<number>((resolve, reject) => {
    req.on('response', (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(message);
          if (/^event: battle$/m.test(message) && data) {
            notices.push({ ...(JSON.parse(data[1]!) as { battleId: string }), at: performance.now() });
            wake?.();
          }
        }
      });
      res.on('error', () => undefined);
      res.on('close', () => ended());
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
  });
  req.end();
  return {
    opened,
    notices,
    /** Resolves when the server ends the stream. */
    closed,
    next: (timeoutMs: number) =>
      new Promise<void>((resolve, reject) => {
        const t = setTimeout(() => reject(new Error('no notice in time')), timeoutMs);
        wake = () => {
          clearTimeout(t);
          resolve();
        };
      }),
    close: () => req.destroy(),
  };
}

describe('club night: the LAN listener (127.0.0.2)', () => {
  it('is off by default; on opens 127.0.0.2 for links only; off refuses the connection at once, loopback keeps working', async () => {
    const c = await served();
    const b = await oneBattle(c);
    const port = c.server.port;
    expect(await c.api.call('clubNight.status', {})).toMatchObject({ on: false, available: true });
    expect(await connectionRefused(port)).toBe('ECONNREFUSED');
    // no link can be made while it is off
    await expect(c.api.call('clubNight.createTableLink', { battleId: b.id })).rejects.toMatchObject({ code: 'CONFLICT' });

    expect(await clubNightOn(c)).toBe(port);
    const link = await c.api.call('clubNight.createTableLink', { battleId: b.id });
    expect(link.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.2:${port}/club\\?t=[A-Za-z0-9_-]{43}$`));
    const token = tokenOfUrl(link.url);
    expect((await lanInvoke(port, token, 'battles.get', { battleId: b.id })).status).toBe(200);
    // the Host and Origin checks: the LAN address only on the LAN door, and never on loopback
    expect((await lanInvoke(port, token, 'battles.get', { battleId: b.id }, { host: `localhost:${port}` })).status).toBe(421);
    expect((await lanInvoke(port, token, 'battles.get', { battleId: b.id }, { origin: 'http://evil.example' })).status).toBe(403);
    expect((await send('127.0.0.1', port, { headers: { host: `${LAN}:${port}` } })).status).toBe(421);
    // opening the link: its token becomes the phone's cookie, and the page comes at once (no redirect's round trip),
    // naming its battle so the phone asks for it without first asking who it is; it carries neither token
    const opened = await send(LAN, port, { path: new URL(link.url).pathname + new URL(link.url).search });
    expect(opened.status).toBe(200);
    expect(opened.headers.location).toBeUndefined();
    expect(opened.headers['cache-control']).toBe('no-store');
    expect(opened.body).toContain('<meta name="aoa-club" content="table">');
    const embedded = /<meta name="aoa-club-link" content="([^"]*)">/.exec(opened.body)?.[1];
    expect(JSON.parse(embedded!.replace(/&quot;/g, '"').replace(/&amp;/g, '&'))).toEqual({
      scope: 'table',
      battleId: b.id,
      readOnly: false,
      linkId: expect.any(String),
    });
    expect(opened.body).not.toContain(token);
    expect(opened.body).not.toContain(c.server.token);
    const cookie = String(opened.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toBe(`aoa_club=${token}`);
    const page = await send(LAN, port, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<meta name="aoa-club" content="table">');
    expect(page.body).not.toContain(c.server.token);
    // a stranger on the network: nothing without a link
    expect((await send(LAN, port)).status).toBe(403);
    expect((await send(LAN, port, { path: '/assets/index-abc123.js' })).status).toBe(403);

    const events = openEvents(port, token);
    expect(await events.opened).toBe(200);
    expect((await c.api.call('clubNight.stop', {})).on).toBe(false);
    await events.closed; // the open stream too
    expect(await connectionRefused(port)).toBe('ECONNREFUSED');
    expect((await loopbackOk(c)).status).toBe(200);
    events.close();
    // on again: the same links still work
    await clubNightOn(c);
    expect(JSON.parse((await lanInvoke(port, token, 'battles.get', { battleId: b.id })).body)).toMatchObject({ ok: true });
  });

  it('refuses to listen on every address at once or on the organiser’s own loopback', async () => {
    const c = await served();
    await expect(c.api.call('clubNight.start', { lanAddress: '0.0.0.0' })).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(c.api.call('clubNight.start', { lanAddress: '127.0.0.1' })).rejects.toMatchObject({ code: 'VALIDATION' });
    expect((await c.api.call('clubNight.status', {})).on).toBe(false);
  });

  it('two phones at one table: each sees the other’s event within a second, pushed, not polled', async () => {
    const c = await served();
    const b = await oneBattle(c);
    const other = await oneBattle(c, 'y');
    const port = await clubNightOn(c);
    const token = tokenOfUrl((await c.api.call('clubNight.createTableLink', { battleId: b.id })).url);
    const { pack } = await c.api.call('table.pack', { battleId: b.id });
    const phoneB = openEvents(port, token);
    expect(await phoneB.opened).toBe(200);

    // another table's events wake nobody here
    await c.api.call('battles.act', {
      battleId: other.id,
      clientEventId: crypto.randomUUID(),
      intent: { kind: 'record', body: { kind: 'setup.scenario', provinceId: pack.provinces[0]!.id, campaignGame: null } },
    });
    const next = phoneB.next(1000);
    const sent = performance.now();
    const reply = await lanInvoke(port, token, 'battles.act', {
      battleId: b.id,
      clientEventId: crypto.randomUUID(),
      intent: { kind: 'record', body: { kind: 'setup.scenario', provinceId: pack.provinces[0]!.id, campaignGame: null } },
    });
    expect(JSON.parse(reply.body)).toMatchObject({ ok: true, value: { recorded: true } });
    await next;
    expect(phoneB.notices.map((n) => n.battleId)).toEqual([b.id]);
    expect(phoneB.notices[0]!.at - sent).toBeLessThan(1000);

    // revoking the link ends its stream
    await c.api.call('clubNight.revoke', { battleId: b.id });
    await phoneB.closed;
    expect((await lanInvoke(port, token, 'battles.get', { battleId: b.id })).status).toBe(403);
    phoneB.close();
  });

  it('the organiser’s table list: round, last event, last heard from', async () => {
    const c = await served();
    const b = await oneBattle(c);
    const port = await clubNightOn(c);
    const token = tokenOfUrl((await c.api.call('clubNight.createTableLink', { battleId: b.id })).url);
    expect(await c.api.call('clubNight.tables', {})).toMatchObject([{ battleId: b.id, players: b.players, round: 0, lastHeardAt: null }]);
    await lanInvoke(port, token, 'battles.get', { battleId: b.id });
    const [row] = await c.api.call('clubNight.tables', {});
    expect(row!.lastHeardAt).not.toBeNull();
    const boardToken = tokenOfUrl((await c.api.call('clubNight.createBoardLink', {})).url);
    const board = JSON.parse((await lanInvoke(port, boardToken, 'clubNight.board', {})).body);
    expect(board).toMatchObject({ ok: true, value: { tables: [{ battleId: b.id, round: 0, victoryPoints: { A: 0, B: 0 } }] } });
  });

  it('the table list shows the round being played, as the phones and the board fold it, not one step behind', async () => {
    const c = await served();
    const b = await oneBattle(c);
    const port = await clubNightOn(c);
    await c.api.call('clubNight.createTableLink', { battleId: b.id });
    const boardToken = tokenOfUrl((await c.api.call('clubNight.createBoardLink', {})).url);
    const { pack } = await c.api.call('table.pack', { battleId: b.id });
    const rules = battleRules(pack, b.options);
    const listed = async () => (await c.api.call('clubNight.tables', {}))[0]!.round;
    const onBoard = async () => JSON.parse((await lanInvoke(port, boardToken, 'clubNight.board', {})).body).value.tables[0].round as number;

    // deployed: round 1's Command Phase (its starting event is stored under round 0, the round it ended)
    let d = await playSetup(c.api, b, pack);
    expect(foldEvents(d.setup, rules, d.log).round).toBe(1);
    expect(await listed()).toBe(1);
    // round 1 played and ended: round 2 begins
    d = await act(c.api, d.id, { kind: 'record', body: { kind: 'command.done' } });
    if (foldEvents(d.setup, rules, d.log).phase === 'event') d = await act(c.api, d.id, { kind: 'resolve-event' });
    if (foldEvents(d.setup, rules, d.log).phase === 'cryptid') d = await act(c.api, d.id, { kind: 'cryptid-act', engaged: false });
    while (foldEvents(d.setup, rules, d.log).phase === 'activations') {
      d = await act(c.api, d.id, { kind: 'draw' });
      const turn = BagActivation.turn(foldEvents(d.setup, rules, d.log).activation as BagState);
      if (turn.kind === 'choose') d = await act(c.api, d.id, { kind: 'record', body: { kind: 'bag.activate', formationId: turn.eligible[0]! } });
    }
    const objectives = foldEvents(d.setup, rules, d.log).objectives!;
    d = await act(c.api, d.id, { kind: 'end-round', holders: Array<null>(objectives).fill(null) });
    expect(foldEvents(d.setup, rules, d.log).round).toBe(2);
    expect(await listed()).toBe(2);
    expect(await onBoard()).toBe(2);
    // and the battle's own summary, in Play Mode's list and in its detail, says the same
    expect(d.round).toBe(2);
    expect((await c.api.call('battles.list', {})).find((x) => x.id === d.id)!.round).toBe(2);
    expect((await c.api.call('battles.get', { battleId: d.id })).round).toBe(2);
  });

  it('a live stream ends when its link expires, and the link then opens nothing', async () => {
    const c = await served();
    const b = await oneBattle(c);
    const port = await clubNightOn(c);
    const token = tokenOfUrl((await c.api.call('clubNight.createTableLink', { battleId: b.id })).url);
    // a link made to end in a moment (the shortest a request may ask for is an hour)
    const soon = new Date(Date.now() + 600).toISOString();
    await c.backend.ctx.db.updateTable('club_links').set({ expires_at: soon }).where('battle_id', '=', b.id).execute();
    const phone = openEvents(port, token);
    expect(await phone.opened).toBe(200);
    const started = performance.now();
    await phone.closed;
    expect(performance.now() - started).toBeLessThan(3_000);
    expect((await lanInvoke(port, token, 'battles.get', { battleId: b.id })).status).toBe(403);
    phone.close();
  });

  it('tokens never reach a log line, an error message or the ledger file', async () => {
    const logged: string[] = [];
    for (const m of ['log', 'error', 'warn', 'info', 'debug'] as const)
      vi.spyOn(console, m).mockImplementation((...a: unknown[]) => void logged.push(a.map(String).join(' ')));
    cleanups.push(async () => void vi.restoreAllMocks());
    const dir = tmp();
    const c = await served(dir);
    const b = await oneBattle(c);
    const port = await clubNightOn(c);
    const token = tokenOfUrl((await c.api.call('clubNight.createTableLink', { battleId: b.id })).url);
    const replies: string[] = [];
    replies.push((await lanInvoke(port, token, 'settings.get', {})).body);
    replies.push((await lanInvoke(port, token, 'battles.get', { battleId: 'elsewhere' })).body);
    replies.push((await lanInvoke(port, token, 'battles.act', { battleId: b.id, intent: token })).body);
    await c.api.call('clubNight.revoke', { all: true });
    replies.push((await lanInvoke(port, token, 'battles.get', { battleId: b.id })).body);
    replies.push((await lanInvoke(port, token.slice(0, 42) + 'x', 'battles.get', { battleId: b.id })).body);
    await c.close();
    cleanups.splice(cleanups.indexOf(c.close), 1);
    for (const r of replies) expect(r).not.toContain(token);
    expect(logged.join('\n')).not.toContain(token);
    for (const f of readdirSync(dir).filter((n) => n.startsWith('ledger.sqlite')))
      expect(readFileSync(join(dir, f)).includes(Buffer.from(token)), `${f} holds the token`).toBe(false);
  });

  it('each link has a request budget', () => {
    let now = 0;
    const limiter = new RateLimiter(3, 1, () => now);
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([true, true, true, false]);
    expect(limiter.take('b')).toBe(true);
    now = 1000;
    expect([limiter.take('a'), limiter.take('a')]).toEqual([true, false]);
  });
});

describe.each(DIALECTS)('club night links survive a restart (%s)', (dialect) => {
  it('a valid link stays valid and a revoked one revoked', async () => {
    const place = await ledgerPlace(dialect, tmp());
    const first = await startClubServer(place, tmp());
    const b = await oneBattle(first);
    const other = await oneBattle(first, 'y');
    await clubNightOn(first);
    const kept = tokenOfUrl((await first.api.call('clubNight.createTableLink', { battleId: b.id })).url);
    const gone = tokenOfUrl((await first.api.call('clubNight.createTableLink', { battleId: other.id })).url);
    await first.api.call('clubNight.revoke', { battleId: other.id });
    await first.close();

    const again = await served(place);
    const port = await clubNightOn(again);
    expect(JSON.parse((await lanInvoke(port, kept, 'battles.get', { battleId: b.id })).body)).toMatchObject({ ok: true, value: { id: b.id } });
    const refused = await lanInvoke(port, gone, 'battles.get', { battleId: other.id });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body).error).toMatchObject({ code: 'FORBIDDEN', message: 'This link was revoked by the organiser: ask for a new one.' });
  });
});

describe('aoa club-night: the CLI talks to the running server', () => {
  it('start, link --json, status, revoke, stop', async () => {
    const dataDir = tmp();
    const c = await served(dataDir);
    const b = await oneBattle(c);
    recordRunningServer(dataDir, { url: `http://127.0.0.1:${c.server.port}`, token: c.server.token, pid: process.pid });
    const cli = async (...args: string[]) => {
      const { io, out, err } = captureIo();
      const code = await runCli(['--data-dir', dataDir, 'club-night', ...args], io);
      return { code, out: out.join('\n'), err: err.join('\n') };
    };
    expect((await cli('link', '--battle', b.id, '--json')).code).toBe(1); // club night is off
    expect(await cli('start', '--lan-address', LAN)).toMatchObject({ code: 0, out: expect.stringContaining(`http://${LAN}:${c.server.port}`) });
    const made = await cli('link', '--battle', b.id, '--json');
    expect(made.code).toBe(0);
    const link = JSON.parse(made.out) as { url: string; expiresAt: string };
    expect(Object.keys(link).sort()).toEqual(['expiresAt', 'url']);
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(5.9 * 3_600_000);
    const shown = await cli('link', '--battle', b.id, '--hours', '2');
    expect(shown.out).toMatch(/[█▀▄]/); // the QR code, as text
    expect(shown.out).toContain(`http://${LAN}:${c.server.port}/club?t=`);
    expect((await cli('status')).out).toContain(b.id);
    expect(await cli('revoke', '--battle', b.id)).toMatchObject({ code: 0, out: '2 links revoked.' });
    expect((await lanInvoke(c.server.port, tokenOfUrl(link.url), 'battles.get', { battleId: b.id })).status).toBe(403);
    expect(await cli('stop')).toMatchObject({ code: 0, out: 'Club night is off.' });
    expect(await connectionRefused(c.server.port)).toBe('ECONNREFUSED');
  });
});
