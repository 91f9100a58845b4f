import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appContract, CHANNELS } from '../../src-shared/contract';
import { DEVICE_ID_CHANNELS } from '../../src-shared/contract/device-id-channels';
import { intentSide, sideRefusal, type Caller, type SideClaimsOf } from '../../src-shared/contract/scopes';

/**
 * A side per phone (issue 42), the declarations themselves: which requests are one side's own, that each such channel
 * takes the phone's id, and the words a phone is refused with.
 */
const phone: Caller = { scope: 'table', battleId: 'b1', readOnly: false, linkId: 'link-1' };
const names = ['Ana', 'Bo'] as const;
const claims: SideClaimsOf = { A: { linkId: 'link-1', deviceId: 'ana-device' }, B: null };
const confirm = appContract['table.confirmFinish'];
const act = appContract['battles.act'];

describe('side scopes', () => {
  it('a side’s own intents are its Captain abilities, Veteran Sixes and Rule of Cool; the table’s shared steps are nobody’s', () => {
    const own = (intent: unknown) => intentSide({ battleId: 'b1', intent });
    expect(own({ kind: 'ability', side: 'B', abilityId: 'x' })).toBe('B');
    expect(own({ kind: 'rule-of-cool', side: 'A' })).toBe('A');
    expect(own({ kind: 'record', body: { kind: 'record.veteranSix', side: 'B', formationId: 'f' } })).toBe('B');
    expect(own({ kind: 'record', body: { kind: 'command.ability', side: 'A', abilityId: 'x' } })).toBe('A');
    expect(own({ kind: 'record', body: { kind: 'rule.cool', side: 'B' } })).toBe('B');
    for (const shared of [{ kind: 'draw' }, { kind: 'record', body: { kind: 'record.wounds', side: 'A' } }, { kind: 'end-round' }, 'draw', null])
      expect(own(shared)).toBeNull();
    expect(intentSide(undefined)).toBeNull();
  });

  it('every channel declaring a side takes the phone’s id, and its client sends it', () => {
    const declared = CHANNELS.filter((c) => appContract[c].scopes.side);
    expect(declared.sort()).toEqual(['battles.act', 'table.confirmFinish']);
    for (const ch of [...declared, 'table.claimSide', 'table.sides'] as const) {
      expect(DEVICE_ID_CHANNELS.has(ch), ch).toBe(true);
      expect(Object.keys((appContract[ch].input as z.ZodObject).shape), ch).toContain('deviceId');
    }
  });

  it('only the phone that claimed a side may make its requests; the organiser and shared steps pass', () => {
    const ask = (input: object, caller: Caller = phone) => sideRefusal(confirm, caller, input, claims, names);
    expect(ask({ side: 'A', deviceId: 'ana-device' })).toBeUndefined();
    expect(ask({ side: 'A', deviceId: 'bo-device' })).toBe('Only Ana’s phone can do this: another phone has claimed Ana’s side.');
    expect(ask({ side: 'A' })).toMatch(/^Only Ana’s phone/);
    // the same device through another link of the battle is another phone
    expect(ask({ side: 'A', deviceId: 'ana-device' }, { ...phone, linkId: 'link-2' })).toMatch(/^Only Ana’s phone/);
    expect(ask({ side: 'B', deviceId: 'ana-device' })).toBe('Only Bo’s phone can do this: claim Bo’s side on this phone first (“Which side are you?”).');
    expect(ask({ side: 'B' }, { scope: 'organiser' })).toBeUndefined();
    expect(sideRefusal(act, phone, { intent: { kind: 'draw' } }, claims, names)).toBeUndefined();
  });
});
