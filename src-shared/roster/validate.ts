import type { RulesetPack, Slot } from '../ruleset/schema';
import { modelCount, packIndex, rosterPoints, type RosterPoints } from './points';
import { FORMATION_SLOTS, type Formation, type FormationSlot, type Roster } from './schema';

/**
 * The recruitment rules as one pure function. The Builder (live, on every
 * edit), the CLI (`roster validate`), the save/print handlers and Play Mode
 * all call `rosterViolations`; nothing else decides whether a roster is legal.
 *
 * Rules enforced (numbers come from `pack.recruitment`, `pack.sniper`):
 *   [000 §2 step 1] one Captain and four Officers          CAPTAIN_COUNT, OFFICER_COUNT
 *   [000 §2 step 2] 2–4 Core squads of 3–5                   CORE_COUNT_MIN/MAX, CORE_SIZE
 *   [000 §2 step 3] 0–2 Elite squads of 2                    ELITE_COUNT_MAX, ELITE_SIZE
 *   [000 §2 step 4] 0–2 Skirmisher patrols of 3             SKIRMISHER_COUNT_MAX, SKIRMISHER_SIZE
 *   [000 §2 step 5] 0–2 Heavies of one model                 HEAVY_COUNT_MAX, HEAVY_SIZE
 *   [000 §2 step 6] points within the allowance             POINTS_OVER_LIMIT
 *   [000 §6] Officer postings: Core/Elite only, one per host OFFICER_POST_TYPE, OFFICER_POST_SHARED
 *   [000 §7] one Deadshot Sniper per patrol                  SNIPER_PER_PATROL
 *   [000 §3 step 5, §7] only Skirmisher patrols in reserve   RESERVE_NOT_SKIRMISHER
 *   [000 §13 step 4, DIGEST 17.4] equipment bought from the pack's list, for the
 *     slots each item names (DIGEST M-10, AMB-19f)          EQUIPMENT_UNKNOWN, EQUIPMENT_NOT_ALLOWED, EQUIPMENT_TWICE
 * plus the consistency checks a pack implies (UNKNOWN_*, UNIT_FACTION, UNIT_SLOT, LOADOUT_*).
 */

export const VIOLATION_CODES = [
  'UNKNOWN_FACTION',
  'CAPTAIN_COUNT',
  'OFFICER_COUNT',
  'CORE_COUNT_MIN',
  'CORE_COUNT_MAX',
  'CORE_SIZE',
  'ELITE_COUNT_MIN',
  'ELITE_COUNT_MAX',
  'ELITE_SIZE',
  'SKIRMISHER_COUNT_MIN',
  'SKIRMISHER_COUNT_MAX',
  'SKIRMISHER_SIZE',
  'HEAVY_COUNT_MIN',
  'HEAVY_COUNT_MAX',
  'HEAVY_SIZE',
  'UNKNOWN_UNIT',
  'UNIT_FACTION',
  'UNIT_SLOT',
  'LOADOUT_NOT_ALLOWED',
  'EQUIPMENT_UNKNOWN',
  'EQUIPMENT_NOT_ALLOWED',
  'EQUIPMENT_TWICE',
  'SNIPER_PER_PATROL',
  'LOADOUT_LIMIT',
  'RESERVE_NOT_SKIRMISHER',
  'OFFICER_POST_UNKNOWN',
  'OFFICER_POST_TYPE',
  'OFFICER_POST_SHARED',
  'POINTS_OVER_LIMIT',
] as const;
export type ViolationCode = (typeof VIOLATION_CODES)[number];

export interface RosterViolation {
  code: ViolationCode;
  /** One sentence saying what to change. */
  message: string;
  /** Where the rule comes from, e.g. "Field Manual §2". */
  rule: string;
  /** The formation the problem concerns, so the Builder can show it beside that formation. */
  formationId?: string;
  /** Path into the roster of the field concerned. */
  path: (string | number)[];
}

export interface RosterValidation {
  /** True when there is no violation: the roster may be played and printed as final. */
  valid: boolean;
  points: { spent: number; allowance: number; left: number };
  violations: RosterViolation[];
  /** Points of the command group and of each formation. */
  breakdown: RosterPoints;
  models: number;
}

export interface ValidateOptions {
  /** The points this roster may spend: the ledger's allowance, or the pack's standalone limit. */
  allowance: number;
}

export const SLOT_LABEL: Record<FormationSlot, { one: string; many: string }> = {
  core: { one: 'Core squad', many: 'Core squads' },
  elite: { one: 'Elite squad', many: 'Elite squads' },
  skirmisher: { one: 'Skirmisher patrol', many: 'Skirmisher patrols' },
  heavy: { one: 'Heavy', many: 'Heavies' },
};

/** Every model slot (command models included) as the player reads it, for equipment messages. */
const SLOT_NAME: Record<Slot, string> = {
  captain: 'Captains',
  officer: 'Officers',
  core: 'Core fighters',
  elite: 'Elite fighters',
  skirmisher: 'Skirmishers',
  heavy: 'Heavies',
};

const SLOT_RULE: Record<FormationSlot, string> = {
  core: 'Field Manual §2 step 2',
  elite: 'Field Manual §2 step 3',
  skirmisher: 'Field Manual §2 step 4',
  heavy: 'Field Manual §2 step 5',
};

const CODE_PREFIX: Record<FormationSlot, 'CORE' | 'ELITE' | 'SKIRMISHER' | 'HEAVY'> = {
  core: 'CORE',
  elite: 'ELITE',
  skirmisher: 'SKIRMISHER',
  heavy: 'HEAVY',
};

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function range(min: number, max: number): string {
  return min === max ? `exactly ${min}` : `${min}–${max}`;
}

export function rosterViolations(roster: Roster, pack: RulesetPack, opts: ValidateOptions): RosterValidation {
  const idx = packIndex(pack);
  const rec = pack.recruitment;
  const v: RosterViolation[] = [];

  if (!idx.factions.has(roster.factionId)) {
    v.push({
      code: 'UNKNOWN_FACTION',
      message: `The faction "${roster.factionId}" is not in this ruleset; choose one of its factions.`,
      rule: 'Field Manual §9',
      path: ['factionId'],
    });
  }

  // [000 §2 step 1] the command group: one Captain and four Officers
  if (!roster.captain) {
    v.push({ code: 'CAPTAIN_COUNT', message: 'Recruit a Captain: every warband is led by exactly one.', rule: 'Field Manual §2 step 1', path: ['captain'] });
  } else {
    checkUnit(roster.captain.unitId, 'captain', ['captain'], undefined);
    checkLoadout(roster.captain.unitId, roster.captain.loadoutId, ['captain', 'loadoutId'], undefined);
    checkEquipment(roster.captain.equipment, 'captain', roster.captain.name || 'The Captain', ['captain', 'equipment'], undefined);
  }
  if (roster.officers.length !== rec.officers) {
    const n = roster.officers.length;
    const change = n < rec.officers ? `recruit ${rec.officers - n} more` : `remove ${n - rec.officers}`;
    v.push({
      code: 'OFFICER_COUNT',
      message: `The command group needs exactly ${rec.officers} Officers (it has ${n}): ${change}.`,
      rule: 'Field Manual §2 step 1',
      path: ['officers'],
    });
  }
  roster.officers.forEach((o, i) => {
    checkUnit(o.unitId, 'officer', ['officers', i], undefined);
    checkLoadout(o.unitId, o.loadoutId, ['officers', i, 'loadoutId'], undefined);
    checkEquipment(o.equipment, 'officer', o.name || `Officer ${i + 1}`, ['officers', i, 'equipment'], undefined);
  });

  // [000 §2 steps 2–5] formation counts and sizes, in rule order
  const bySlot: Record<FormationSlot, { f: Formation; i: number }[]> = { core: [], elite: [], skirmisher: [], heavy: [] };
  roster.formations.forEach((f, i) => bySlot[f.slot].push({ f, i }));
  for (const slot of FORMATION_SLOTS) {
    const rule = rec[slot];
    const list = bySlot[slot];
    const label = SLOT_LABEL[slot];
    const prefix = CODE_PREFIX[slot];
    if (list.length < rule.min) {
      v.push({
        code: `${prefix}_COUNT_MIN`,
        message: `Recruit ${plural(rule.min - list.length, `more ${label.one}`, `more ${label.many}`)}: a warband needs at least ${rule.min} (it has ${list.length}).`,
        rule: SLOT_RULE[slot],
        path: ['formations'],
      });
    }
    if (list.length > rule.max) {
      // reported on every formation beyond the limit, so the Builder marks the ones to remove
      for (const { f, i } of list.slice(rule.max)) {
        v.push({
          code: `${prefix}_COUNT_MAX`,
          message: `Remove this ${label.one}: a warband may have at most ${rule.max} ${label.many} (it has ${list.length}).`,
          rule: SLOT_RULE[slot],
          formationId: f.id,
          path: ['formations', i],
        });
      }
    }
    for (const { f, i } of list) {
      const n = f.fighters.length;
      if (n < rule.size.min || n > rule.size.max) {
        const change = n < rule.size.min ? `add ${plural(rule.size.min - n, 'fighter')}` : `remove ${plural(n - rule.size.max, 'fighter')}`;
        v.push({
          code: `${prefix}_SIZE`,
          message: `${f.name} has ${plural(n, 'fighter')}; a ${label.one} has ${range(rule.size.min, rule.size.max)}: ${change}.`,
          rule: SLOT_RULE[slot],
          formationId: f.id,
          path: ['formations', i, 'fighters'],
        });
      }
    }
  }

  // each formation's unit, its loadouts and its reserve declaration
  roster.formations.forEach((f, i) => {
    const unitOk = checkUnit(f.unitId, f.slot, ['formations', i, 'unitId'], f.id);
    const perLoadout = new Map<string, number>();
    f.fighters.forEach((x, j) => {
      checkEquipment(x.equipment, f.slot, x.name || `${f.name}, fighter ${j + 1}`, ['formations', i, 'fighters', j, 'equipment'], f.id);
      if (!x.loadoutId) return;
      if (unitOk) checkLoadout(f.unitId, x.loadoutId, ['formations', i, 'fighters', j, 'loadoutId'], f.id);
      perLoadout.set(x.loadoutId, (perLoadout.get(x.loadoutId) ?? 0) + 1);
    });
    for (const [loadoutId, n] of perLoadout) {
      const isSniper = loadoutId === pack.sniper.unitLoadoutId;
      const loadout = idx.loadouts.get(`${f.unitId}/${loadoutId}`);
      const max = isSniper ? Math.min(pack.sniper.maxPerPatrol, loadout?.maxPerFormation ?? Infinity) : loadout?.maxPerFormation;
      if (max === undefined || n <= max) continue;
      const name = loadout?.name ?? loadoutId;
      v.push({
        code: isSniper ? 'SNIPER_PER_PATROL' : 'LOADOUT_LIMIT',
        message: `${f.name} has ${n} fighters with ${name}; at most ${max} per ${SLOT_LABEL[f.slot].one} may take it: give the others another loadout.`,
        rule: isSniper ? 'Field Manual §7' : 'ruleset pack loadout limit',
        formationId: f.id,
        path: ['formations', i, 'fighters'],
      });
    }
    if (f.inReserve && f.slot !== 'skirmisher') {
      v.push({
        code: 'RESERVE_NOT_SKIRMISHER',
        message: `${f.name} cannot start in reserve: only Skirmisher patrols may; clear its reserve mark.`,
        rule: 'Field Manual §3 step 5, §7',
        formationId: f.id,
        path: ['formations', i, 'inReserve'],
      });
    }
  });

  // [000 §6] Officer postings: only Core or Elite hosts, one Officer per host
  const formationIndex = new Map(roster.formations.map((f, i) => [f.id, i] as const));
  const perHost = new Map<string, number>();
  roster.officers.forEach((o, i) => {
    if (o.postedTo === null) return;
    const fi = formationIndex.get(o.postedTo);
    const who = o.name || `Officer ${i + 1}`;
    if (fi === undefined) {
      v.push({
        code: 'OFFICER_POST_UNKNOWN',
        message: `${who} is posted to a formation that is no longer in the roster; post them elsewhere or keep them with the Captain.`,
        rule: 'Field Manual §6',
        path: ['officers', i, 'postedTo'],
      });
      return;
    }
    const host = roster.formations[fi]!;
    if (!(rec.officerHostSlots as string[]).includes(host.slot)) {
      v.push({
        code: 'OFFICER_POST_TYPE',
        message: `${who} cannot join ${host.name}: Officers may only be posted to ${rec.officerHostSlots.map((s) => SLOT_LABEL[s].many).join(' or ')}, never to ${SLOT_LABEL[host.slot].many}.`,
        rule: 'Field Manual §6',
        formationId: host.id,
        path: ['officers', i, 'postedTo'],
      });
      return;
    }
    const n = (perHost.get(host.id) ?? 0) + 1;
    perHost.set(host.id, n);
    if (n > rec.officersPerHost) {
      v.push({
        code: 'OFFICER_POST_SHARED',
        message: `${who} cannot join ${host.name}: it already has ${rec.officersPerHost === 1 ? 'an Officer' : `${rec.officersPerHost} Officers`}; post ${who} to another squad or keep them with the Captain.`,
        rule: 'Field Manual §6',
        formationId: host.id,
        path: ['officers', i, 'postedTo'],
      });
    }
  });

  // [000 §2 step 6] total points within the allowance
  const breakdown = rosterPoints(roster, pack);
  const spent = breakdown.total;
  if (spent > opts.allowance) {
    v.push({
      code: 'POINTS_OVER_LIMIT',
      message: `The warband costs ${spent} points, ${spent - opts.allowance} over its allowance of ${opts.allowance}: remove fighters, formations, loadouts or equipment.`,
      rule: 'Field Manual §2 step 6, §13',
      path: [],
    });
  }

  return {
    valid: v.length === 0,
    points: { spent, allowance: opts.allowance, left: opts.allowance - spent },
    violations: v,
    breakdown,
    models: modelCount(roster),
  };

  /** The unit exists, belongs to the roster's faction and fills the slot it is used in. */
  function checkUnit(unitId: string, slot: string, path: (string | number)[], formationId: string | undefined): boolean {
    const unit = idx.units.get(unitId);
    const extra = formationId ? { formationId } : {};
    if (!unit) {
      v.push({ code: 'UNKNOWN_UNIT', message: `The unit "${unitId}" is not in this ruleset; choose another unit.`, rule: 'ruleset pack', path, ...extra });
      return false;
    }
    if (unit.factionId !== roster.factionId) {
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
    return true;
  }

  /**
   * Each item exists in the pack, suits the slot the model fills (the pack's
   * `slots`: a Storm mantle is for Heavies only) and is bought once per model.
   * `who` names the model in the message so the player can find it.
   */
  function checkEquipment(items: readonly string[], slot: Slot, who: string, path: (string | number)[], formationId: string | undefined): void {
    const extra = formationId ? { formationId } : {};
    const seen = new Set<string>();
    items.forEach((id, k) => {
      const item = idx.equipment.get(id);
      if (!item) {
        v.push({
          code: 'EQUIPMENT_UNKNOWN',
          message: `${who} carries "${id}", which is not equipment in this ruleset; remove it or choose an item from the list.`,
          rule: 'Field Manual §13 step 4 (ruleset pack equipment)',
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
          rule: 'Field Manual §13 step 4 (ruleset pack equipment)',
          path: [...path, k],
          ...extra,
        });
      }
      if (seen.has(id)) {
        v.push({
          code: 'EQUIPMENT_TWICE',
          message: `${who} carries ${item.name} twice; one is enough: remove the second.`,
          rule: 'Field Manual §13 step 4 (ruleset pack equipment)',
          path: [...path, k],
          ...extra,
        });
      }
      seen.add(id);
    });
  }

  function checkLoadout(unitId: string, loadoutId: string | null, path: (string | number)[], formationId: string | undefined): void {
    if (!loadoutId || !idx.units.has(unitId)) return;
    if (idx.loadouts.has(`${unitId}/${loadoutId}`)) return;
    const unit = idx.units.get(unitId)!;
    v.push({
      code: 'LOADOUT_NOT_ALLOWED',
      message: `${unit.name} cannot take the loadout "${loadoutId}"; choose one of its own loadouts or standard equipment.`,
      rule: 'Field Manual §2 step 6',
      path,
      ...(formationId ? { formationId } : {}),
    });
  }
}

export interface OfficerHost {
  formationId: string;
  name: string;
  slot: FormationSlot;
}

/**
 * The formations this Officer may be posted to right now [000 §6]: Core or
 * Elite (per the pack), and not already full with other Officers. The
 * Builder's posting dropdown offers exactly these (plus "with the Captain").
 */
export function legalOfficerHosts(roster: Roster, pack: RulesetPack, officerId: string): OfficerHost[] {
  const rec = pack.recruitment;
  const taken = new Map<string, number>();
  for (const o of roster.officers) {
    if (o.id === officerId || o.postedTo === null) continue;
    taken.set(o.postedTo, (taken.get(o.postedTo) ?? 0) + 1);
  }
  return roster.formations
    .filter((f) => (rec.officerHostSlots as string[]).includes(f.slot) && (taken.get(f.id) ?? 0) < rec.officersPerHost)
    .map((f) => ({ formationId: f.id, name: f.name, slot: f.slot }));
}
