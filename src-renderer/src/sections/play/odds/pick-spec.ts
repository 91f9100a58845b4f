import { attackSpecFromProfiles } from '../../../../../src-shared/odds/from-profiles';
import type { AttackerChoice, TargetChoice } from '../../../../../src-shared/odds/pack-choices';
import type { AttackSpecInput, OddsOptions } from '../../../../../src-shared/odds/spec';
import { dropInapplicable, type SwitchInfo } from './modifier-catalog';

/** The attacker, weapon and target picked in the odds panel (ids into its choices), each null until picked. */
export interface OddsPick {
  attacker: string | null;
  weapon: string | null;
  target: string | null;
}

export const NO_PICK: OddsPick = { attacker: null, weapon: null, target: null };

/** What the battle adds to a picked attack: the active formation's Steady Fire, and the switches its rules turn on or take away. */
export interface BattleSwitches {
  start?: { attacker: string; steadyFire: boolean } | null;
  presetFor?: (targetId: string | null) => Partial<Record<string, boolean>>;
  blockedFor?: (attackerId: string | null) => Partial<Record<string, string>>;
}

/**
 * The attack a full pick makes, from the profiles (the whole formation's fighters of the loadout attack together), with
 * the battle's switches set and the blocked ones off, and the notes to check at the table; null until attacker, weapon
 * (or the attacker's first) and target are all known.
 */
export function specForPick(
  pick: OddsPick,
  choices: { attackers?: AttackerChoice[]; targets?: TargetChoice[] },
  options: OddsOptions,
  battle: BattleSwitches,
): { spec: AttackSpecInput; notes: string[] } | null {
  const a = choices.attackers?.find((x) => x.id === pick.attacker);
  const w = a?.weapons.find((x) => x.id === pick.weapon) ?? a?.weapons[0];
  const t = choices.targets?.find((x) => x.id === pick.target);
  if (!a || !w || !t) return null;
  const built = attackSpecFromProfiles({ attacker: a.attacker, weapon: w.weapon, weaponRules: w.rules, target: t.target, options });
  // the whole formation's fighters of this loadout attack together: their Attacks add up (the players may change it)
  const fighters = (a as { fighters?: number }).fighters ?? 1;
  const attack = fighters > 1 ? { ...built.spec, attacks: Math.min(40, built.spec.attacks * fighters) } : built.spec;
  const steady = !!battle.start?.steadyFire && pick.attacker === battle.start.attacker;
  const preset = { ...(steady ? { steadyFire: true } : {}), ...battle.presetFor?.(pick.target) };
  const dropped = dropInapplicable({ ...attack, modifiers: { ...attack.modifiers, ...preset } });
  const off = Object.keys(battle.blockedFor?.(pick.attacker) ?? {});
  const spec = off.length ? { ...dropped, modifiers: { ...dropped.modifiers, ...Object.fromEntries(off.map((k) => [k, false])) } } : dropped;
  return { spec, notes: built.notes };
}

/** The picked choices themselves: the weapon is the attacker's first until one is picked. */
export function pickedChoices(pick: OddsPick, attackers: AttackerChoice[] | undefined, targets: TargetChoice[] | undefined) {
  const attacker = attackers?.find((x) => x.id === pick.attacker);
  const weapon = attacker?.weapons.find((w) => w.id === pick.weapon) ?? (pick.weapon ? undefined : attacker?.weapons[0]);
  const target = targets?.find((x) => x.id === pick.target);
  return { attacker, weapon, target };
}

/** Once an attacker is picked, only the switches of rules it (or its weapon) has are offered. */
export function offeredSwitches(picked: ReturnType<typeof pickedChoices>): (s: SwitchInfo) => boolean {
  if (!picked.attacker) return () => true;
  const rules = new Set([...picked.attacker.attacker.specialRules.map((r) => r.id), ...(picked.weapon?.rules ?? []).map((r) => r.id)]);
  return (s) => !s.rule || rules.has(s.rule);
}

/** What this roll's numbers rest on that the pack marks provisional, named so the table knows. */
export function provisionalParts({ attacker, weapon, target }: ReturnType<typeof pickedChoices>): string[] {
  return [
    attacker?.provisional ? `${attacker.attacker.name}’s profile` : null,
    weapon?.provisional ? weapon.label : null,
    target?.provisional ? `${target.target.name}’s profile` : null,
  ].filter((x): x is string => !!x);
}
