import { describe, expect, it } from 'vitest';
import { alternatingStateSchema, type AlternatingState } from '../../src-shared/battle/alternating-activation.schema';
import { routStateSchema } from '../../src-shared/battle/morale-rout.schema';
import { foldEvents } from '../../src-shared/battle/reducer';
import { battleSetupSchema } from '../../src-shared/battle/setup.schema';
import { activationStrategy } from '../../src-shared/battle/strategies';
import { BATTLE_RULES } from '../fixtures/battle-rules';
import { ALTERNATING_SETUP, moduleBattle, routedA } from '../helpers/alternating-battle';
import type { Table } from '../helpers/battle';

/**
 * Rules of the alternating module's round (DIGEST §23 T1–T15), asserted
 * through Play Mode's record: the reducer real battles are played with, so a
 * rule is only green when a battle at the table obeys it.
 *
 * A: command group 5 + Core 5 + Core 3 = 13 models, 3 formations.
 * B: command group 5 + Core 5 + Core 3 + Elite 2 + Heavy 1 = 16 models, 5 formations.
 */
const setup = ALTERNATING_SETUP;

const alt = (t: Table) => t.state.activation as AlternatingState;
const st = activationStrategy('alternating')!;

/** Every remaining turn activates the first eligible formation, never passing. */
function finishRound(t: Table) {
  for (let turns = 0; t.state.phase === 'activations' && turns < 30; turns++) {
    const turn = st.turn(t.state.activation);
    if (turn.kind !== 'choose') break;
    t.record({ kind: 'bag.activate', formationId: turn.eligible[0]! });
  }
  expect(t.state.phase).toBe('end-of-round');
}

describe('Alternating round in Play Mode: losses, the queue and the next round (DIGEST §23 T1–T4, T8)', () => {
  it('a formation lost mid-round leaves the queue, the round’s figures stay (T2); next round it no longer counts and the lower count takes initiative (T1, T3, T4)', () => {
    const t = moduleBattle();
    t.record({ kind: 'record.casualties', side: 'B', formationId: 'B-f2', killed: 3, retreated: 0 });
    t.record({ kind: 'record.casualties', side: 'B', formationId: 'B-f3', killed: 2, retreated: 0 });
    t.record({ kind: 'record.casualties', side: 'B', formationId: 'B-f4', killed: 1, retreated: 0 });
    expect(alt(t).waiting.side1).toEqual(['B-cmd', 'B-f1']);
    expect(alt(t)).toMatchObject({ counts: [3, 5], passTokensGranted: [2, 0], passTokens: [2, 0] });
    finishRound(t);
    t.act({ kind: 'end-round', holders: [null, null, null] });
    t.record({ kind: 'command.done' });
    t.act({ kind: 'resolve-event' }, [15, 3, 2]); // D20 15: a radiation storm, no cryptid acts first
    // A won the set-up roll-off, but B now has 2 formations against A's 3
    expect(alt(t)).toMatchObject({ round: 2, counts: [3, 2], initiative: 1, passTokens: [0, 1] });
  });

  it('Pass tokens left unspent at the end of the round are discarded (T8)', () => {
    const t = moduleBattle();
    t.record({ kind: 'bag.pass' });
    finishRound(t);
    expect(alt(t).passTokens).toEqual([0, 0]);
    expect(alt(t).discardedPassTokens).toEqual([1, 0]);
  });

  it('the round cannot be ended while a formation that can activate has not', () => {
    const t = moduleBattle();
    expect(() => t.act({ kind: 'end-round', holders: [null, null, null] })).toThrow(/Not now/);
  });

  it('a formation cannot lose more models than it has left', () => {
    const t = moduleBattle();
    expect(() => t.record({ kind: 'record.casualties', side: 'B', formationId: 'B-f2', killed: 2, retreated: 2 })).toThrow(/has only 3 models left/);
  });

  it('each side brings a command group, so neither side is without a formation', () => {
    const parsed = battleSetupSchema.safeParse({ ...setup, sides: [setup.sides[0], { ...setup.sides[1], formations: [] }] });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.some((i) => i.path.join('.') === 'sides.1.formations')).toBe(true);
  });
});

describe('Rout and the Will check in Play Mode’s record (DIGEST §23 T12–T15)', () => {
  it('a routing formation refused its activation has not acted: it still waits, and the turn stays with its side (T13)', () => {
    const t = routedA();
    expect(() => t.record({ kind: 'bag.activate', formationId: 'A-f2' })).toThrow(/Will check/);
    expect(alt(t).toAct).toBe(0);
    expect(alt(t).waiting.side0).toContain('A-f2');
    expect(st.activated(t.state.activation)).not.toContain('A-f2');
  });

  it('the activation and morale the record folds to survive a save and reload exactly', () => {
    const t = routedA();
    t.record({ kind: 'morale.willCheck', side: 'A', formationId: 'A-f2', roll: 1, resolve: 4, modifier: 0, passed: false });
    const s = t.state;
    expect(s.morale!.broken).toEqual({ 'A-f2': 1 });
    expect(alternatingStateSchema.parse(JSON.parse(JSON.stringify(s.activation)))).toEqual(s.activation);
    expect(routStateSchema.parse(JSON.parse(JSON.stringify(s.morale)))).toEqual(s.morale);
    expect(foldEvents(setup, BATTLE_RULES, JSON.parse(JSON.stringify(t.events)))).toEqual(s);
  });
});
