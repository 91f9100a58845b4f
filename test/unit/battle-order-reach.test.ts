import { describe, expect, it } from 'vitest';
import { orderReachRefusal, relayOfficers } from '../../src-shared/battle/order-reach';
import { army, setupOf, Table, twoCores } from '../helpers/battle';

/**
 * [000 §6 L98–100] "The target formation must be within 12 inches of the Captain, or reachable through a relay of
 * living, deployed Officers in which each link is no more than 12 inches … Chains cannot loop. Officers who have
 * retreated, died or not yet deployed cannot relay. Line of sight is not required."
 * DIGEST AMB-34: 12.0" is in range.
 */
const table = () => new Table(setupOf(army('A', twoCores), army('B', twoCores))).toRoundOne();
const order = (reach: { relay: string[]; links: number[] } | null, formationId = 'A-f1') => ({
  kind: 'command.order' as const,
  side: 'A' as const,
  orderId: 'steady-fire',
  formationId,
  reach,
});

describe('an order reaches within 12", directly or through a relay of Officers', () => {
  it.each([
    ['12.0" from the Captain: in range (AMB-34)', [], [12], null],
    ['12.1" from the Captain: out of range', [], [12.1], /the Captain to the formation is 12.1", more than 12"/],
    ['relayed by Officer 1: 11" then 12"', ['A-o1'], [11, 12], null],
    ['relayed by two Officers, the last link 13"', ['A-o1', 'A-o2'], [10, 10, 13], /Officer 2 to the formation is 13"/],
    ['a relay chain cannot loop', ['A-o1', 'A-o1'], [5, 5, 5], /cannot loop/],
    ['every link needs its distance', ['A-o1'], [5], /each link's distance/],
  ] as const)('%s', (_what, relay, links, refusal) => {
    const t = table();
    const result = orderReachRefusal(t.state, 'A', { relay: [...relay], links: [...links] });
    if (refusal === null) expect(result).toBeNull();
    else expect(result).toMatch(refusal);
  });

  it('a dead Officer cannot relay; the backend refuses the order and writes nothing', () => {
    const t = table();
    t.record({ kind: 'record.casualties', side: 'A', formationId: 'A-cmd', killed: 1, retreated: 0, officerIds: ['A-o2'] });
    expect(relayOfficers(t.state, 'A').map((o) => o.id)).toEqual(['A-o1', 'A-o3', 'A-o4']);
    const n = t.events.length;
    expect(() => t.record(order({ relay: ['A-o2'], links: [6, 6] }))).toThrow(/Officer 2 cannot relay: dead or retreated/);
    expect(() => t.record(order({ relay: [], links: [14] }))).toThrow(/cannot reach/);
    expect(t.events).toHaveLength(n);
    t.record(order({ relay: ['A-o1'], links: [6, 12] }));
    expect(t.state.command.orders).toEqual([{ side: 'A', orderId: 'steady-fire', formationId: 'A-f1' }]);
  });

  it('two formations, one order each, still hold with a relay', () => {
    const t = table();
    t.record(order({ relay: [], links: [3] }));
    expect(() => t.record({ ...order({ relay: ['A-o1'], links: [3, 3] }), orderId: 'hold-fast' })).toThrow(/separate formation/);
  });

  it('an older order without its measurement still replays', () => {
    const t = table();
    t.record({ kind: 'command.order', side: 'A', orderId: 'steady-fire', formationId: 'A-f1' });
    expect(t.events[t.events.length - 1]!.body).toMatchObject({ reach: null });
  });
});
