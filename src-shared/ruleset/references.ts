import type { Issue } from '../errors';

/**
 * Cross-reference checks the schema alone cannot make: every id a pack
 * mentions must exist, ids must be unique, dice tables must cover their die.
 *
 * It walks the raw parsed JSON defensively (anything may be missing or of
 * the wrong type), so that an import with both type errors and dangling
 * references reports all of them in one go rather than one layer at a time.
 */

type Path = (string | number)[];
type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

export function checkReferences(raw: unknown): Issue[] {
  const issues: Issue[] = [];
  const add = (path: Path, message: string) => issues.push({ path, message, code: 'reference' });
  if (!isObj(raw)) return issues;

  /** Ids of one collection; duplicates are reported where the second one stands. */
  const idsOf = (key: string, what: string, idKey = 'id'): Set<string> => {
    const seen = new Set<string>();
    arr(raw[key]).forEach((item, i) => {
      const id = isObj(item) ? str(item[idKey]) : undefined;
      if (id === undefined) return;
      if (seen.has(id)) add([key, i, idKey], `Two ${what} share the id "${id}"; ids must be unique.`);
      seen.add(id);
    });
    return seen;
  };

  const factions = idsOf('factions', 'factions');
  const units = idsOf('units', 'units');
  const weapons = idsOf('weapons', 'weapons');
  const rules = idsOf('specialRules', 'special rules');
  const abilities = idsOf('captainAbilities', 'Captain abilities');
  const cryptids = idsOf('cryptids', 'cryptids');
  idsOf('equipment', 'equipment items');
  idsOf('orders', 'orders');
  idsOf('gambits', 'Field Gambits');
  idsOf('provinces', 'provinces');
  idsOf('scenarioSizes', 'scenario sizes');
  void units;

  const refList = (path: Path, value: unknown, known: Set<string>, what: string) => {
    arr(value).forEach((id, j) => {
      if (typeof id === 'string' && !known.has(id)) add([...path, j], `Unknown ${what} "${id}".`);
    });
  };

  // Factions and their Captain's signature ability.
  arr(raw.factions).forEach((f, i) => {
    if (!isObj(f)) return;
    const ability = str(f.captainAbility);
    if (ability !== undefined && !abilities.has(ability)) add(['factions', i, 'captainAbility'], `Unknown Captain ability "${ability}".`);
    const owner = arr(raw.captainAbilities).find((a) => isObj(a) && a.id === ability);
    if (isObj(owner) && str(owner.factionId) !== undefined && owner.factionId !== f.id)
      add(['factions', i, 'captainAbility'], `Captain ability "${ability}" belongs to faction "${String(owner.factionId)}", not "${String(f.id)}".`);
  });
  arr(raw.captainAbilities).forEach((a, i) => {
    const fid = isObj(a) ? str(a.factionId) : undefined;
    if (fid !== undefined && !factions.has(fid)) add(['captainAbilities', i, 'factionId'], `Unknown faction "${fid}".`);
  });

  // Units, their weapons, rules and loadouts.
  const slotsByFaction = new Map<string, string[]>();
  arr(raw.units).forEach((u, i) => {
    if (!isObj(u)) return;
    const fid = str(u.factionId);
    if (fid !== undefined) {
      if (!factions.has(fid)) add(['units', i, 'factionId'], `Unknown faction "${fid}".`);
      const slot = str(u.slot);
      if (slot) slotsByFaction.set(fid, [...(slotsByFaction.get(fid) ?? []), slot]);
    }
    refList(['units', i, 'weapons'], u.weapons, weapons, 'weapon');
    refList(['units', i, 'specialRules'], u.specialRules, rules, 'special rule');
    const loadoutIds = new Set<string>();
    arr(u.loadouts).forEach((l, j) => {
      if (!isObj(l)) return;
      const lid = str(l.id);
      if (lid !== undefined) {
        if (loadoutIds.has(lid)) add(['units', i, 'loadouts', j, 'id'], `Two loadouts of this unit share the id "${lid}".`);
        loadoutIds.add(lid);
      }
      refList(['units', i, 'loadouts', j, 'weapons'], l.weapons, weapons, 'weapon');
      refList(['units', i, 'loadouts', j, 'specialRules'], l.specialRules, rules, 'special rule');
    });
  });
  // Two units of one faction with one name could not be told apart in the Builder or on a sheet.
  const unitNames = new Map<string, number>();
  arr(raw.units).forEach((u, i) => {
    if (!isObj(u) || str(u.factionId) === undefined || str(u.name) === undefined) return;
    const key = `${String(u.factionId)}|${String(u.name).trim().toLowerCase()}`;
    if (unitNames.has(key)) add(['units', i, 'name'], `This faction already has a unit called "${String(u.name).trim()}"; give this one another name.`);
    else unitNames.set(key, i);
  });
  arr(raw.weapons).forEach((w, i) => {
    if (isObj(w)) refList(['weapons', i, 'specialRules'], w.specialRules, rules, 'special rule');
  });

  // Every faction must be able to field the compulsory command group and Core (Field Manual §2).
  arr(raw.factions).forEach((f, i) => {
    const fid = isObj(f) ? str(f.id) : undefined;
    if (fid === undefined) return;
    const slots = slotsByFaction.get(fid) ?? [];
    const fname = str((f as Obj).name) ?? fid;
    for (const [slot, label] of [
      ['captain', 'Captain'],
      ['officer', 'Officer'],
      ['core', 'Core unit'],
    ] as const)
      if (!slots.includes(slot)) add(['factions', i], `${fname} would have no ${label}; every army needs one.`);
  });

  // The Deadshot Sniper loadout must exist on a Skirmisher.
  if (isObj(raw.sniper)) {
    const sid = str(raw.sniper.unitLoadoutId);
    const onSkirmisher = arr(raw.units).some((u) => isObj(u) && u.slot === 'skirmisher' && arr(u.loadouts).some((l) => isObj(l) && l.id === sid));
    if (sid !== undefined && !onSkirmisher) add(['sniper', 'unitLoadoutId'], `No Skirmisher has the Sniper loadout "${sid}".`);
  }

  // Cryptids and provinces.
  arr(raw.cryptids).forEach((c, i) => {
    if (!isObj(c) || !isObj(c.profile) || !isObj(raw.cryptidRules)) return;
    const expected = c.class === 'boss' ? num(raw.cryptidRules.bossWounds) : num(raw.cryptidRules.standardWounds);
    const w = num(c.profile.W);
    if (expected !== undefined && w !== undefined && w !== expected)
      add(['cryptids', i, 'profile', 'W'], `A ${c.class === 'boss' ? 'Boss-class' : 'standard'} cryptid starts with ${expected} Wounds, not ${w}.`);
  });
  arr(raw.provinces).forEach((p, i) => {
    if (!isObj(p)) return;
    refList(['provinces', i, 'cryptids'], p.cryptids, cryptids, 'cryptid');
    refList(['provinces', i, 'homeFactions'], p.homeFactions, factions, 'faction');
  });

  // Missions: numbers 1–5 once each; the entry point must be on the entry table.
  const entryIds = new Set(arr(isObj(raw.cryptidRules) ? raw.cryptidRules.entry : []).map((e) => (isObj(e) ? str(e.id) : undefined)));
  const missionNumbers = new Set<number>();
  arr(raw.missions).forEach((m, i) => {
    if (!isObj(m)) return;
    const n = num(m.number);
    if (n !== undefined) {
      if (missionNumbers.has(n)) add(['missions', i, 'number'], `Mission ${n} appears twice.`);
      missionNumbers.add(n);
    }
    const entry = str(m.cryptidEntry);
    if (entry !== undefined && !entryIds.has(entry)) add(['missions', i, 'cryptidEntry'], `Unknown entry point "${entry}".`);
  });
  // A province's mission variants: ids unique across the pack (a battle records the id alone), entry points on the table.
  const variantIds = new Set<string>();
  arr(raw.provinces).forEach((p, i) => {
    if (!isObj(p)) return;
    arr(p.missionVariants).forEach((v, j) => {
      if (!isObj(v)) return;
      const id = str(v.id);
      if (id !== undefined) {
        if (variantIds.has(id)) add(['provinces', i, 'missionVariants', j, 'id'], `Two mission variants share the id "${id}"; ids must be unique.`);
        variantIds.add(id);
      }
      const entry = str(v.cryptidEntry);
      if (entry !== undefined && !entryIds.has(entry)) add(['provinces', i, 'missionVariants', j, 'cryptidEntry'], `Unknown entry point "${entry}".`);
    });
  });

  // Dice tables must cover each face exactly once.
  const cover = (path: Path, bands: unknown, from: number, to: number, what: string) => {
    const list = arr(bands);
    if (list.length === 0) return;
    const hits = new Map<number, number>();
    list.forEach((b, j) => {
      if (!isObj(b)) return;
      const min = num(b.min);
      const max = num(b.max);
      if (min === undefined || max === undefined) return;
      if (min > max) add([...path, j], `This row runs from ${min} down to ${max}; the lower number comes first.`);
      for (let r = min; r <= max; r++) hits.set(r, (hits.get(r) ?? 0) + 1);
    });
    const missing: number[] = [];
    const twice: number[] = [];
    for (let r = from; r <= to; r++) {
      const h = hits.get(r) ?? 0;
      if (h === 0) missing.push(r);
      if (h > 1) twice.push(r);
    }
    if (missing.length) add(path, `The ${what} has no row for ${missing.join(', ')}.`);
    if (twice.length) add(path, `The ${what} has more than one row for ${twice.join(', ')}.`);
  };
  if (isObj(raw.cryptidRules)) {
    cover(['cryptidRules', 'behaviour'], raw.cryptidRules.behaviour, 1, 6, 'behaviour table');
    cover(['cryptidRules', 'entry'], raw.cryptidRules.entry, 1, 6, 'entry-point table');
  }
  if (isObj(raw.environmentEvent)) {
    cover(['environmentEvent'], [raw.environmentEvent.cryptid, raw.environmentEvent.storm], 1, 20, 'event table');
  }
  if (isObj(raw.ruleOfCool)) {
    // A natural 1 is the critical failure; the damage bands start at 2.
    cover(['ruleOfCool', 'damageBands'], raw.ruleOfCool.damageBands, 2, 20, 'Rule of Cool table');
  }

  // Recruitment and economy sanity.
  if (isObj(raw.recruitment)) {
    for (const slot of ['core', 'elite', 'skirmisher', 'heavy'] as const) {
      const r = raw.recruitment[slot];
      if (!isObj(r)) continue;
      if ((num(r.min) ?? 0) > (num(r.max) ?? Infinity)) add(['recruitment', slot, 'min'], 'The minimum is above the maximum.');
      if (isObj(r.size) && (num(r.size.min) ?? 0) > (num(r.size.max) ?? Infinity))
        add(['recruitment', slot, 'size', 'min'], 'The smallest size is above the largest.');
    }
  }
  if (isObj(raw.economy)) {
    const start = num(raw.economy.startingAllowance);
    const cap = num(raw.economy.cap);
    if (start !== undefined && cap !== undefined && start > cap)
      add(['economy', 'startingAllowance'], `The starting allowance (${start}) is above the cap (${cap}).`);
  }
  return issues;
}
