import { describe, expect, it } from 'vitest';
import { commandTokenLive } from '../../src-shared/battle/bag';
import { army, setupOf, Table, twoCores } from '../helpers/battle';

/**
 * DIGEST AMB-18f: "An Officer that detaches mid-battle joins the command group from the next round." DIGEST 3.3:
 * Officers are posted only to a Core or Elite squad. AMB-18c: the command-group token exists while the Captain or any
 * unattached Officer is alive and on the table.
 */
const table = () => new Table(setupOf(army('A', twoCores, [{ attachedTo: 'A-f1' }]), army('B', twoCores))).toRoundOne();
describe('an Officer re-posted mid-battle takes the new post from the next round (AMB-18f)', () => {
  it('recorded in round 1, still with its squad for the rest of the round, with the command group from round 2', () => {
    const t = table();
    t.record({ kind: 'officer.repost', side: 'A', officerId: 'A-o1', to: null });
    expect(t.state.sides.A.officers[0]).toMatchObject({ attachedTo: 'A-f1', nextPost: null });
    t.quietRound();
    expect(t.state.round).toBe(2);
    expect(t.state.sides.A.officers[0]!.attachedTo).toBeNull();
    expect(t.state.sides.A.officers[0]!.nextPost).toBeUndefined();
  });

  it('it keeps the command token alive once it has joined, after the Captain falls', () => {
    const t = table();
    t.record({ kind: 'record.casualties', side: 'A', formationId: 'A-cmd', killed: 1, retreated: 0, captain: true });
    expect(commandTokenLive(t.state.sides.A)).toBe(false);
    t.record({ kind: 'officer.repost', side: 'A', officerId: 'A-o1', to: null });
    expect(commandTokenLive(t.state.sides.A)).toBe(false); // not before the next round
    t.quietRound();
    expect(commandTokenLive(t.state.sides.A)).toBe(true);
  });

  it.each([
    ['to a squad that is not Core or Elite', 'A-cmd', /only be posted to a Core or Elite squad/],
    ['to where it already is', 'A-f1', /already posted there/],
  ])('refused %s, and nothing is written', (_what, to, refusal) => {
    const t = table();
    const n = t.events.length;
    expect(() => t.record({ kind: 'officer.repost', side: 'A', officerId: 'A-o1', to })).toThrow(refusal);
    expect(t.events).toHaveLength(n);
  });

  it('refused for a fallen Officer', () => {
    const t = table();
    t.record({ kind: 'record.casualties', side: 'A', formationId: 'A-cmd', killed: 1, retreated: 0, officerIds: ['A-o1'] });
    expect(() => t.record({ kind: 'officer.repost', side: 'A', officerId: 'A-o1', to: null })).toThrow(/fallen or left/);
  });
});
