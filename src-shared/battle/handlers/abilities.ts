import { counted } from '../../naming';
import { abilityRefusal, fieldRepairsRegained } from '../abilities';
import { violation, type EventHandlers } from './handler';
import { currentRound, formationOf, formationThatMay } from './lookups';

/** A limited unit ability used (abilities.ts): refused once spent, outside its moment, or for a formation without it. */
export const abilityHandlers: Pick<EventHandlers, 'ability.use'> = {
  'ability.use': (s, b, ctx) => {
    formationThatMay(s, b.side, b.formationId, 'use-ability', ctx);
    const refusal = abilityRefusal(s, b);
    if (refusal) throw violation(refusal, ['abilityId']);
    const f = formationOf(s, b.side, b.formationId);
    if (b.abilityId === 'field-repairs') {
      if (b.roll === null) throw violation('Field Repairs rolls a D6.', ['roll']);
      const regained = fieldRepairsRegained(b.roll, b.woundsLost);
      if (regained !== b.regained) throw violation(`A D6 of ${b.roll} regains ${counted(regained, 'Wound')}.`, ['regained']);
    } else if (b.roll !== null || b.regained !== 0) throw violation('Only Field Repairs rolls a die.', ['roll']);
    f.abilitiesUsed.push({ abilityId: b.abilityId, round: s.round });
    currentRound(s).abilityUses.push({ side: b.side, formationId: b.formationId, abilityId: b.abilityId, roll: b.roll, regained: b.regained });
  },
};
