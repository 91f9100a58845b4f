import { newLoadoutId, newUnitId } from '../../../../src-shared/ruleset/edits';
import { PROFILE_KEYS } from '../../../../src-shared/ruleset/lookup';
import type { Loadout, Profile, RulesetPack, Slot, Unit } from '../../../../src-shared/ruleset/schema';
import { confirmFields } from './edit-pack';

/** What the unit form holds, for a new unit and an edited one alike. */
export interface UnitFormValues {
  factionId: string;
  slot: Slot;
  name: string;
  cost: number;
  profile: Profile;
  weapons: string[];
  /** `id` is '' for a loadout added in this form. */
  loadouts: { id: string; name: string; cost: number; weapons: string[] }[];
  /** The numbers are the designer's: nothing new is provisional, and the unit's cost and profile are confirmed. */
  official: boolean;
  note: string;
}

/** Where the unit stands in the draft, and which form row each of its loadouts came from (-1: not in the form). */
export interface AppliedUnit {
  index: number;
  formRowOf: number[];
}

/**
 * Writes the form into a draft pack: a new unit is pushed (club numbers are
 * provisional until someone says they are the designer's), an existing one is
 * changed in place. The loadouts that stay keep their order, new ones follow;
 * the Sniper's loadout, set by the pack's rule, is left as it is.
 */
export function applyUnitForm(draft: RulesetPack, editing: Unit | undefined, v: UnitFormValues): AppliedUnit {
  let index = editing ? draft.units.findIndex((x) => x.id === editing.id) : -1;
  if (index < 0) {
    const added: Unit = {
      id: newUnitId(draft, v.name),
      factionId: v.factionId,
      name: v.name,
      slot: v.slot,
      cost: v.cost,
      profile: v.profile,
      weapons: [],
      specialRules: [],
      loadouts: [],
      traits: [],
      text: '',
      ...(v.official ? {} : { source: 'Club addition' }),
      provisional: ['cost', 'profile'],
    };
    index = draft.units.push(added) - 1;
  }
  const u = draft.units[index]!;
  u.name = v.name;
  u.cost = v.cost;
  u.profile = v.profile;
  u.weapons = v.weapons;
  const sniperId = draft.sniper.unitLoadoutId;
  const next: Loadout[] = [];
  const formRowOf: number[] = [];
  for (const l of u.loadouts) {
    const row = v.loadouts.findIndex((x) => x.id === l.id);
    if (l.id === sniperId) {
      next.push(l);
      formRowOf.push(-1);
    } else if (row >= 0) {
      const r = v.loadouts[row]!;
      const changedWeapons = JSON.stringify(r.weapons) !== JSON.stringify(l.weapons ?? []);
      next.push({ ...l, name: r.name, cost: r.cost, ...(changedWeapons ? { weapons: r.weapons.length ? r.weapons : undefined } : {}) });
      formRowOf.push(row);
    }
  }
  v.loadouts.forEach((r, row) => {
    if (r.id) return;
    next.push({
      id: newLoadoutId({ ...u, loadouts: next }, r.name),
      name: r.name,
      cost: r.cost,
      ...(r.weapons.length ? { weapons: r.weapons } : {}),
      specialRules: [],
      text: '',
      provisional: v.official ? [] : ['cost'],
    });
    formRowOf.push(row);
  });
  u.loadouts = next;
  if (v.official) {
    u.provisional = confirmFields(u.provisional, ['cost', 'profile']);
    for (const l of u.loadouts) if (l.id !== sniperId) l.provisional = confirmFields(l.provisional, ['cost']);
  }
  return { index, formRowOf };
}

/**
 * The form field a backend problem under the unit belongs beside ("profile.M",
 * "loadouts.1.cost"), or undefined when the form shows no such field. Faction
 * and type are only on the form of a new unit; a clash of ids is a clash of names.
 */
export function unitFieldOf(rest: string, applied: AppliedUnit, adding: boolean): string | undefined {
  const [head, second, third] = rest.split('.');
  if (adding && head === 'factionId') return 'factionId';
  if (adding && head === 'id') return 'name';
  if (head === 'name' || head === 'cost' || (adding && head === 'slot')) return rest === head ? head : undefined;
  if (head === 'profile' && (PROFILE_KEYS as readonly string[]).includes(second ?? '')) return rest;
  if (head === 'weapons') return 'weapons';
  if (head === 'loadouts') {
    const row = applied.formRowOf[Number(second)];
    if (row === undefined || row < 0) return undefined;
    const field = third === 'cost' ? 'cost' : third === 'weapons' ? 'weapons' : 'name';
    return `loadouts.${row}.${field}`;
  }
  return undefined;
}
