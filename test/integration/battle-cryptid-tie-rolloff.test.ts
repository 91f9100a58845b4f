import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src-shared/contract/client';
import type { BattleDetail } from '../../src-shared/contract/battles.contract';
import { dumpLedger, withBackend } from '../helpers/backend';
import { twoMinimalArmies } from '../helpers/battle-seed';
import { act, playFiveRounds } from '../helpers/crash-harness-seeds';
import { expectError } from '../helpers/expect-error';
import { useTempDirs } from '../helpers/tmp';

const tempDir = useTempDirs();

/**
 * Tied cryptid damage under the 'rolloff' ruling (DIGEST 17.8, AMB-03; higher roll first, AMB-20): the backend
 * records the roll-off's winner in the battle, and refuses to finish a battle whose tie has no recorded winner
 * (a typed RULE_VIOLATION, nothing written) or a roll-off entered by hand (the app rolls it).
 */
async function tiedBattle(api: ApiClient): Promise<BattleDetail> {
  // the organiser's ruleset version settles cryptid ties by a roll-off; a standalone game plays the latest version
  const { version, pack } = await api.call('rulesets.get', {});
  await api.call('rulesets.createVersion', { baseVersionId: version.id, pack: { ...pack, options: { ...pack.options, cryptidDamageTie: 'rolloff' } } });
  const rosters = await twoMinimalArmies(api, pack, ['Wen', 'Xia']);
  // Mission 3's scenario: the round-two event is always a cryptid; each company deals it 3 Wounds in round 2
  const b = await api.call('battles.start', { mode: 'standalone', rosterIds: [rosters[0]!.id, rosters[1]!.id], mission: 3 });
  expect(b.options.cryptidDamageTie).toBe('rolloff');
  const wounded = new Set<string>();
  return playFiveRounds(api, b, pack, async (d, { round, owner, formationId }) => {
    if (round !== 2 || owner === 'neutral') return d;
    const side = owner === 0 ? 'A' : 'B';
    if (wounded.has(side)) return d;
    wounded.add(side);
    return act(api, d.id, { kind: 'record', body: { kind: 'cryptid.wound', side, formationId, attack: 'melee', amount: 3 } });
  });
}

describe('the cryptid tie roll-off in the backend (rolloff ruling, AMB-03)', () => {
  it('finishing before the roll-off is refused and writes nothing; a hand-entered roll-off is refused; the app’s roll-off records its winner', async () => {
    await withBackend(tempDir(), async ({ api, backend }) => {
      let b = await tiedBattle(api);
      const before = await dumpLedger(backend);
      const e = await expectError(api.call('battles.finish', { battleId: b.id, result: 'draw' }), 'RULE_VIOLATION');
      expect(e.message).toMatch(/equal damage: roll off for first place before finishing/);
      expect(e.path).toEqual(['result']);
      await expectError(api.call('battles.previewFinish', { battleId: b.id, result: 'draw' }), 'RULE_VIOLATION');
      expect(await dumpLedger(backend)).toEqual(before);
      expect((await api.call('battles.get', { battleId: b.id })).status).toBe('in_progress');

      // the roll-off is the app's dice: one entered by hand is refused, nothing written
      const entered = await expectError(act(api, b.id, { kind: 'record', body: { kind: 'cryptid.tieRolloff', rolls: [[6, 1]], winner: 'A' } }), 'VALIDATION');
      expect(entered.message).toMatch(/rolled by the app, not entered/);
      expect(await dumpLedger(backend)).toEqual(before);

      b = await act(api, b.id, { kind: 'cryptid-tie-rolloff' });
      const rolled = b.log[b.log.length - 1]!.body;
      if (rolled.kind !== 'cryptid.tieRolloff') throw new Error('no roll-off recorded');
      const [x, y] = rolled.rolls[rolled.rolls.length - 1]!;
      expect(x).not.toBe(y);
      expect(rolled.winner).toBe(x > y ? 'A' : 'B');
      // a second roll-off is refused
      await expectError(act(api, b.id, { kind: 'cryptid-tie-rolloff' }), 'RULE_VIOLATION');

      await api.call('battles.finish', { battleId: b.id, result: 'draw' });
      const finished = await api.call('battles.get', { battleId: b.id });
      expect(finished.status).toBe('finished');
      expect(finished.outcome!.cryptid!.tieRolloffWinner).toBe(rolled.winner === 'A' ? 0 : 1);
    });
  });
});
