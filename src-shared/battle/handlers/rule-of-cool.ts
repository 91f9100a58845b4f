import { ruleOfCoolOutcome, ruleOfCoolRollsMove } from '../rule-of-cool';
import { violation, type EventHandlers } from './handler';
import { currentRound, IN_ROUND } from './lookups';

/** Rule of Cool (Field Manual §8; DIGEST 9.1–9.6): once per match per player, by a living Captain or Officer. */
export const ruleOfCoolHandlers: Pick<EventHandlers, 'rule.cool'> = {
  'rule.cool': (s, b, { rules }) => {
    if (!IN_ROUND.includes(s.phase)) throw violation('A Rule of Cool stunt is attempted during a round.');
    if (!b.agreed.trim()) throw violation('The players agree the action category and achievable result before rolling: say what it is.', ['agreed']);
    const side = s.sides[b.side];
    if (side.ruleOfCoolRound !== null)
      throw violation(`This player already attempted their Rule of Cool in round ${side.ruleOfCoolRound}: once per match (Field Manual §8, DIGEST AMB-15).`, [
        'side',
      ]);
    let initiator = 'the Captain';
    if (b.officerId === null) {
      if (side.captainLost) throw violation('The Captain has fallen or left the table: a dead initiator cannot attempt it (DIGEST AMB-15).', ['officerId']);
    } else {
      const o = side.officers.find((x) => x.id === b.officerId);
      if (!o) throw violation(`Unknown Officer ${b.officerId}.`, ['officerId']);
      if (o.lost) throw violation(`${o.name} has fallen or left the table: a dead initiator cannot attempt it (DIGEST AMB-15).`, ['officerId']);
      initiator = o.name;
    }
    const rollsMove = ruleOfCoolRollsMove(rules.ruleOfCool, b.category, b.d20);
    if (rollsMove !== (b.moveD6 !== null))
      throw violation(rollsMove ? 'A successful movement stunt rolls its D6 inches (Field Manual §8).' : 'Only a successful movement stunt rolls a D6.', [
        'moveD6',
      ]);
    side.ruleOfCoolRound = s.round;
    currentRound(s).rulesOfCool.push({
      side: b.side,
      initiator,
      category: b.category,
      agreed: b.agreed,
      d20: b.d20,
      response: b.response,
      ...ruleOfCoolOutcome(rules.ruleOfCool, b.category, b.d20, b.moveD6),
    });
  },
};
