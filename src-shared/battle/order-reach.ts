import type { Side } from './setup';
import type { BattleState } from './state';

/**
 * Orders within range (Field Manual §6 L98–100; DIGEST 7.2, AMB-34): the
 * formation must be within 12" of the Captain, or reached through a relay of
 * living, deployed Officers, each link no more than 12" (12.0" is in range).
 * Chains cannot loop; retreated, dead or undeployed Officers cannot relay;
 * line of sight is not needed. Measured between the nearest base edges.
 */
const ORDER_RANGE_INCHES = 12;

export interface OrderReach {
  /** The Officers relaying the order, in order from the Captain; empty when the Captain reaches the formation directly. */
  relay: string[];
  /** Each link's inches: Captain → first Officer → … → the formation (one more than the relay). */
  links: number[];
}

/** Officers of the side who may relay now: alive, on the table, and not riding a formation still held in reserve. */
export function relayOfficers(s: Pick<BattleState, 'sides'>, side: Side): { id: string; name: string }[] {
  const sd = s.sides[side];
  return sd.officers
    .filter((o) => !o.lost)
    .filter((o) => {
      const host = o.attachedTo ? sd.formations.find((f) => f.id === o.attachedTo) : null;
      return !host?.inReserve;
    })
    .map((o) => ({ id: o.id, name: o.name }));
}

/** Why the order cannot reach the formation this way, in the table's words, or null when it can. */
export function orderReachRefusal(s: Pick<BattleState, 'sides'>, side: Side, reach: OrderReach): string | null {
  if (reach.links.length !== reach.relay.length + 1)
    return reach.relay.length === 0
      ? 'Give the distance from the Captain to the formation.'
      : `Give each link's distance: Captain to ${reach.relay.length === 1 ? 'the Officer' : 'the first Officer'}, ${reach.relay.length > 1 ? 'Officer to Officer, ' : ''}then to the formation.`;
  if (new Set(reach.relay).size !== reach.relay.length) return 'A relay chain cannot loop: each Officer relays once (DIGEST 7.2).';
  const sd = s.sides[side];
  const can = new Set(relayOfficers(s, side).map((o) => o.id));
  for (const id of reach.relay) {
    const o = sd.officers.find((x) => x.id === id);
    if (!o) return `Unknown Officer ${id}.`;
    if (!can.has(id)) return `${o.name} cannot relay: ${o.lost ? 'dead or retreated' : 'not yet deployed'} Officers do not pass on orders (Field Manual §6).`;
  }
  const names = ['the Captain', ...reach.relay.map((id) => sd.officers.find((x) => x.id === id)!.name), 'the formation'];
  for (const [i, d] of reach.links.entries()) {
    if (d > ORDER_RANGE_INCHES)
      return `The order cannot reach: ${names[i]} to ${names[i + 1]} is ${d}", more than ${ORDER_RANGE_INCHES}" (Field Manual §6; 12.0" still counts, DIGEST AMB-34).${reach.relay.length < 4 ? ' Relay it through an Officer within range.' : ''}`;
  }
  return null;
}
