import { describe, expect, it } from 'vitest';
import { buildOutcome } from '../../src-shared/battle/build-outcome';
import { cryptidTieNeedsRolloff } from '../../src-shared/battle/cryptid-tie';
import type { BattleRules } from '../../src-shared/battle/setup';
import { cryptidPlacing } from '../../src-shared/campaign/rewards';
import { BATTLE_RULES } from '../fixtures/battle-rules';
import { FIELD_MANUAL_ECONOMY } from '../fixtures/campaign-rules';
import { army, setupOf, Table, twoCores } from '../helpers/battle';

/**
 * Tied cryptid damage (DIGEST 17.8, AMB-03) under the 'rolloff' ruling ("roll off, entered by hand"): the roll-off is
 * recorded in the battle, higher roll first (AMB-20), and the winner takes first place (+10), the other second (+4).
 */
const rolloffRules: BattleRules = { ...BATTLE_RULES, options: { ...BATTLE_RULES.options, cryptidDamageTie: 'rolloff' } };

/** Mission 3 (a guaranteed cryptid), both companies deal it `a` and `b` Wounds in round 2, played to the end. */
function playedOut(a: number, b: number, rules = rolloffRules, rounds = 5) {
  const t = new Table(setupOf(army('A', twoCores), army('B', twoCores), 3), rules).toRoundOne();
  for (let r = 1; r <= rounds; r++) {
    t.record({ kind: 'command.done' });
    if (t.state.phase === 'event') t.act({ kind: 'resolve-event' }, [1, 1]);
    if (t.state.phase === 'cryptid') {
      t.act({ kind: 'cryptid-act', engaged: true });
      if (r === 2) {
        if (a) t.record({ kind: 'cryptid.wound', side: 'A', formationId: 'A-f1', attack: 'melee', amount: a });
        if (b) t.record({ kind: 'cryptid.wound', side: 'B', formationId: 'B-f1', attack: 'melee', amount: b });
      }
    }
    t.drawAll();
    t.act({ kind: 'end-round', holders: [null, null, null] });
  }
  return t;
}

describe('the roll-off for tied cryptid damage (AMB-03 rolloff)', () => {
  it('3 Wounds each: a roll-off is needed; before the end it is refused; 2–5 gives B first place, recorded for Finish', () => {
    const t = playedOut(3, 3);
    expect(t.state.phase).toBe('over');
    expect(cryptidTieNeedsRolloff(t.state, rolloffRules)).toBe(true);
    t.act({ kind: 'cryptid-tie-rolloff' }, [4, 4, 2, 5]);
    expect(t.state.cryptid!.tieRolloff).toEqual({
      rolls: [
        [4, 4],
        [2, 5],
      ],
      winner: 'B',
    });
    expect(() => t.act({ kind: 'cryptid-tie-rolloff' }, [6, 1])).toThrow(/already recorded/);
    const outcome = buildOutcome(t.state, rolloffRules, 'draw');
    expect(outcome.cryptid!.tieRolloffWinner).toBe(1);
    // the ledger's placing from that record: B first (+10), A second (+4)
    const opts = { cryptidDamageTie: 'rolloff' as const };
    expect(cryptidPlacing(3, 3, FIELD_MANUAL_ECONOMY, { ...opts, rolloffWinner: outcome.cryptid!.tieRolloffWinner === 0 })).toEqual({
      place: 'second',
      amount: 4,
    });
    expect(cryptidPlacing(3, 3, FIELD_MANUAL_ECONOMY, { ...opts, rolloffWinner: outcome.cryptid!.tieRolloffWinner === 1 })).toEqual({
      place: 'first',
      amount: 10,
    });
  });

  it('not before the battle is over: the damage may still change', () => {
    const t = playedOut(3, 3, rolloffRules, 3);
    expect(() => t.act({ kind: 'cryptid-tie-rolloff' }, [6, 1])).toThrow(/once the battle is over/);
  });

  it.each([
    ['unequal damage', 4, 3, rolloffRules, /did not deal equal cryptid damage/],
    ['no Wound at all', 0, 0, rolloffRules, /did not deal equal cryptid damage/],
    ['another tie ruling', 3, 3, BATTLE_RULES, /without a roll-off/],
  ] as const)('no roll-off for %s', (_what, a, b, rules, refusal) => {
    const t = playedOut(a, b, rules);
    expect(() => t.act({ kind: 'cryptid-tie-rolloff' }, [6, 1])).toThrow(refusal);
  });
});
