import { afterEach, describe, expect, it } from 'vitest';
import type { BattleIntentInput } from '../../src-shared/battle/intents';
import type { BattleDetail } from '../../src-shared/contract/battles.contract';
import { dumpLedger, type LedgerPlace } from '../helpers/backend';
import { playSetup, twoMinimalArmies } from '../helpers/battle-seed';
import { clubNightOn, lanInvoke, startClubServer, tokenOfUrl, type ClubServer } from '../helpers/club-night';
import { DIALECTS, ledgerPlace } from '../helpers/dialects';
import { useTempDirs } from '../helpers/tmp';

/**
 * Issue 42, a side per phone: a phone opening a table link claims a side (or watches), kept in the ledger; a second
 * phone may claim the other side, a third only watch. Only the phone that claimed a side confirms its result, rates
 * for it and makes its own choices (Captain abilities, Veteran Sixes, Rule of Cool): the others are refused by the
 * backend, FORBIDDEN with a sentence, writing nothing. The organiser sees the claims and may free a side. On SQLite
 * and on PostgreSQL when it is installed.
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

/** A phone: the link it opened and the id it keeps in its storage, sent with its requests. */
function phone(port: number, token: string, deviceId: string) {
  const call = async <T = unknown>(channel: string, input: Record<string, unknown>): Promise<Reply<T>> =>
    JSON.parse((await lanInvoke(port, token, channel, { ...input, deviceId })).body) as Reply<T>;
  return {
    call,
    claim: (battleId: string, side: 'A' | 'B' | null) => call('table.claimSide', { battleId, side }),
    act: (battleId: string, intent: BattleIntentInput) => call<{ recorded: boolean }>('battles.act', { battleId, clientEventId: crypto.randomUUID(), intent }),
  };
}

const device = (name: string) => `${name}-phone-device-0000`;
const ruleOfCool = (side: 'A' | 'B'): BattleIntentInput => ({ kind: 'rule-of-cool', side, officerId: null, category: 'dramatic', agreed: 'a leap' });
const veteranSix = (side: 'A' | 'B', formationId: string): BattleIntentInput => ({ kind: 'record', body: { kind: 'record.veteranSix', side, formationId } });

async function battleAtTable(c: ClubServer): Promise<BattleDetail> {
  const { pack } = await c.api.call('rulesets.get', {});
  const [a, b] = await twoMinimalArmies(c.api, pack, ['Ana', 'Bo']);
  return playSetup(c.api, await c.api.call('battles.start', { mode: 'standalone', rosterIds: [a!.id, b!.id] }), pack);
}

describe.each(DIALECTS)('club night: a side per phone (%s)', (dialect) => {
  it('each phone claims a side, a third only watches; a side’s own requests from any other phone are refused, writing nothing', async () => {
    const c = await served(await ledgerPlace(dialect, tmp()));
    const b = await battleAtTable(c);
    const port = await clubNightOn(c);
    const token = tokenOfUrl((await c.api.call('clubNight.createTableLink', { battleId: b.id })).url);
    // both players' phones opened the one table card's link; a friend's phone too
    const [ana, bo, friend] = [phone(port, token, device('ana')), phone(port, token, device('bo')), phone(port, token, device('friend'))];

    expect((await ana.call('table.sides', { battleId: b.id })).value).toEqual({ A: { claimed: false, mine: false }, B: { claimed: false, mine: false } });
    expect(await ana.claim(b.id, 'A')).toMatchObject({ ok: true, value: { A: { claimed: true, mine: true }, B: { claimed: false } } });
    expect(await bo.claim(b.id, 'B')).toMatchObject({ ok: true, value: { A: { claimed: true, mine: false }, B: { claimed: true, mine: true } } });
    // the friend may not take a side already claimed: it watches
    const taken = await friend.claim(b.id, 'A');
    expect(taken).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    expect(taken.error!.message).toMatch(/Another phone has already claimed Ana’s side/);
    expect(await friend.claim(b.id, null)).toMatchObject({ ok: true, value: { A: { mine: false }, B: { mine: false } } });
    // the same device through another link of the battle is another phone
    const reprint = tokenOfUrl((await c.api.call('clubNight.createTableLink', { battleId: b.id })).url);
    expect((await phone(port, reprint, device('ana')).call('table.sides', { battleId: b.id })).value).toMatchObject({ A: { mine: false } });

    // confirming, rating, or the side's own choices for the other side: refused in words, nothing written
    const before = await dumpLedger(c.backend);
    for (const [who, r] of [
      ['bo', await bo.call('table.confirmFinish', { battleId: b.id, side: 'A', result: 'loss' })],
      ['friend', await friend.call('table.confirmFinish', { battleId: b.id, side: 'B', result: 'win', rating: { fun: 5 } })],
      ['bo', await bo.act(b.id, ruleOfCool('A'))],
      ['bo', await bo.act(b.id, veteranSix('A', b.setup.sides[0].formations[0]?.id ?? 'f1'))],
      ['bo', await bo.act(b.id, { kind: 'ability', side: 'A', abilityId: 'any' })],
      ['friend', await friend.act(b.id, { kind: 'record', body: { kind: 'command.ability', side: 'B', abilityId: 'any' } })],
      ['reprint', await phone(port, reprint, device('ana')).call('table.confirmFinish', { battleId: b.id, side: 'A', result: 'win' })],
    ] as const) {
      expect(r, who).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
      expect(r.error!.message).toMatch(/^Only (Ana|Bo)’s phone can do this/);
    }
    expect(await dumpLedger(c.backend)).toEqual(before);
    // a phone without a claim is told to claim first
    const unclaimed = await phone(port, token, device('late')).call('table.confirmFinish', { battleId: b.id, side: 'A', result: 'win' });
    expect(unclaimed.error!.message).toMatch(/another phone has claimed Ana’s side/);

    // the table's shared steps are anyone's at the table; each side's own are its phone's
    expect(await friend.act(b.id, { kind: 'record', body: { kind: 'record.note', text: 'the ruin is area terrain' } })).toMatchObject({ ok: true });
    expect(await ana.call('table.confirmFinish', { battleId: b.id, side: 'A', result: 'win', rating: { fun: 4 } })).toMatchObject({
      ok: true,
      value: { confirmed: { A: 'win', B: null } },
    });
    const own = await ana.act(b.id, ruleOfCool('A'));
    expect(own.error?.code).not.toBe('FORBIDDEN');
    // the organiser may do anything
    expect((await c.api.call('table.confirmFinish', { battleId: b.id, side: 'B', result: 'draw' })).confirmed).toEqual({ A: 'win', B: 'draw' });
  });

  it('the organiser sees the claims and frees a side; a phone claiming the other side lets go of its own; revoking clears them', async () => {
    const c = await served(await ledgerPlace(dialect, tmp()));
    const b = await battleAtTable(c);
    const port = await clubNightOn(c);
    const token = tokenOfUrl((await c.api.call('clubNight.createTableLink', { battleId: b.id })).url);
    const [ana, spare] = [phone(port, token, device('ana')), phone(port, token, device('spare'))];
    await ana.claim(b.id, 'A');
    const listed = (await c.api.call('clubNight.tables', undefined)).find((t) => t.battleId === b.id)!;
    expect(listed.claims.A).toEqual(expect.any(String));
    expect(listed.claims.B).toBeNull();

    // Ana's phone is flat: the organiser frees her side, her spare phone claims it, and the old one may no longer confirm
    expect(await c.api.call('clubNight.resetClaim', { battleId: b.id, side: 'A' })).toEqual({ reset: 1 });
    expect((await c.api.call('clubNight.tables', undefined)).find((t) => t.battleId === b.id)!.claims.A).toBeNull();
    expect(await spare.claim(b.id, 'A')).toMatchObject({ ok: true, value: { A: { mine: true } } });
    expect(await ana.call('table.confirmFinish', { battleId: b.id, side: 'A', result: 'win' })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    // a phone resetting is the organiser's alone
    expect(await spare.call('clubNight.resetClaim', { battleId: b.id, side: 'A' })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });

    // one phone, one side: claiming B frees A
    expect(await spare.claim(b.id, 'B')).toMatchObject({ ok: true, value: { A: { claimed: false }, B: { mine: true } } });
    await c.api.call('clubNight.revoke', { battleId: b.id });
    const rows = await c.backend.ctx.db.selectFrom('club_side_claims').selectAll().where('battle_id', '=', b.id).execute();
    expect(rows).toEqual([]);
  });
});
