import { equipmentViolations, loadoutViolations, unitViolations } from './kit';
import type { RosterRule } from './rule';

const KIT_CITES = 'Field Manual §2 (units of the faction and slot), §2 step 6 (loadouts), §13 step 4 (equipment)';

/** [000 §2 step 1] the command group: one Captain and four Officers, each a model of the right unit and kit. */
export const COMMAND_GROUP_RULES: RosterRule[] = [
  {
    id: 'captain-recruited',
    cites: 'Field Manual §2 step 1',
    check: ({ roster }) =>
      roster.captain
        ? []
        : [{ code: 'CAPTAIN_COUNT', message: 'Recruit a Captain: every warband is led by exactly one.', rule: 'Field Manual §2 step 1', path: ['captain'] }],
  },
  {
    id: 'captain-kit',
    cites: KIT_CITES,
    check: (ctx) => {
      const c = ctx.roster.captain;
      if (!c) return [];
      return [
        ...unitViolations(ctx, c.unitId, 'captain', ['captain']),
        ...loadoutViolations(ctx, c.unitId, c.loadoutId, ['captain', 'loadoutId']),
        ...equipmentViolations(ctx, c.equipment, 'captain', c.name || 'The Captain', ['captain', 'equipment']),
      ];
    },
  },
  {
    id: 'four-officers',
    cites: 'Field Manual §2 step 1',
    check: ({ roster, pack }) => {
      const want = pack.recruitment.officers;
      const n = roster.officers.length;
      if (n === want) return [];
      const change = n < want ? `recruit ${want - n} more` : `remove ${n - want}`;
      return [
        {
          code: 'OFFICER_COUNT',
          message: `The command group needs exactly ${want} Officers (it has ${n}): ${change}.`,
          rule: 'Field Manual §2 step 1',
          path: ['officers'],
        },
      ];
    },
  },
  {
    id: 'officer-kit',
    cites: KIT_CITES,
    check: (ctx) =>
      ctx.roster.officers.flatMap((o, i) => [
        ...unitViolations(ctx, o.unitId, 'officer', ['officers', i]),
        ...loadoutViolations(ctx, o.unitId, o.loadoutId, ['officers', i, 'loadoutId']),
        ...equipmentViolations(ctx, o.equipment, 'officer', o.name || `Officer ${i + 1}`, ['officers', i, 'equipment']),
      ]),
  },
];
