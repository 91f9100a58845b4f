import type { RulesetPack, Unit } from '../ruleset/schema';
import { newRosterId, type Formation, type FormationSlot, type Officer, type Roster } from './schema';
import { SLOT_LABEL } from './validate';

/**
 * The Builder's edits as pure functions: each returns a new roster and keeps
 * every existing id, so the ledger's service marks stay attached to their
 * formations however the roster is edited.
 */

export function unitsFor(pack: RulesetPack, factionId: string, slot: Unit['slot']): Unit[] {
  return pack.units.filter((u) => u.factionId === factionId && u.slot === slot);
}

export function recruitCaptain(r: Roster, pack: RulesetPack): Roster {
  const unit = unitsFor(pack, r.factionId, 'captain')[0];
  if (!unit || r.captain) return r;
  return { ...r, captain: { id: newRosterId(), name: '', unitId: unit.id, loadoutId: null, equipment: [] } };
}

export function recruitOfficer(r: Roster, pack: RulesetPack): Roster {
  const unit = unitsFor(pack, r.factionId, 'officer')[0];
  if (!unit) return r;
  const officer: Officer = { id: newRosterId(), name: '', unitId: unit.id, loadoutId: null, equipment: [], postedTo: null };
  return { ...r, officers: [...r.officers, officer] };
}

/** Fills the command group up to the pack's Officer count. */
export function recruitCommandGroup(r: Roster, pack: RulesetPack): Roster {
  let out = recruitCaptain(r, pack);
  while (out.officers.length < pack.recruitment.officers) {
    const next = recruitOfficer(out, pack);
    if (next === out) break;
    out = next;
  }
  return out;
}

export function updateOfficer(r: Roster, officerId: string, patch: Partial<Officer>): Roster {
  return { ...r, officers: r.officers.map((o) => (o.id === officerId ? { ...o, ...patch } : o)) };
}

export function removeOfficer(r: Roster, officerId: string): Roster {
  return { ...r, officers: r.officers.filter((o) => o.id !== officerId) };
}

/** A new formation of the slot's first unit, at the smallest legal size, named "Core squad 2" and so on. */
export function addFormation(r: Roster, pack: RulesetPack, slot: FormationSlot, unitId?: string): Roster {
  const unit = unitId ? pack.units.find((u) => u.id === unitId) : unitsFor(pack, r.factionId, slot)[0];
  if (!unit) return r;
  const size = Math.max(1, pack.recruitment[slot].size.min);
  const n = r.formations.filter((f) => f.slot === slot).length + 1;
  const formation: Formation = {
    id: newRosterId(),
    slot,
    unitId: unit.id,
    name: `${SLOT_LABEL[slot].one} ${n}`,
    fighters: Array.from({ length: size }, () => ({ id: newRosterId(), name: '', loadoutId: null, equipment: [] })),
    inReserve: false,
  };
  return { ...r, formations: [...r.formations, formation] };
}

export function updateFormation(r: Roster, formationId: string, patch: Partial<Formation>): Roster {
  return { ...r, formations: r.formations.map((f) => (f.id === formationId ? { ...f, ...patch } : f)) };
}

/** Removes a formation and sends any Officer posted to it back to the Captain. */
export function removeFormation(r: Roster, formationId: string): Roster {
  return {
    ...r,
    formations: r.formations.filter((f) => f.id !== formationId),
    officers: r.officers.map((o) => (o.postedTo === formationId ? { ...o, postedTo: null } : o)),
  };
}

/** Changing a formation's unit clears loadouts that belong to the old unit. */
export function changeFormationUnit(r: Roster, formationId: string, unitId: string): Roster {
  return {
    ...r,
    formations: r.formations.map((f) => (f.id === formationId ? { ...f, unitId, fighters: f.fighters.map((x) => ({ ...x, loadoutId: null })) } : f)),
  };
}

export function addFighter(r: Roster, formationId: string): Roster {
  return {
    ...r,
    formations: r.formations.map((f) =>
      f.id === formationId ? { ...f, fighters: [...f.fighters, { id: newRosterId(), name: '', loadoutId: null, equipment: [] }] } : f,
    ),
  };
}

export function removeFighter(r: Roster, formationId: string, fighterId: string): Roster {
  return {
    ...r,
    formations: r.formations.map((f) => (f.id === formationId ? { ...f, fighters: f.fighters.filter((x) => x.id !== fighterId) } : f)),
  };
}

export function updateFighter(
  r: Roster,
  formationId: string,
  fighterId: string,
  patch: { name?: string; loadoutId?: string | null; equipment?: string[] },
): Roster {
  return {
    ...r,
    formations: r.formations.map((f) => (f.id === formationId ? { ...f, fighters: f.fighters.map((x) => (x.id === fighterId ? { ...x, ...patch } : x)) } : f)),
  };
}
