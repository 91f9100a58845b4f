import { SLOT_LABEL } from '../labels';
import type { RosterViolation } from '../violation';
import { equipmentViolations, loadoutViolations, unitViolations } from './kit';
import type { FormationRule, RosterRule } from './rule';

/** The rules about one formation's unit, fighters and deployment, in the order they are reported for it. */
export const FORMATION_RULES: FormationRule[] = [
  {
    id: 'formation-unit',
    cites: 'Field Manual §2 (a unit of the warband’s faction, filling the formation’s slot)',
    check: (ctx, f, i) => unitViolations(ctx, f.unitId, f.slot, ['formations', i, 'unitId'], f.id),
  },
  {
    id: 'fighter-kit',
    cites: 'Field Manual §2 step 6 (loadouts), §13 step 4 (equipment)',
    check: (ctx, f, i) =>
      f.fighters.flatMap((x, j) => [
        ...equipmentViolations(ctx, x.equipment, f.slot, x.name || `${f.name}, fighter ${j + 1}`, ['formations', i, 'fighters', j, 'equipment'], f.id),
        ...loadoutViolations(ctx, f.unitId, x.loadoutId, ['formations', i, 'fighters', j, 'loadoutId'], f.id),
      ]),
  },
  {
    id: 'loadout-limits',
    cites: 'Field Manual §7 (one Deadshot Sniper per patrol), and each loadout’s limit per formation in the pack',
    check: ({ pack, idx }, f, i) => {
      const perLoadout = new Map<string, number>();
      for (const x of f.fighters) if (x.loadoutId) perLoadout.set(x.loadoutId, (perLoadout.get(x.loadoutId) ?? 0) + 1);
      const v: RosterViolation[] = [];
      for (const [loadoutId, n] of perLoadout) {
        const isSniper = loadoutId === pack.sniper.unitLoadoutId;
        const loadout = idx.loadouts.get(`${f.unitId}/${loadoutId}`);
        const max = isSniper ? Math.min(pack.sniper.maxPerPatrol, loadout?.maxPerFormation ?? Infinity) : loadout?.maxPerFormation;
        if (max === undefined || n <= max) continue;
        v.push({
          code: isSniper ? 'SNIPER_PER_PATROL' : 'LOADOUT_LIMIT',
          message: `${f.name} has ${n} fighters with ${loadout?.name ?? loadoutId}; at most ${max} per ${SLOT_LABEL[f.slot].one} may take it: give the others another loadout.`,
          rule: isSniper ? 'Field Manual §7' : 'ruleset pack loadout limit',
          formationId: f.id,
          path: ['formations', i, 'fighters'],
        });
      }
      return v;
    },
  },
  {
    id: 'reserve-skirmishers-only',
    cites: 'Field Manual §3 step 5, §7',
    check: (_ctx, f, i) =>
      f.inReserve && f.slot !== 'skirmisher'
        ? [
            {
              code: 'RESERVE_NOT_SKIRMISHER',
              message: `${f.name} cannot start in reserve: only Skirmisher patrols may; clear its reserve mark.`,
              rule: 'Field Manual §3 step 5, §7',
              formationId: f.id,
              path: ['formations', i, 'inReserve'],
            },
          ]
        : [],
  },
];

/** Runs FORMATION_RULES formation by formation, so each formation's problems are listed together in roster order. */
export const FORMATION_CONTENTS_RULE: RosterRule = {
  id: 'formation-contents',
  cites: 'Field Manual §2, §3 step 5, §7, §13 step 4 (see FORMATION_RULES)',
  check: (ctx) => ctx.roster.formations.flatMap((f, i) => FORMATION_RULES.flatMap((r) => r.check(ctx, f, i))),
};
