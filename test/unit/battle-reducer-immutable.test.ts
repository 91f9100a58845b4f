import { describe, expect, it } from 'vitest';
import { AppError } from '../../src-shared/errors';
import { routMorale } from '../../src-shared/battle/morale-rout';
import { applyEvent, applyEventToOwnState, foldEvents, initialState, struckIds, type FoldableEvent } from '../../src-shared/battle/reducer';
import { battleSetupSchema } from '../../src-shared/battle/setup.schema';
import type { BattleState } from '../../src-shared/battle/state';
import { activationStrategy } from '../../src-shared/battle/strategies';
import { army, setupOf, Table, twoCores } from '../helpers/battle';
import { deepFreeze } from '../helpers/deep-freeze';

/**
 * applyEvent never changes the state it is given: Play Mode, the backend's
 * cache and the undo of a draw all hold on to earlier states. Each battle
 * here is played to the end through the usual helpers, then its record is
 * replayed one event at a time onto deep-frozen states.
 */

/** Every turn activates the first eligible formation; one of a routing company fails its Will check instead. */
function activateAll(t: Table) {
  const st = activationStrategy('alternating')!;
  for (let turns = 0; t.state.phase === 'activations' && turns < 40; turns++) {
    const turn = st.turn(t.state.activation);
    if (turn.kind !== 'choose') break;
    const id = turn.eligible[0]!;
    const m = t.state.morale!;
    if (turn.owner !== 'neutral' && routMorale({ latch: m.latch }).demandAtActivation(m, turn.owner, id).kind === 'will-check')
      t.record({ kind: 'morale.willCheck', side: turn.owner === 0 ? 'A' : 'B', formationId: id, roll: 1, resolve: 4, modifier: 0, passed: false });
    else t.record({ kind: 'bag.activate', formationId: id });
  }
}

/** A campaign battle with the bag: abilities, orders, gambits, kills, a cryptid defeated and its trophy, a struck mistake. */
function bagBattle(): Table {
  const t = new Table(setupOf(army('A', twoCores, [], 'sins-of-greed'), army('B', twoCores, [], 'iron-edict'), 1)).toRoundOne();
  t.act({ kind: 'ability', side: 'A', abilityId: 'sins-of-greed' });
  t.act({ kind: 'ability', side: 'B', abilityId: 'iron-edict' }, [5, 2]);
  t.record({ kind: 'command.order', side: 'A', orderId: 'steady-fire', formationId: 'A-f1' });
  t.record({ kind: 'command.done' });
  t.record({ kind: 'gambit', side: 'A', gambitId: 'overcharge', formationId: 'A-cmd' });
  t.record({ kind: 'record.wounds', side: 'B', formationId: 'B-f1', attack: 'ranged', amount: 2 });
  t.record({ kind: 'mutant.kill', objective: 0, side: 'A', count: 2 });
  const [mistake] = t.record({ kind: 'record.vp', side: 'B', source: 'other', amount: 1, note: 'wrong side' });
  t.act({ kind: 'strike', eventId: mistake!.id });
  t.record({ kind: 'record.ruling', ruling: 'disputed', ruleRef: 'Field Manual §4', text: 'line of sight' });
  t.drawAll();
  t.act({ kind: 'end-round', holders: ['A', null, null] });
  t.record({ kind: 'command.order', side: 'B', orderId: 'hold-fast', formationId: 'B-f2' });
  t.record({ kind: 'command.done' });
  t.act({ kind: 'resolve-event' }, [4, 1, 2]); // D20 4: a cryptid, slot 1 of the marsh, centre entry
  t.act({ kind: 'cryptid-act', engaged: false }, [2, 5, 3]);
  t.record({ kind: 'cryptid.wound', side: 'A', formationId: 'A-f1', attack: 'melee', amount: 9 });
  t.record({ kind: 'cryptid.wound', side: null, formationId: null, attack: 'other', amount: 9 });
  t.record({ kind: 'cryptid.trophy', side: 'A', formationId: 'A-f1', disposition: 'banked' });
  t.record({ kind: 'record.veteranSix', side: 'A', formationId: 'A-f2' });
  t.record({ kind: 'record.casualties', side: 'B', formationId: 'B-f2', killed: 3, retreated: 0 });
  t.record({ kind: 'record.casualties', side: 'B', formationId: 'B-cmd', killed: 1, retreated: 0, officerIds: ['B-o1'] });
  t.drawAll();
  t.act({ kind: 'end-round', holders: ['A', null, null] });
  for (let r = 3; r <= 5; r++) {
    t.record({ kind: 'command.done' });
    if (r === 4) t.record({ kind: 'mutant.kill', objective: 1, side: 'B', count: 3 });
    t.drawAll();
    t.act({ kind: 'end-round', holders: r >= 4 ? ['A', 'B', null] : ['A', null, null] });
  }
  return t;
}

/** The alternating module with rout morale: passes, a routing company's failed Will checks, a storm. */
function moduleBattle(): Table {
  const setup = battleSetupSchema.parse({
    mode: 'standalone',
    campaignId: null,
    mission: null,
    activation: 'alternating',
    // one of B-f1's models carries storm protection (DIGEST AMB-19f)
    sides: [
      army('A', twoCores),
      army('B', [
        { slot: 'core', models: 5, radProtectedModels: 1 },
        { slot: 'core', models: 3 },
        { slot: 'elite', models: 2 },
      ]),
    ],
  });
  const t = new Table(setup).toRoundOne();
  t.record({ kind: 'command.done' });
  t.record({ kind: 'bag.pass' });
  t.record({ kind: 'record.casualties', side: 'A', formationId: 'A-f1', killed: 5, retreated: 0 });
  t.record({ kind: 'record.casualties', side: 'A', formationId: 'A-f2', killed: 2, retreated: 0 });
  activateAll(t);
  t.act({ kind: 'end-round', holders: [null, null, null] });
  t.record({ kind: 'command.done' });
  t.act({ kind: 'resolve-event' }, [15, 3, 2]); // a storm
  activateAll(t);
  t.act({ kind: 'end-round', holders: [null, null, null], storm: [{ side: 'B', formationId: 'B-f1', modelsInside: 2, protectedInside: 1 }] }, [5, 4, 1]);
  for (let r = 3; r <= 5; r++) {
    t.record({ kind: 'command.done' });
    activateAll(t);
    t.act({ kind: 'end-round', holders: [null, null, null] }, r < 5 ? [1, 1] : []);
  }
  return t;
}

/** Replays the record one event at a time, each onto a deep-frozen state that must come out of it unchanged. */
function replayFrozen(t: Table): BattleState {
  const struck = struckIds(t.events);
  let s = initialState(t.setup, t.rules);
  for (const e of t.events) {
    if (struck.has(e.id) || e.body.kind === 'correction.strike') continue;
    const before = structuredClone(deepFreeze(s));
    const next = applyEvent(s, e, t.rules);
    expect(s, `${e.id} ${e.body.kind} changed its input`).toEqual(before);
    expect(next).not.toBe(s);
    expect(next.eventCount).toBe(s.eventCount + 1);
    s = next;
  }
  return s;
}

describe('applyEvent returns a new state and leaves its input untouched', () => {
  it.each([
    ['a campaign battle with the bag, a cryptid and a strike', bagBattle],
    ['a battle under the alternating module with rout morale and a storm', moduleBattle],
  ])('%s, replayed onto frozen states, ends where the fold ends', (_what, play) => {
    const t = play();
    expect(t.state.phase).toBe('over');
    expect(replayFrozen(t)).toEqual(t.state);
  });

  it.each([
    ['the bag battle', bagBattle],
    ['the module battle', moduleBattle],
  ])('applyEventToOwnState (the backend’s write path on its own kept state) ends %s where the fold ends', (_what, play) => {
    const t = play();
    const struck = struckIds(t.events);
    let s = initialState(t.setup, t.rules);
    for (const e of t.events) if (!struck.has(e.id) && e.body.kind !== 'correction.strike') s = applyEventToOwnState(s, e, t.rules);
    expect(s).toEqual(t.state);
  });

  it('foldEvents writes into nothing it is given: set-up, rules and record stay as they were', () => {
    for (const play of [bagBattle, moduleBattle]) {
      const t = play();
      const expected = t.state;
      const given = structuredClone({ setup: t.setup, rules: t.rules, events: t.events });
      deepFreeze(t.setup);
      deepFreeze(t.rules);
      deepFreeze(t.events);
      expect(foldEvents(t.setup, t.rules, t.events)).toEqual(expected);
      expect({ setup: t.setup, rules: t.rules, events: t.events }).toEqual(given);
    }
  });

  it('the bag battle reached every part of the round procedure it is meant to exercise', () => {
    const s = bagBattle().state;
    expect(s.cryptid).toMatchObject({ defeated: true, trophyClaimedBy: 'A' });
    expect(s.rounds.map((r) => r.vp)).toEqual([
      { A: 0, B: 0 },
      { A: 1, B: 0 },
      { A: 1, B: 0 },
      { A: 1, B: 1 },
      { A: 1, B: 1 },
    ]);
    expect(s.sides.B.officers.find((o) => o.id === 'B-o1')!.lost).toBe(true);
    expect(s.sides.B.extraVp).toBe(0); // the struck VP is gone
  });

  it('the module battle routed and broke a formation, and the storm dealt its Wounds', () => {
    const s = moduleBattle().state;
    expect(Object.keys(s.morale!.broken)).not.toEqual([]);
    expect(s.rounds[1]!.storm!.woundsDealt).toBeGreaterThan(0);
  });

  it('the parts an event does not touch are shared with the input, not copied', () => {
    const t = bagBattle();
    const struck = struckIds(t.events);
    const live = t.events.filter((e) => !struck.has(e.id) && e.body.kind !== 'correction.strike');
    const wound = live.findIndex((e) => e.body.kind === 'record.veteranSix');
    let s = initialState(t.setup, t.rules);
    for (const e of live.slice(0, wound)) s = applyEvent(s, e, t.rules);
    const record: FoldableEvent = { id: 'w', at: s.lastEventAt!, body: { kind: 'record.wounds', side: 'A', formationId: 'A-f1', attack: 'melee', amount: 1 } };
    const next = applyEvent(s, record, t.rules);
    expect(next.setup).toBe(s.setup);
    expect(next.sides).toBe(s.sides);
    expect(next.activation).toBe(s.activation);
    expect(next.rounds[0]).toBe(s.rounds[0]);
    expect(next.rounds[1]).not.toBe(s.rounds[1]);
    expect(next.rounds[1]!.wounds.slice(0, -1)).toEqual(s.rounds[1]!.wounds);
  });

  it('a refused event throws its RULE_VIOLATION and changes nothing, even when it fails after a first effect', () => {
    // At the end of round 2 objective 1 is cleared and held by A, so the VP is counted before the storm entry is refused.
    const t = new Table(setupOf(army('A', twoCores), army('B', twoCores), 1)).toRoundOne();
    t.record({ kind: 'mutant.kill', objective: 0, side: 'A', count: 3 });
    t.record({ kind: 'command.done' });
    t.drawAll();
    t.act({ kind: 'end-round', holders: [null, null, null] });
    t.record({ kind: 'command.done' });
    t.act({ kind: 'resolve-event' }, [4, 1, 2]);
    t.act({ kind: 'cryptid-act', engaged: false }, [2, 5, 3]);
    t.drawAll();
    const s = deepFreeze(t.state);
    const before = structuredClone(s);
    const body = {
      kind: 'round.end' as const,
      holders: ['A' as const, null, null],
      storm: [{ side: 'A' as const, formationId: 'A-f1', modelsInside: 1, protectedInside: 0, protectionRolls: [] }],
      instability: [],
      stormScatter: null,
    };
    let thrown: unknown;
    try {
      applyEvent(s, { id: 'x', at: s.lastEventAt!, body }, t.rules);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({ code: 'RULE_VIOLATION', message: 'There is no storm on the table.', path: ['storm'] });
    expect(s).toEqual(before);
  });
});
