import type { Cryptid, Loadout, Profile, RulesetPack, SpecialRule, Unit, Weapon } from './schema';
import type { Slot } from './pack-facts';
import { isProvisional } from './pack-facts';
import type { RuleOptions } from './options';

/**
 * Read helpers over a ruleset pack for the Builder, Play Mode and the PDFs.
 * Lookups by id return `undefined` when absent; the `require…` variants throw,
 * for code that works on a pack already checked by `checkReferences`.
 */

function findUnit(pack: RulesetPack, id: string): Unit | undefined {
  return pack.units.find((u) => u.id === id);
}
export function findWeapon(pack: RulesetPack, id: string): Weapon | undefined {
  return pack.weapons.find((w) => w.id === id);
}
export function findRule(pack: RulesetPack, id: string): SpecialRule | undefined {
  return pack.specialRules.find((r) => r.id === id);
}
export function findCryptid(pack: RulesetPack, id: string): Cryptid | undefined {
  return pack.cryptids.find((c) => c.id === id);
}
function findLoadout(unit: Unit, loadoutId: string): Loadout | undefined {
  return unit.loadouts.find((l) => l.id === loadoutId);
}

export function requireUnit(pack: RulesetPack, id: string): Unit {
  const u = findUnit(pack, id);
  if (!u) throw new Error(`Unit "${id}" is not in ruleset pack ${pack.meta.name}.`);
  return u;
}

/** Every unit of a faction, optionally only one slot, in pack order. */
export function unitsOf(pack: RulesetPack, factionId: string, slot?: Slot): Unit[] {
  return pack.units.filter((u) => u.factionId === factionId && (slot === undefined || u.slot === slot));
}

/** The faction's Skirmisher (the first one, if a pack offers several). */
function factionSkirmisher(pack: RulesetPack, factionId: string): Unit | undefined {
  return unitsOf(pack, factionId, 'skirmisher')[0];
}

function isSniperLoadout(pack: RulesetPack, loadoutId: string | undefined): boolean {
  return loadoutId !== undefined && loadoutId === pack.sniper.unitLoadoutId;
}

export const PROFILE_KEYS = ['M', 'W', 'Hit', 'T', 'Save', 'A', 'D', 'Resolve'] as const;
type ProfileKey = (typeof PROFILE_KEYS)[number];

export interface EffectiveProfile {
  profile: Profile;
  /** Profile stats whose value is provisional (not from the designer's documents). */
  provisional: ProfileKey[];
  weapons: Weapon[];
  specialRules: SpecialRule[];
  loadout?: Loadout;
}

/**
 * The profile, weapons and rules a model actually uses: the unit's, with a
 * loadout's profile values, weapons and rules laid over it.
 *
 * The Deadshot Sniper (DIGEST §11.4, AMB-31): W1, Save 6+ and A1 come from its
 * loadout; Movement and Hit are the faction Skirmisher's. T, melee D and
 * Resolve are not given anywhere, so they are the Skirmisher's values marked
 * provisional. When the Sniper loadout is taken by a unit that is not the
 * faction's Skirmisher (an edited pack), M/Hit/T/D/Resolve still come from
 * the Skirmisher, as the rule says.
 */
export function effectiveProfile(pack: RulesetPack, unit: Unit, loadoutId?: string): EffectiveProfile {
  const loadout = loadoutId ? findLoadout(unit, loadoutId) : undefined;
  if (loadoutId && !loadout) throw new Error(`${unit.name} has no loadout "${loadoutId}".`);

  let base: Profile = { ...unit.profile };
  const provisional = new Set<ProfileKey>(PROFILE_KEYS.filter((k) => isProvisional(unit, `profile.${k}`)));

  if (loadout && isSniperLoadout(pack, loadout.id)) {
    const skirmisher = unit.slot === 'skirmisher' ? unit : factionSkirmisher(pack, unit.factionId);
    if (skirmisher) {
      base = {
        ...base,
        M: skirmisher.profile.M,
        Hit: skirmisher.profile.Hit,
        T: skirmisher.profile.T,
        D: skirmisher.profile.D,
        Resolve: skirmisher.profile.Resolve,
      };
      for (const k of ['M', 'Hit', 'T', 'D', 'Resolve'] as const) {
        if (isProvisional(skirmisher, `profile.${k}`)) provisional.add(k);
        else provisional.delete(k);
      }
    }
  }
  if (loadout?.profile) {
    for (const k of PROFILE_KEYS) {
      const v = loadout.profile[k];
      if (v === undefined) continue;
      base[k] = v;
      if (isProvisional(loadout, `profile.${k}`)) provisional.add(k);
      else provisional.delete(k);
    }
  }
  // Stats the loadout marks provisional without replacing them (the Sniper's T, D, Resolve).
  if (loadout) for (const k of PROFILE_KEYS) if (loadout.provisional.some((p) => p === `profile.${k}`)) provisional.add(k);

  const weaponIds = loadout?.weapons ?? unit.weapons;
  const weapons = weaponIds.map((id) => findWeapon(pack, id)).filter((w): w is Weapon => !!w);
  const ruleIds = [...new Set([...unit.specialRules, ...(loadout?.specialRules ?? [])])];
  const specialRules = ruleIds.map((id) => findRule(pack, id)).filter((r): r is SpecialRule => !!r);
  return { profile: base, provisional: PROFILE_KEYS.filter((k) => provisional.has(k)), weapons, specialRules, ...(loadout ? { loadout } : {}) };
}

/** Points for one model: the unit's base cost (standard equipment included) plus its loadout's extra cost. */
export function modelCost(pack: RulesetPack, unit: Unit, loadoutId?: string): number {
  if (!loadoutId) return unit.cost;
  const loadout = findLoadout(unit, loadoutId);
  if (!loadout) throw new Error(`${unit.name} has no loadout "${loadoutId}".`);
  // The pack's sniper cost is the one number the rules fix (+14); it wins over the loadout's own field.
  const extra = isSniperLoadout(pack, loadoutId) ? pack.sniper.cost : loadout.cost;
  return unit.cost + extra;
}

/** Starting Wounds of a cryptid by its class (15 standard, 20 Boss-class). */
export function cryptidStartingWounds(pack: RulesetPack, cryptid: Cryptid): number {
  return cryptid.class === 'boss' ? pack.cryptidRules.bossWounds : pack.cryptidRules.standardWounds;
}

/**
 * The highest remaining Wounds at which a cryptid is Enraged (DIGEST AMB-05).
 * 'half-or-below': 2×remaining ≤ start (7 of 15, 10 of 20);
 * 'half-rounded-up': remaining ≤ ceil(start/2) (8 of 15, 10 of 20).
 */
export function enragedAtOrBelow(startingWounds: number, rule: RuleOptions['enragedThreshold']): number {
  return rule === 'half-rounded-up' ? Math.ceil(startingWounds / 2) : Math.floor(startingWounds / 2);
}

export function isEnraged(remaining: number, startingWounds: number, rule: RuleOptions['enragedThreshold']): boolean {
  return remaining <= enragedAtOrBelow(startingWounds, rule);
}

/** The creature a province's D6 picks: 1–2 the first, 3–4 the second, 5–6 the third. */
export function provinceCryptidForRoll(pack: RulesetPack, provinceId: string, d6: number): Cryptid | undefined {
  const province = pack.provinces.find((p) => p.id === provinceId);
  if (!province || d6 < 1 || d6 > 6) return undefined;
  const slot = Math.floor((d6 - 1) / 2) as 0 | 1 | 2;
  return findCryptid(pack, province.cryptids[slot]);
}

/** The row of a banded table (behaviour, entry, Rule of Cool, event) a roll falls in. */
export function bandFor<T extends { min: number; max: number }>(bands: readonly T[], roll: number): T | undefined {
  return bands.find((b) => roll >= b.min && roll <= b.max);
}
