import { afterEach, describe, expect, it } from 'vitest';
import { appContract, CHANNELS, type Channel } from '../../src-shared/contract';
import type { BattleDetail } from '../../src-shared/contract/battles.contract';
import { scopesOf } from '../../src-shared/contract/scopes';
import { hashToken } from '../../src-main/backend/club-night/links';
import { insertClubLink } from '../../src-main/backend/db/tables/club-links.table';
import { dumpLedger } from '../helpers/backend';
import { twoMinimalArmies } from '../helpers/battle-seed';
import { clubNightOn, lanInvoke, startClubServer, tokenOfUrl, type ClubServer } from '../helpers/club-night';
import { useTempDirs } from '../helpers/tmp';

/**
 * Issue 35: which scopes may call a channel is declared once, in the
 * contract; the dispatcher holds every request on the LAN listener to it
 * before parsing. Every channel of the contract is sent with each kind of
 * credential a phone on the club's network might hold, and exactly the
 * declared scopes get past the check; every refusal is FORBIDDEN and leaves
 * the ledger exactly as it was.
 */

const tmp = useTempDirs();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function threeBattles(c: ClubServer): Promise<BattleDetail[]> {
  const { pack } = await c.api.call('rulesets.get', {});
  const battles: BattleDetail[] = [];
  for (const suffix of ['one', 'two', 'three']) {
    const [a, b] = await twoMinimalArmies(c.api, pack, ['Ana', 'Bo'], suffix);
    battles.push(await c.api.call('battles.start', { mode: 'standalone', rosterIds: [a!.id, b!.id] }));
  }
  return battles;
}

type Credential = 'table' | 'board' | 'revoked' | 'expired' | 'another table' | 'no token' | 'launch token';

/** Whether a request with this credential for battle one's table should pass the scope check. */
function mayCall(credential: Credential, channel: Channel): boolean {
  const { scopes } = appContract[channel];
  if (credential === 'table') return scopes.table !== undefined;
  if (credential === 'board') return scopes.board === true;
  // another battle's table link reaches what reads nothing stored (the odds), never battle one
  if (credential === 'another table') return scopes.table !== undefined && 'storedData' in scopes.table;
  return false;
}

describe('club night scopes over the LAN listener (127.0.0.2)', () => {
  it('every channel: exactly the declared scopes pass; every refusal is FORBIDDEN and changes nothing', async () => {
    const c = await startClubServer(tmp(), tmp());
    cleanups.push(c.close);
    const [one, two, three] = await threeBattles(c);
    const port = await clubNightOn(c);

    const table = tokenOfUrl((await c.api.call('clubNight.createTableLink', { battleId: one!.id })).url);
    const board = tokenOfUrl((await c.api.call('clubNight.createBoardLink', {})).url);
    const revoked = tokenOfUrl((await c.api.call('clubNight.createTableLink', { battleId: two!.id })).url);
    expect(await c.api.call('clubNight.revoke', { battleId: two!.id })).toEqual({ revoked: 1 });
    const another = tokenOfUrl((await c.api.call('clubNight.createTableLink', { battleId: three!.id })).url);
    const expired = 'e'.repeat(43);
    await insertClubLink(c.backend.ctx.db, {
      id: crypto.randomUUID(),
      token_hash: hashToken(expired),
      scope: 'table',
      battle_id: one!.id,
      created_at: '2026-01-01T18:00:00.000Z',
      expires_at: '2026-01-02T00:00:00.000Z',
      revoked_at: null,
    });

    const credentials: Record<Credential, { token?: string; headers?: Record<string, string> }> = {
      table: { token: table },
      board: { token: board },
      revoked: { token: revoked },
      expired: { token: expired },
      'another table': { token: another },
      'no token': {},
      // the organiser's launch token opens nothing on the LAN
      'launch token': { headers: { 'x-aoa-token': c.server.token } },
    };

    const declared = CHANNELS.filter((ch) => scopesOf(appContract[ch]).length > 0);
    expect(declared.length, 'some channels are open to links').toBeGreaterThan(0);
    expect(CHANNELS.length - declared.length, 'most channels are the organiser’s alone').toBeGreaterThan(declared.length);

    const mismatches: string[] = [];
    for (const [credential, { token, headers }] of Object.entries(credentials) as [Credential, (typeof credentials)[Credential]][]) {
      for (const channel of CHANNELS) {
        const before = await dumpLedger(c.backend);
        const r = await lanInvoke(port, token, channel, { battleId: one!.id }, headers);
        const reply = JSON.parse(r.body) as { ok: boolean; error?: { code: string; message: string } };
        const refused = !reply.ok && reply.error!.code === 'FORBIDDEN';
        if (refused === mayCall(credential, channel))
          mismatches.push(`${credential} → ${channel}: ${refused ? 'refused' : 'passed'} (${reply.error?.message ?? 'ok'})`);
        if (refused) {
          expect(reply.error!.message).not.toContain(token ?? '\u0000');
          expect(await dumpLedger(c.backend), `${credential} → ${channel} was refused but changed the ledger`).toEqual(before);
        } else {
          // passing the scope check is no licence: `{ battleId }` is too little for every write, so nothing is written
          expect(await dumpLedger(c.backend), `${credential} → ${channel} changed the ledger`).toEqual(before);
        }
        // token problems are refused at the door; scope problems by the dispatcher, with the reply envelope
        if (['revoked', 'expired', 'no token', 'launch token'].includes(credential)) expect(r.status).toBe(403);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('a table link reads and records its own battle, Finish waits for both sides, and a battle over only reads', async () => {
    const c = await startClubServer(tmp(), tmp());
    cleanups.push(c.close);
    const [one] = await threeBattles(c);
    const port = await clubNightOn(c);
    const token = tokenOfUrl((await c.api.call('clubNight.createTableLink', { battleId: one!.id })).url);
    const { pack } = await c.api.call('table.pack', { battleId: one!.id });

    const call = async (channel: string, input: unknown) => JSON.parse((await lanInvoke(port, token, channel, input)).body);
    // both players' phones opened the table card's link, and each claimed its side (issue 42): a phone is its link and its own id
    const [phoneA, phoneB] = ['phone-of-side-a-0001', 'phone-of-side-b-0001'];
    for (const [deviceId, side] of [
      [phoneA, 'A'],
      [phoneB, 'B'],
    ] as const)
      expect(await call('table.claimSide', { battleId: one!.id, deviceId, side })).toMatchObject({ ok: true });
    const got = await call('battles.get', { battleId: one!.id });
    expect(got).toMatchObject({ ok: true, value: { id: one!.id, status: 'in_progress' } });
    expect((await call('table.rosters', { battleId: one!.id })).value).toHaveLength(2);
    expect((await call('table.pack', { battleId: one!.id })).value.version.id).toBe(one!.rulesetVersionId);
    expect((await call('table.inventory', { battleId: one!.id, side: 'A' })).value).toBeNull();

    const acted = await call('battles.act', {
      battleId: one!.id,
      clientEventId: crypto.randomUUID(),
      intent: { kind: 'record', body: { kind: 'setup.scenario', provinceId: pack.provinces[0]!.id, campaignGame: null } },
    });
    expect(acted).toMatchObject({ ok: true, value: { recorded: true } });

    const first = await call('table.confirmFinish', { battleId: one!.id, side: 'A', result: 'draw', deviceId: phoneA });
    expect(first.value).toMatchObject({ confirmed: { A: 'draw', B: null }, finished: false });
    // both sides agree: Finish runs, and the rules still decide (this battle has not reached its end), as on the desktop
    const before = await dumpLedger(c.backend);
    const second = await call('table.confirmFinish', { battleId: one!.id, side: 'B', result: 'draw', deviceId: phoneB });
    expect(second).toMatchObject({ ok: false, error: { code: 'RULE_VIOLATION' } });
    expect(second.error.message).toMatch(/ends after round five/);
    expect(await dumpLedger(c.backend)).toEqual(before);
    // the refused Finish changed nothing: A's confirmation stands, B's agreeing one was not kept; a disagreement is shown, not finished
    expect((await call('table.finishVotes', { battleId: one!.id })).value).toEqual({ A: 'draw', B: null });
    const other = await call('table.confirmFinish', { battleId: one!.id, side: 'B', result: 'win', deviceId: phoneB });
    expect(other.value).toMatchObject({ confirmed: { A: 'draw', B: 'win' }, finished: false });

    // over (here abandoned by the organiser): the link still reads, and every write is refused before it is parsed
    await c.api.call('battles.abandon', { battleId: one!.id, confirm: true });
    expect(await call('battles.get', { battleId: one!.id })).toMatchObject({ ok: true, value: { status: 'abandoned' } });
    const kept = await dumpLedger(c.backend);
    const late = await call('battles.act', { battleId: one!.id, clientEventId: crypto.randomUUID(), intent: { kind: 'deployment-rolloff' } });
    expect(late).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', message: 'This battle is over: its table link can only read it now.' } });
    expect(await dumpLedger(c.backend)).toEqual(kept);
    const vote = await call('table.confirmFinish', { battleId: one!.id, side: 'A', result: 'win', deviceId: phoneA });
    expect(vote).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  });
});
