import { afterEach, describe, expect, it } from 'vitest';
import type { BattleIntentInput } from '../../src-shared/battle/intents';
import { foldEvents } from '../../src-shared/battle/reducer';
import type { BattleDetail } from '../../src-shared/contract/battles.contract';
import type { Caller } from '../../src-shared/contract/scopes';
import { battleRules } from '../../src-main/backend/battles/rules';
import { CLUB_TOKEN_HEADER } from '../../src-main/server/lan-listener';
import { dumpLedger, type LedgerPlace } from '../helpers/backend';
import { act, playSetup, twoMinimalArmies } from '../helpers/battle-seed';
import { clubNightOn, LAN, lanInvoke, send, startClubServer, tokenOfUrl, type ClubServer } from '../helpers/club-night';
import { DIALECTS, ledgerPlace } from '../helpers/dialects';
import { useTempDirs } from '../helpers/tmp';

/**
 * Issue 35, what a table link may do: undo its own events (not the other
 * phone's, not the organiser's). On real SQLite files, and on PostgreSQL when
 * it is installed.
 */

const tmp = useTempDirs();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function served(place: LedgerPlace): Promise<ClubServer> {
  const c = await startClubServer(place, tmp());
  cleanups.push(c.close);
  return c;
}

interface Reply<T = unknown> {
  ok: boolean;
  value: T;
  error?: { code: string; message: string };
}

/** A phone holding `token`: its requests on the LAN listener, and the link it is (`/api/club/link`). */
function phone(port: number, token: string) {
  return {
    call: async <T = unknown>(channel: string, input: unknown): Promise<Reply<T>> =>
      JSON.parse((await lanInvoke(port, token, channel, input)).body) as Reply<T>,
    act: async (battleId: string, intent: BattleIntentInput, clientEventId: string = crypto.randomUUID()) =>
      JSON.parse((await lanInvoke(port, token, 'battles.act', { battleId, clientEventId, intent })).body) as Reply<{ recorded: boolean; battle: BattleDetail }>,
    link: async () => {
      const r = await send(LAN, port, { path: '/api/club/link', headers: { [CLUB_TOKEN_HEADER]: token } });
      return (JSON.parse(r.body) as { value: Extract<Caller, { scope: 'table' }> }).value;
    },
  };
}

async function standaloneBattle(c: ClubServer, suffix?: string): Promise<BattleDetail> {
  const { pack } = await c.api.call('rulesets.get', {});
  const [a, b] = await twoMinimalArmies(c.api, pack, ['Ana', 'Bo'], suffix);
  return c.api.call('battles.start', { mode: 'standalone', rosterIds: [a!.id, b!.id] });
}

const note = (text: string): BattleIntentInput => ({ kind: 'record', body: { kind: 'record.note', text } });
const strike = (eventId: string): BattleIntentInput => ({ kind: 'strike', eventId, reason: 'entered by mistake' });
const lastEvent = (d: BattleDetail) => d.log[d.log.length - 1]!;

describe.each(DIALECTS)('club night: a phone undoes its own events only (%s)', (dialect) => {
  it('one link per phone: the other phone’s event and the organiser’s are refused, changing nothing; its own is undone', async () => {
    const c = await served(await ledgerPlace(dialect, tmp()));
    const { pack } = await c.api.call('rulesets.get', {});
    let b = await playSetup(c.api, await standaloneBattle(c), pack);
    const port = await clubNightOn(c);
    // the organiser made a link for each player's phone
    const ana = phone(port, tokenOfUrl((await c.api.call('clubNight.createTableLink', { battleId: b.id })).url));
    const bo = phone(port, tokenOfUrl((await c.api.call('clubNight.createTableLink', { battleId: b.id })).url));
    const [anaLink, boLink] = [(await ana.link()).linkId, (await bo.link()).linkId];
    expect(anaLink).not.toBe(boLink);

    const byAna = lastEvent((await ana.act(b.id, note('Ana: the ruin counts as area terrain'))).value.battle);
    const byBo = lastEvent((await bo.act(b.id, note('Bo: the river is impassable'))).value.battle);
    b = await act(c.api, b.id, note('Organiser: the clock starts now'));
    const byOrganiser = lastEvent(b);
    // each event names the link that recorded it, by id; the organiser's none
    expect(b.recordedBy).toEqual({ [byAna.id]: anaLink, [byBo.id]: boLink });

    // Bo's phone may not undo Ana's event, nor the organiser's: refused with a reason, and the ledger is as it was
    for (const [target, message] of [
      [byAna.id, /another table link/],
      [byOrganiser.id, /organiser/],
    ] as const) {
      const before = await dumpLedger(c.backend);
      const refused = await bo.act(b.id, strike(target));
      expect(refused).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', message } });
      expect(await dumpLedger(c.backend)).toEqual(before);
    }

    // each phone undoes its own
    const undone = await ana.act(b.id, strike(byAna.id));
    expect(undone).toMatchObject({ ok: true, value: { recorded: true } });
    const after = undone.value.battle;
    expect(after.log.find((e) => e.id === byAna.id)!.struck).toBe(true);
    // the strike is Ana's event too
    expect(after.recordedBy[lastEvent(after).id]).toBe(anaLink);
    // the organiser may undo anything, the phones' events too
    b = await act(c.api, b.id, strike(byBo.id));
    expect(b.log.find((e) => e.id === byBo.id)!.struck).toBe(true);
    expect(b.recordedBy[lastEvent(b).id]).toBeUndefined();
  });

  it('the bag: a draw made on the other phone is undone there; two phones sharing a table card’s link are one recorder', async () => {
    const c = await served(await ledgerPlace(dialect, tmp()));
    const { pack } = await c.api.call('rulesets.get', {});
    let b = await playSetup(c.api, await standaloneBattle(c), pack);
    const rules = battleRules(pack, b.options);
    const phase = (d: BattleDetail) => foldEvents(d.setup, rules, d.log).phase;
    b = await act(c.api, b.id, { kind: 'record', body: { kind: 'command.done' } });
    if (phase(b) === 'event') b = await act(c.api, b.id, { kind: 'resolve-event' });
    if (phase(b) === 'cryptid') b = await act(c.api, b.id, { kind: 'cryptid-act', engaged: false });
    expect(phase(b)).toBe('activations');
    const port = await clubNightOn(c);
    const card = tokenOfUrl((await c.api.call('clubNight.createTableLink', { battleId: b.id })).url);
    const [ana, anaAgain] = [phone(port, card), phone(port, card)];
    const bo = phone(port, tokenOfUrl((await c.api.call('clubNight.createTableLink', { battleId: b.id })).url));

    const drawn = await ana.act(b.id, { kind: 'draw' });
    expect(drawn).toMatchObject({ ok: true, value: { recorded: true } });
    const before = await dumpLedger(c.backend);
    expect(await bo.act(b.id, { kind: 'undo-draw' })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', message: /another table link/ } });
    expect(await dumpLedger(c.backend)).toEqual(before);
    // a second phone opened from the same card is the same link: the table's own record, which either player may correct
    const undone = await anaAgain.act(b.id, { kind: 'undo-draw' });
    expect(undone).toMatchObject({ ok: true, value: { recorded: true } });
    expect(undone.value.battle.log.find((e) => e.body.kind === 'bag.draw')!.struck).toBe(true);
  });
});
