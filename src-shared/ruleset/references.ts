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

type Add = (path: Path, message: string) => void;

/** The ids the other sections refer to. */
interface Known {
  factions: Set<string>;
  weapons: Set<string>;
  rules: Set<string>;
  abilities: Set<string>;
  cryptids: Set<string>;
}

/** What every section of the checks reads: the pack, where to add an issue, and the ids it may refer to. */
interface Checking {
  raw: Obj;
  add: Add;
  known: Known;
}

/** Ids of one collection; duplicates are reported where the second one stands. */
function idsOf({ raw, add }: Pick<Checking, 'raw' | 'add'>, key: string, what: string, idKey = 'id'): Set<string> {
  const seen = new Set<string>();
  arr(raw[key]).forEach((item, i) => {
    const id = isObj(item) ? str(item[idKey]) : undefined;
    if (id === undefined) return;
    if (seen.has(id)) add([key, i, idKey], `Two ${what} share the id "${id}"; ids must be unique.`);
    seen.add(id);
  });
  return seen;
}

/** Every collection's ids checked for duplicates, and those the other sections refer to kept. */
function knownIds(c: Pick<Checking, 'raw' | 'add'>): Known {
  const factions = idsOf(c, 'factions', 'factions');
  idsOf(c, 'units', 'units');
  const weapons = idsOf(c, 'weapons', 'weapons');
  const rules = idsOf(c, 'specialRules', 'special rules');
  const abilities = idsOf(c, 'captainAbilities', 'Captain abilities');
  const cryptids = idsOf(c, 'cryptids', 'cryptids');
  idsOf(c, 'equipment', 'equipment items');
  idsOf(c, 'orders', 'orders');
  idsOf(c, 'gambits', 'Field Gambits');
  idsOf(c, 'provinces', 'provinces');
  idsOf(c, 'scenarioSizes', 'scenario sizes');
  return { factions, weapons, rules, abilities, cryptids };
}

function refList(add: Add, path: Path, value: unknown, known: Set<string>, what: string): void {
  arr(value).forEach((id, j) => {
    if (typeof id === 'string' && !known.has(id)) add([...path, j], `Unknown ${what} "${id}".`);
  });
}

/** Factions and their Captain's signature ability. */
function checkCaptainAbilities({ raw, add, known }: Checking): void {
  arr(raw.factions).forEach((f, i) => {
    if (!isObj(f)) return;
    const ability = str(f.captainAbility);
    if (ability !== undefined && !known.abilities.has(ability)) add(['factions', i, 'captainAbility'], `Unknown Captain ability "${ability}".`);
    const owner = arr(raw.captainAbilities).find((a) => isObj(a) && a.id === ability);
    if (isObj(owner) && str(owner.factionId) !== undefined && owner.factionId !== f.id)
      add(['factions', i, 'captainAbility'], `Captain ability "${ability}" belongs to faction "${String(owner.factionId)}", not "${String(f.id)}".`);
  });
  arr(raw.captainAbilities).forEach((a, i) => {
    const fid = isObj(a) ? str(a.factionId) : undefined;
    if (fid !== undefined && !known.factions.has(fid)) add(['captainAbilities', i, 'factionId'], `Unknown faction "${fid}".`);
  });
}

/** A unit's loadouts: ids unique within the unit, their weapons and rules known. */
function checkLoadouts({ add, known }: Checking, i: number, u: Obj): void {
  const loadoutIds = new Set<string>();
  arr(u.loadouts).forEach((l, j) => {
    if (!isObj(l)) return;
    const lid = str(l.id);
    if (lid !== undefined) {
      if (loadoutIds.has(lid)) add(['units', i, 'loadouts', j, 'id'], `Two loadouts of this unit share the id "${lid}".`);
      loadoutIds.add(lid);
    }
    refList(add, ['units', i, 'loadouts', j, 'weapons'], l.weapons, known.weapons, 'weapon');
    refList(add, ['units', i, 'loadouts', j, 'specialRules'], l.specialRules, known.rules, 'special rule');
  });
}

/** Units, their weapons, rules and loadouts; returns each faction's units' slots. */
function checkUnits(c: Checking): Map<string, string[]> {
  const { raw, add, known } = c;
  const slotsByFaction = new Map<string, string[]>();
  arr(raw.units).forEach((u, i) => {
    if (!isObj(u)) return;
    const fid = str(u.factionId);
    if (fid !== undefined) {
      if (!known.factions.has(fid)) add(['units', i, 'factionId'], `Unknown faction "${fid}".`);
      const slot = str(u.slot);
      if (slot) slotsByFaction.set(fid, [...(slotsByFaction.get(fid) ?? []), slot]);
    }
    refList(add, ['units', i, 'weapons'], u.weapons, known.weapons, 'weapon');
    refList(add, ['units', i, 'specialRules'], u.specialRules, known.rules, 'special rule');
    checkLoadouts(c, i, u);
  });
  return slotsByFaction;
}

/** Two units of one faction with one name could not be told apart in the Builder or on a sheet. */
function checkUnitNames({ raw, add }: Checking): void {
  const unitNames = new Map<string, number>();
  arr(raw.units).forEach((u, i) => {
    if (!isObj(u) || str(u.factionId) === undefined || str(u.name) === undefined) return;
    const key = `${String(u.factionId)}|${String(u.name).trim().toLowerCase()}`;
    if (unitNames.has(key)) add(['units', i, 'name'], `This faction already has a unit called "${String(u.name).trim()}"; give this one another name.`);
    else unitNames.set(key, i);
  });
}

function checkWeaponRules({ raw, add, known }: Checking): void {
  arr(raw.weapons).forEach((w, i) => {
    if (isObj(w)) refList(add, ['weapons', i, 'specialRules'], w.specialRules, known.rules, 'special rule');
  });
}

/** Every faction must be able to field the compulsory command group and Core (Field Manual §2). */
function checkCompulsorySlots({ raw, add }: Checking, slotsByFaction: Map<string, string[]>): void {
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
}

/** The Deadshot Sniper loadout must exist on a Skirmisher. */
function checkSniper({ raw, add }: Checking): void {
  if (!isObj(raw.sniper)) return;
  const sid = str(raw.sniper.unitLoadoutId);
  const onSkirmisher = arr(raw.units).some((u) => isObj(u) && u.slot === 'skirmisher' && arr(u.loadouts).some((l) => isObj(l) && l.id === sid));
  if (sid !== undefined && !onSkirmisher) add(['sniper', 'unitLoadoutId'], `No Skirmisher has the Sniper loadout "${sid}".`);
}

/** Cryptids' starting Wounds, and provinces' cryptids and home factions. */
function checkCryptidsAndProvinces({ raw, add, known }: Checking): void {
  arr(raw.cryptids).forEach((c, i) => {
    if (!isObj(c) || !isObj(c.profile) || !isObj(raw.cryptidRules)) return;
    const expected = c.class === 'boss' ? num(raw.cryptidRules.bossWounds) : num(raw.cryptidRules.standardWounds);
    const w = num(c.profile.W);
    if (expected !== undefined && w !== undefined && w !== expected)
      add(['cryptids', i, 'profile', 'W'], `A ${c.class === 'boss' ? 'Boss-class' : 'standard'} cryptid starts with ${expected} Wounds, not ${w}.`);
  });
  arr(raw.provinces).forEach((p, i) => {
    if (!isObj(p)) return;
    refList(add, ['provinces', i, 'cryptids'], p.cryptids, known.cryptids, 'cryptid');
    refList(add, ['provinces', i, 'homeFactions'], p.homeFactions, known.factions, 'faction');
  });
}

/** Missions: numbers 1–5 once each; the entry point must be on the entry table. */
function checkMissions({ raw, add }: Checking, entryIds: Set<string | undefined>): void {
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
}

/** A province's mission variants: ids unique across the pack (a battle records the id alone), entry points on the table. */
function checkMissionVariants({ raw, add }: Checking, entryIds: Set<string | undefined>): void {
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
}

/** A dice table must cover each face from `from` to `to` exactly once. */
function checkCover(add: Add, path: Path, bands: unknown, from: number, to: number, what: string): void {
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
}

function checkDiceTables({ raw, add }: Checking): void {
  if (isObj(raw.cryptidRules)) {
    checkCover(add, ['cryptidRules', 'behaviour'], raw.cryptidRules.behaviour, 1, 6, 'behaviour table');
    checkCover(add, ['cryptidRules', 'entry'], raw.cryptidRules.entry, 1, 6, 'entry-point table');
  }
  if (isObj(raw.environmentEvent)) {
    checkCover(add, ['environmentEvent'], [raw.environmentEvent.cryptid, raw.environmentEvent.storm], 1, 20, 'event table');
  }
  if (isObj(raw.ruleOfCool)) {
    // A natural 1 is the critical failure; the damage bands start at 2.
    checkCover(add, ['ruleOfCool', 'damageBands'], raw.ruleOfCool.damageBands, 2, 20, 'Rule of Cool table');
  }
}

/** Recruitment and economy sanity. */
function checkRecruitmentAndEconomy({ raw, add }: Checking): void {
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
}

export function checkReferences(raw: unknown): Issue[] {
  const issues: Issue[] = [];
  const add: Add = (path, message) => issues.push({ path, message, code: 'reference' });
  if (!isObj(raw)) return issues;
  const c: Checking = { raw, add, known: knownIds({ raw, add }) };
  checkCaptainAbilities(c);
  const slotsByFaction = checkUnits(c);
  checkUnitNames(c);
  checkWeaponRules(c);
  checkCompulsorySlots(c, slotsByFaction);
  checkSniper(c);
  checkCryptidsAndProvinces(c);
  const entryIds = new Set(arr(isObj(raw.cryptidRules) ? raw.cryptidRules.entry : []).map((e) => (isObj(e) ? str(e.id) : undefined)));
  checkMissions(c, entryIds);
  checkMissionVariants(c, entryIds);
  checkDiceTables(c);
  checkRecruitmentAndEconomy(c);
  return issues;
}
