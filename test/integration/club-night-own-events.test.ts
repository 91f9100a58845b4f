import { describe, expect, it } from 'vitest';
import type { BattleIntentInput } from '../../src-shared/battle/intents';
import { foldEvents } from '../../src-shared/battle/reducer';
import type { BattleDetail } from '../../src-shared/contract/battles.contract';
import type { Caller } from '../../src-shared/contract/scopes';
import { DEVICE_ID_CHANNELS } from '../../src-shared/contract/device-id-channels';
import { battleRules } from '../../src-main/backend/battles/rules';
import { CLUB_TOKEN_HEADER } from '../../src-main/server/lan-listener';
import { dumpLedger } from '../helpers/backend';
import { act, playSetup, twoMinimalArmies } from '../helpers/battle-seed';
import { clubNightOn, LAN, lanInvoke, nextNotice, send, tokenOfUrl, useClubServers, type ClubServer } from '../helpers/club-night';
import { playFiveRounds, seedClub, startCampaignBattle } from '../helpers/crash-harness-seeds';
import { DIALECTS, ledgerPlace } from '../helpers/dialects';
import { useTempDirs } from '../helpers/tmp';

/**
 * Issue 35, what a table link may do: undo its own events (not the other
 * phone's, not the organiser's), and Finish once both sides confirm, each
 * side's confirmation kept in the ledger so a restart keeps it and the other
 * phone sees it. On real SQLite files, and on PostgreSQL when it is installed.
 */

const tmp = useTempDirs();
const { served, stop } = useClubServers(tmp);

interface Reply<T = unknown> {
  ok: boolean;
  value: T;
  error?: { code: string; message: string };
}

/**
 * A phone holding `token`: its requests on the LAN listener (with the id it keeps in its storage, issue 42), the side it
 * claims, and the link it is (`/api/club/link`).
 */
function phone(port: number, token: string, deviceId = `device-${token.slice(0, 12)}`) {
  return {
    call: async <T = unknown>(channel: string, input: unknown): Promise<Reply<T>> =>
      JSON.parse((await lanInvoke(port, token, channel, DEVICE_ID_CHANNELS.has(channel) ? { ...(input as object), deviceId } : input)).body) as Reply<T>,
    claim: async (battleId: string, side: 'A' | 'B') =>
      expect(JSON.parse((await lanInvoke(port, token, 'table.claimSide', { battleId, side, deviceId })).body)).toMatchObject({ ok: true }),
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

describe.each(DIALECTS)('club night: Finish votes are kept in the ledger (%s)', (dialect) => {
  it('a restart keeps a side’s vote; the other phone sees it, live; a new vote replaces it; agreeing finishes and spends them', async () => {
    const place = await ledgerPlace(dialect, tmp());
    const first = await served(place);
    const club = await seedClub(first.api);
    const b = await playFiveRounds(first.api, await startCampaignBattle(first.api, club), club.pack);
    let port = await clubNightOn(first);
    const tokens = [0, 1].map(async () => tokenOfUrl((await first.api.call('clubNight.createTableLink', { battleId: b.id })).url));
    const [anaToken, boToken] = await Promise.all(tokens);

    // Bo's phone is listening when Ana confirms: the vote wakes it, as an event does
    await phone(port, anaToken!).claim(b.id, 'A');
    await phone(port, boToken!).claim(b.id, 'B');
    const listening = nextNotice(port, boToken!, 2_000);
    await listening.opened;
    const voted = await phone(port, anaToken!).call('table.confirmFinish', { battleId: b.id, side: 'A', result: 'loss' });
    expect(voted).toMatchObject({ ok: true, value: { confirmed: { A: 'loss', B: null }, finished: false } });
    expect(await listening.notice).toBe(b.id);

    // the app restarts mid-evening: the vote is in the ledger, not in the process
    await stop(first);
    const again = await served(place);
    port = await clubNightOn(again);
    const [ana, bo] = [phone(port, anaToken!), phone(port, boToken!)];
    expect(await bo.call('table.finishVotes', { battleId: b.id })).toMatchObject({ ok: true, value: { A: 'loss', B: null } });

    // Ana changes her mind: her new vote replaces the old one
    await ana.call('table.confirmFinish', { battleId: b.id, side: 'A', result: 'draw' });
    expect((await bo.call('table.finishVotes', { battleId: b.id })).value).toEqual({ A: 'draw', B: null });
    const rows = () => again.backend.ctx.db.selectFrom('club_finish_votes').selectAll().where('battle_id', '=', b.id).execute();
    expect((await rows()).map((r) => [r.side, r.result, r.link_id])).toEqual([['A', 'draw', (await ana.link()).linkId]]);

    // Bo disagrees: both votes stand, shown to both, nothing finished
    const disagreed = await bo.call('table.confirmFinish', { battleId: b.id, side: 'B', result: 'win' });
    expect(disagreed).toMatchObject({ ok: true, value: { confirmed: { A: 'draw', B: 'win' }, finished: false } });
    expect((await ana.call('table.finishVotes', { battleId: b.id })).value).toEqual({ A: 'draw', B: 'win' });

    // Bo agrees: Finish Mission runs, and the votes are spent
    const agreed = await bo.call<{ battle: BattleDetail }>('table.confirmFinish', { battleId: b.id, side: 'B', result: 'draw' });
    expect(agreed).toMatchObject({ ok: true, value: { confirmed: { A: 'draw', B: 'draw' }, finished: true } });
    expect(agreed.value.battle).toMatchObject({ status: 'finished', outcome: { sides: [{ result: 'draw' }, { result: 'draw' }] } });
    expect(await rows()).toEqual([]);
    expect((await again.api.call('table.finishVotes', { battleId: b.id })).A).toBeNull();
  });

  it('each phone rates the battle with its confirmation; a bad rating, or a finish the rules refuse, writes nothing', async () => {
    const c = await served(await ledgerPlace(dialect, tmp()));
    const club = await seedClub(c.api);
    const b = await playFiveRounds(c.api, await startCampaignBattle(c.api, club), club.pack);
    const port = await clubNightOn(c);
    const [ana, bo] = await Promise.all(
      [0, 1].map(async () => phone(port, tokenOfUrl((await c.api.call('clubNight.createTableLink', { battleId: b.id })).url))),
    );
    await ana!.claim(b.id, 'A');
    await bo!.claim(b.id, 'B');

    // a rating outside 1–5 is refused by its field, and neither the vote nor any rating is kept
    const before = await dumpLedger(c.backend);
    const bad = await ana!.call('table.confirmFinish', { battleId: b.id, side: 'A', result: 'draw', rating: { fun: 6 } });
    expect(bad).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    expect(JSON.stringify(bad.error)).toContain('"rating","fun"');
    expect(await dumpLedger(c.backend)).toEqual(before);

    // Ana's rating is kept with her vote; Bo's comes with the vote that finishes the battle
    await ana!.call('table.confirmFinish', { battleId: b.id, side: 'A', result: 'draw', rating: { fun: 4, clarity: 2, confusingRule: 'AMB-12' } });
    expect(await c.api.call('battles.ratings', { battleId: b.id })).toEqual({ A: { fun: 4, clarity: 2, confusingRule: 'AMB-12' }, B: null });
    const done = await bo!.call('table.confirmFinish', { battleId: b.id, side: 'B', result: 'draw', rating: { fun: 5 } });
    expect(done).toMatchObject({ ok: true, value: { finished: true } });
    expect(await c.api.call('battles.ratings', { battleId: b.id })).toEqual({
      A: { fun: 4, clarity: 2, confusingRule: 'AMB-12' },
      B: { fun: 5, clarity: null, confusingRule: null },
    });

    // a battle not over yet: both agree, the rules refuse the finish, and the agreeing side's rating is not written
    const early = await standaloneBattle(c, 'early');
    // (the organiser's window confirms here: the phones' links are the first battle's)
    await c.api.call('table.confirmFinish', { battleId: early.id, side: 'A', result: 'win', rating: { clarity: 3 } });
    const held = await dumpLedger(c.backend);
    const refused = await c.api.call('table.confirmFinish', { battleId: early.id, side: 'B', result: 'win', rating: { fun: 1 } }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'RULE_VIOLATION' });
    expect(await dumpLedger(c.backend)).toEqual(held);
    expect(await c.api.call('battles.ratings', { battleId: early.id })).toEqual({ A: { fun: null, clarity: 3, confusingRule: null }, B: null });
  });

  it('abandoning a battle, or revoking its links, clears its votes', async () => {
    const c = await served(await ledgerPlace(dialect, tmp()));
    const [one, two] = [await standaloneBattle(c, 'one'), await standaloneBattle(c, 'two')];
    await clubNightOn(c);
    for (const battle of [one, two]) {
      await c.api.call('table.confirmFinish', { battleId: battle.id, side: 'B', result: 'win' });
      expect(await c.api.call('table.finishVotes', { battleId: battle.id })).toEqual({ A: null, B: 'win' });
    }
    await c.api.call('battles.abandon', { battleId: one.id, confirm: true });
    await c.api.call('clubNight.revoke', { battleId: two.id });
    for (const battle of [one, two]) expect(await c.api.call('table.finishVotes', { battleId: battle.id })).toEqual({ A: null, B: null });
    expect(await c.backend.ctx.db.selectFrom('club_finish_votes').selectAll().execute()).toEqual([]);
  });
});
