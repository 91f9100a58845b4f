import { counted } from '../../naming';
import { abilityRefusal, fieldRepairsRegained, intercessionSplit } from '../abilities';
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
    if (b.split !== undefined) {
      // Intercession: the engine's split, never more than the Sacristan has left [000 L174]
      if (b.abilityId !== 'intercession' || b.unsavedWounds === undefined) throw violation('Only Intercession splits Wounds.', ['split']);
      const split = intercessionSplit(b.unsavedWounds, b.woundsLeft ?? 0);
      if (split.sacristan !== b.split.sacristan || split.fighter !== b.split.fighter)
        throw violation(
          `Of ${counted(b.unsavedWounds, 'Wound')}, the Sacristan takes ${split.sacristan} and the fighter ${split.fighter}: 1 of them, never more than it has left.`,
          ['split'],
        );
    }
    f.abilitiesUsed.push({ abilityId: b.abilityId, round: s.round });
    currentRound(s).abilityUses.push({
      side: b.side,
      formationId: b.formationId,
      abilityId: b.abilityId,
      roll: b.roll,
      regained: b.regained,
      ...(b.split ? { split: { ...b.split } } : {}),
    });
  },
};
