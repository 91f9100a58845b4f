import type { Slot } from '../../ruleset/schema';
import type { RosterViolation } from '../violation';
import { onFormation, type RuleContext } from './rule';

/** Checks of one model's unit, loadout and equipment, shared by the command group's rules and the formations'. */

type Path = (string | number)[];

/** Every model slot (command models included) as the player reads it, for equipment messages. */
const SLOT_NAME: Record<Slot, string> = {
  captain: 'Captains',
  officer: 'Officers',
  core: 'Core fighters',
  elite: 'Elite fighters',
  skirmisher: 'Skirmishers',
  heavy: 'Heavies',
};

const EQUIPMENT_RULE = 'Field Manual §13 step 4 (ruleset pack equipment)';

/** The unit exists, belongs to the roster's faction and fills the slot it is used in. */
export function unitViolations(ctx: RuleContext, unitId: string, slot: string, path: Path, formationId?: string): RosterViolation[] {
  const unit = ctx.idx.units.get(unitId);
  const extra = onFormation(formationId);
  if (!unit)
    return [{ code: 'UNKNOWN_UNIT', message: `The unit "${unitId}" is not in this ruleset; choose another unit.`, rule: 'ruleset pack', path, ...extra }];
  const v: RosterViolation[] = [];
  if (unit.factionId !== ctx.roster.factionId) {
    v.push({
      code: 'UNIT_FACTION',
      message: `${unit.name} belongs to another faction; choose a unit of the warband's own faction.`,
      rule: 'Field Manual §2',
      path,
      ...extra,
    });
  }
  if (unit.slot !== slot) {
    v.push({ code: 'UNIT_SLOT', message: `${unit.name} is not a ${slot} unit; choose a ${slot} unit here.`, rule: 'Field Manual §2', path, ...extra });
  }
  return v;
}

/** A loadout is one of the unit's own (an unknown unit is reported by `unitViolations` instead). */
export function loadoutViolations(ctx: RuleContext, unitId: string, loadoutId: string | null, path: Path, formationId?: string): RosterViolation[] {
  const unit = ctx.idx.units.get(unitId);
  if (!loadoutId || !unit || ctx.idx.loadouts.has(`${unitId}/${loadoutId}`)) return [];
  return [
    {
      code: 'LOADOUT_NOT_ALLOWED',
      message: `${unit.name} cannot take the loadout "${loadoutId}"; choose one of its own loadouts or standard equipment.`,
      rule: 'Field Manual §2 step 6',
      path,
      ...onFormation(formationId),
    },
  ];
}

/**
 * Each item exists in the pack, suits the slot the model fills (the pack's
 * `slots`: a Storm mantle is for Heavies only) and is bought once per model.
 * `who` names the model in the message so the player can find it.
 */
export function equipmentViolations(ctx: RuleContext, items: readonly string[], slot: Slot, who: string, path: Path, formationId?: string): RosterViolation[] {
  const extra = onFormation(formationId);
  const v: RosterViolation[] = [];
  const seen = new Set<string>();
  items.forEach((id, k) => {
    const item = ctx.idx.equipment.get(id);
    if (!item) {
      v.push({
        code: 'EQUIPMENT_UNKNOWN',
        message: `${who} carries "${id}", which is not equipment in this ruleset; remove it or choose an item from the list.`,
        rule: EQUIPMENT_RULE,
        path: [...path, k],
        ...extra,
      });
      return;
    }
    if (!item.slots.includes(slot)) {
      const allowed = item.slots.map((s) => SLOT_NAME[s]).join(', ');
      v.push({
        code: 'EQUIPMENT_NOT_ALLOWED',
        message: `${who} cannot carry ${item.name}: it is for ${allowed} only; remove it.`,
        rule: EQUIPMENT_RULE,
        path: [...path, k],
        ...extra,
      });
    }
    if (seen.has(id)) {
      v.push({
        code: 'EQUIPMENT_TWICE',
        message: `${who} carries ${item.name} twice; one is enough: remove the second.`,
        rule: EQUIPMENT_RULE,
        path: [...path, k],
        ...extra,
      });
    }
    seen.add(id);
  });
  return v;
}
