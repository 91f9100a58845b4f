import { rolloffHigher, rolloffWellFormed } from '../cryptid';
import { ORDER_DENYING_ABILITIES, ORDERS_PER_PHASE, otherSide } from '../setup';
import { orderReachRefusal } from '../order-reach';
import { captainAbilityRefusal } from '../captain-abilities';
import { violation, type EventHandlers } from './handler';
import { currentRound, formationThatMay, requirePhase } from './lookups';
import { afterCommand } from './round-flow';

/** The Command Phase: signature abilities first, their roll-off, then up to two orders each (DIGEST 5.2 step 1, §7, §10). */
export const commandHandlers: Pick<EventHandlers, 'command.ability' | 'command.rolloff' | 'command.order' | 'command.done'> = {
  'command.ability': (s, b) => {
    requirePhase(s, 'command');
    const side = s.sides[b.side];
    // its own, once per battle, not after the Captain's death, before any order (captain-abilities.ts)
    const refusal = captainAbilityRefusal(s, b.side, b.abilityId);
    if (refusal) throw violation(refusal, ['abilityId']);
    side.abilityUsedRound = s.round;
    s.command.abilities.push({ side: b.side, abilityId: b.abilityId });
    currentRound(s).abilities.push({ side: b.side, abilityId: b.abilityId });
  },

  'command.rolloff': (s, b) => {
    requirePhase(s, 'command');
    if (s.command.abilities.length < 2 || s.command.rolloffDone) throw violation('A declaration roll-off is only needed when both Captains declare.');
    if (!rolloffWellFormed(b.rolls) || rolloffHigher(b.rolls) !== b.first)
      throw violation('The higher roll declares first; ties reroll (DIGEST 5.10).', ['rolls']);
    s.command.rolloffDone = true;
    currentRound(s).abilityRolloff = { rolls: b.rolls.map(([x, y]) => [x, y]), first: b.first };
  },

  'command.order': (s, b, ctx) => {
    const { rules } = ctx;
    requirePhase(s, 'command');
    const side = s.sides[b.side];
    if (side.captainLost) throw violation('No orders once the Captain is dead or has left the table (DIGEST AMB-35).', ['orderId']);
    if (s.command.abilities.length === 2 && !s.command.rolloffDone) throw violation('Roll off for the order of declarations first.');
    const denied = s.command.abilities.find((a) => a.side === otherSide(b.side) && ORDER_DENYING_ABILITIES.includes(a.abilityId));
    if (denied) throw violation('Sins of Greed took this player’s orders away for this Command Phase (Field Manual §9).', ['orderId']);
    if (!rules.orders.some((o) => o.id === b.orderId)) throw violation(`Unknown order ${b.orderId}.`, ['orderId']);
    const mine = s.command.orders.filter((o) => o.side === b.side);
    if (mine.length >= ORDERS_PER_PHASE) throw violation('Up to two orders per Command Phase (DIGEST 7.1).', ['orderId']);
    if (mine.some((o) => o.formationId === b.formationId))
      throw violation('Each order goes to a separate formation, one order each (DIGEST 7.1).', ['formationId']);
    const f = formationThatMay(s, b.side, b.formationId, 'receive-order', ctx);
    const far = b.reach ? orderReachRefusal(s, b.side, b.reach) : null;
    if (far) throw violation(far, ['reach']);
    f.pendingOrder = b.orderId;
    s.command.orders.push({ side: b.side, orderId: b.orderId, formationId: b.formationId });
    currentRound(s).orders.push({ side: b.side, orderId: b.orderId, formationId: b.formationId });
  },

  'command.done': (s, _b, { rules }) => {
    requirePhase(s, 'command');
    if (s.command.abilities.length === 2 && !s.command.rolloffDone) throw violation('Roll off for the order of declarations first.');
    afterCommand(s, rules);
  },
};
