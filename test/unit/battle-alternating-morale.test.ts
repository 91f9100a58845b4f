import { describe, expect, it } from 'vitest';
import type { AlternatingState } from '../../src-shared/battle/alternating-activation';
import { battleSetupSchema } from '../../src-shared/battle/setup.schema';
import { moduleBattle, routedA } from '../helpers/alternating-battle';
import { army, Table, twoCores } from '../helpers/battle';

/**
 * The alternating-activation module with rout morale, played through Play
 * Mode's record (DIGEST §23): the round screen reads everything from the
 * folded events, so a reload resumes it exactly.
 *
 * A: command group 5 + Core 5 + Core 3 = 13 models, 3 formations.
 * B: command group 5 + Core 5 + Core 3 + Elite 2 + Heavy 1 = 16 models, 5 formations.
 */
const alt = (t: Table) => t.state.activation as AlternatingState;

describe('Alternating module in Play Mode: Pass tokens (DIGEST §23 T3–T6, T8)', () => {
  it('round 1: initiative from set-up, the lower count holds the shortfall in Pass tokens (T4, AMB-S3)', () => {
    const t = moduleBattle();
    expect(alt(t).initiative).toBe(0);
    expect(alt(t).counts).toEqual([3, 5]);
    expect(alt(t).passTokens).toEqual([2, 0]);
  });

  it('a player passes once, then cannot pass again before activating (T6); each pass is in the round record', () => {
    const t = moduleBattle();
    t.record({ kind: 'bag.pass' });
    expect(alt(t).toAct).toBe(1);
    t.record({ kind: 'bag.activate', formationId: 'B-cmd' });
    expect(() => t.record({ kind: 'bag.pass' })).toThrow(/passed on your last turn/);
    expect(t.state.rounds[0]!.passes).toEqual({ A: 1, B: 0 });
  });

  it('the bag is never mixed in: no draw in an alternating battle', () => {
    const t = moduleBattle();
    expect(() => t.act({ kind: 'draw' })).toThrow(/no token/);
  });

  it('an undo strikes the last pick, and the record replays to the same turn', () => {
    const t = moduleBattle();
    t.record({ kind: 'bag.activate', formationId: 'A-f1' });
    expect(alt(t).toAct).toBe(1);
    t.act({ kind: 'undo-draw' });
    expect(alt(t).toAct).toBe(0);
    expect(alt(t).waiting.side0).toContain('A-f1');
  });
});

describe('Rout morale in Play Mode (DIGEST §23 T11–T15)', () => {
  it.each([
    // [what, killed, retreated, routing]
    ['6 of 13 destroyed: not more than half', 6, 0, false],
    ['7 of 13 destroyed: more than half', 7, 0, true],
    ['6 destroyed and 2 retreated: retreated models are not lost (AMB-S4)', 6, 2, false],
  ])('%s', (_what, killed, retreated, routing) => {
    const t = moduleBattle();
    const first = Math.min(killed, 5);
    t.record({ kind: 'record.casualties', side: 'A', formationId: 'A-f1', killed: first, retreated: 0 });
    if (killed - first + retreated > 0) t.record({ kind: 'record.casualties', side: 'A', formationId: 'A-f2', killed: killed - first, retreated });
    const m = t.state.morale!;
    expect(m.sides[0]).toMatchObject({ starting: 13, lost: killed, retreated });
    expect(m.sides[0].lost >= 7).toBe(routing);
  });

  it('a formation of a routing company cannot act before its Will check (T13)', () => {
    const t = routedA();
    expect(() => t.record({ kind: 'bag.activate', formationId: 'A-f2' })).toThrow(/routing: it takes its Will check/);
  });

  it.each([
    // natural roll, Resolve, modifier, passes — T14/T15 with the Resolve mapping (natural 1 fails, natural 6 passes)
    [2, 4, 0, false],
    [2, 4, 2, true],
    [1, 2, 5, false],
    [6, 6, 0, true],
    [3, 5, 1, false],
  ])('Will check: natural %i against %i+ with +%i passes: %s', (roll, resolve, modifier, passed) => {
    const t = routedA();
    expect(() => t.record({ kind: 'morale.willCheck', side: 'A', formationId: 'A-f2', roll, resolve, modifier, passed: !passed })).toThrow(/always fails/);
    t.record({ kind: 'morale.willCheck', side: 'A', formationId: 'A-f2', roll, resolve, modifier, passed });
    expect(t.state.rounds[0]!.willChecks).toEqual([{ side: 'A', formationId: 'A-f2', roll, resolve, modifier, passed }]);
    expect(t.state.morale!.broken['A-f2'] !== undefined).toBe(!passed);
    // the check opened the activation: the turn goes to B
    expect(alt(t).toAct).toBe(1);
    expect(alt(t).waiting.side0).not.toContain('A-f2');
  });

  it('a Broken formation takes no further checks; its next activation is its second withdrawal move (T15, Field Manual §11)', () => {
    const t = routedA();
    t.record({ kind: 'morale.willCheck', side: 'A', formationId: 'A-f2', roll: 1, resolve: 4, modifier: 0, passed: false });
    expect(t.state.morale!.broken['A-f2']).toBe(1);
    // finish round 1: B, A's command group (checks and passes), B, B, then the three patrols
    t.record({ kind: 'bag.activate', formationId: 'B-f1' });
    t.record({ kind: 'morale.willCheck', side: 'A', formationId: 'A-cmd', roll: 6, resolve: 4, modifier: 0, passed: true });
    t.record({ kind: 'bag.activate', formationId: 'B-f2' });
    t.record({ kind: 'bag.activate', formationId: 'B-f3' });
    t.record({ kind: 'bag.activate', formationId: 'B-f4' });
    for (const p of alt(t).waiting.neutral) t.record({ kind: 'bag.activate', formationId: p });
    expect(t.state.phase).toBe('end-of-round');
    t.act({ kind: 'end-round', holders: [null, null, null] });
    t.record({ kind: 'command.done' });
    t.act({ kind: 'resolve-event' }, [15, 3, 2]); // D20 15: a radiation storm, so no cryptid acts before the formations
    // round 2: A has 2 formations left (the Broken one still counts) against 5: initiative and 3 Pass tokens (T1–T4)
    expect(alt(t)).toMatchObject({ round: 2, counts: [2, 5], initiative: 0, passTokens: [3, 0] });
    expect(() => t.record({ kind: 'morale.willCheck', side: 'A', formationId: 'A-f2', roll: 6, resolve: 4, modifier: 0, passed: true })).toThrow(/Broken/);
    t.record({ kind: 'bag.activate', formationId: 'A-f2' });
    expect(t.state.morale!.broken['A-f2']).toBe(2);
  });

  it('a steady company takes no Will check', () => {
    const t = moduleBattle();
    expect(() => t.record({ kind: 'morale.willCheck', side: 'A', formationId: 'A-f1', roll: 4, resolve: 4, modifier: 0, passed: true })).toThrow(/not routing/);
  });

  it('a standard battle has no morale and refuses Will checks', () => {
    const setup = battleSetupSchema.parse({ mode: 'standalone', campaignId: null, mission: null, sides: [army('A', twoCores), army('B', twoCores)] });
    const t = new Table(setup).toRoundOne();
    expect(t.state.morale).toBeNull();
    t.record({ kind: 'command.done' });
    t.record({ kind: 'record.casualties', side: 'A', formationId: 'A-f1', killed: 5, retreated: 0 });
    t.record({ kind: 'record.casualties', side: 'A', formationId: 'A-f2', killed: 3, retreated: 0 });
    expect(t.state.phase).toBe('activations');
    expect(() => t.record({ kind: 'morale.willCheck', side: 'A', formationId: 'A-cmd', roll: 4, resolve: 4, modifier: 0, passed: true })).toThrow(
      /optional morale module/,
    );
  });

  it('the battle’s latchRout option is carried into its morale (AMB-S6)', () => {
    expect(moduleBattle(false).state.morale!.latch).toBe(false);
    expect(moduleBattle(true).state.morale!.latch).toBe(true);
  });

  it('a struck-out loss is replayed away: the company is steady again (routing recomputed, AMB-S6 default)', () => {
    const t = routedA();
    const loss = t.events.find((e) => e.body.kind === 'record.casualties' && e.body.formationId === 'A-f2')!;
    t.act({ kind: 'strike', eventId: loss.id });
    expect(t.state.morale!.sides[0].lost).toBe(5);
    t.record({ kind: 'bag.activate', formationId: 'A-f2' });
  });
});

describe('Veteran Sixes: no more than one per formation activation (DIGEST 16.5 [000 L236], AMB-25)', () => {
  it('a second six for the same formation in the same activation is refused; the next activation allows one again', () => {
    const t = moduleBattle();
    t.record({ kind: 'bag.activate', formationId: 'A-f1' });
    t.record({ kind: 'record.veteranSix', side: 'A', formationId: 'A-f1' });
    expect(() => t.record({ kind: 'record.veteranSix', side: 'A', formationId: 'A-f1' })).toThrow(/no more than one per formation activation/);
    // another formation rolling in the same activation (e.g. saving against A-f1) may spend its own
    t.record({ kind: 'record.veteranSix', side: 'B', formationId: 'B-f1' });
    // B's activation: A-f1 rolls saves against it and may spend one again (AMB-25: counted per activation in which it rolls)
    t.record({ kind: 'bag.activate', formationId: 'B-cmd' });
    t.record({ kind: 'record.veteranSix', side: 'A', formationId: 'A-f1' });
    expect(t.state.sides.A.formations.find((f) => f.id === 'A-f1')!.veteranSixesSpent).toBe(2);
    expect(t.state.rounds[0]!.veteranSixes).toBe(3);
  });

  it('a struck-out six frees the activation again', () => {
    const t = moduleBattle();
    t.record({ kind: 'bag.activate', formationId: 'A-f1' });
    const [six] = t.record({ kind: 'record.veteranSix', side: 'A', formationId: 'A-f1' });
    t.act({ kind: 'strike', eventId: six!.id });
    t.record({ kind: 'record.veteranSix', side: 'A', formationId: 'A-f1' });
    expect(t.state.sides.A.formations.find((f) => f.id === 'A-f1')!.veteranSixesSpent).toBe(1);
  });
});
