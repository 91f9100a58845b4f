import type { Effect, Profile, SpecialRule, Weapon } from '../ruleset/schema';
import { DEFAULT_ODDS_OPTIONS, type AttackModifiers, type AttackSpecInput, type ModifierValues, type OddsOptions } from './spec';

/**
 * Builds an attack spec from pack data, so Play Mode fills the resolver from
 * the rosters: the attacker's profile and weapon (melee uses the fighter's A
 * and D with the weapon's own Force; ranged uses the weapon's shots and
 * Damage, DIGEST 6.6), the target's T, Save and Wounds, and the machine-
 * readable effects of both sides' special rules. What depends on the moment
 * (did it charge, is it stationary, which orders are in force) comes in
 * `situation`; rules that need a table judgement are listed in `notes` so
 * the panel can ask.
 */
export interface AttackerSide {
  name: string;
  profile: Pick<Profile, 'Hit' | 'A' | 'D'>;
  /** The attacker's own special rules, resolved from the pack. */
  specialRules: SpecialRule[];
  isCryptid?: boolean;
}

export interface TargetSide {
  name: string;
  profile: Pick<Profile, 'T' | 'Save' | 'W'>;
  specialRules: SpecialRule[];
  /** Keywords such as "awakened". */
  traits?: string[];
  isCryptid?: boolean;
  /** Wounds left now (default: the profile's W). */
  woundsRemaining?: number;
}

export interface ProfilesInput {
  attacker: AttackerSide;
  weapon: Pick<Weapon, 'name' | 'kind' | 'attacks' | 'force' | 'damage'>;
  /** The weapon's special rules, resolved from the pack (the hunting rifle's stationary bonus). */
  weaponRules?: SpecialRule[];
  target: TargetSide;
  /** The moment: orders, gambits, charge, storm… Anything set here wins over what the rules imply. */
  situation?: Partial<AttackModifiers> & {
    charged?: boolean;
    chargeInches?: number;
  };
  options?: OddsOptions;
}

export interface ProfilesSpec {
  spec: AttackSpecInput;
  /** Rules that apply only in some situations: the players confirm them. */
  notes: string[];
}

const effectsOf = (rules: SpecialRule[]) => rules.flatMap((r) => r.effects.map((e) => ({ rule: r.name, e })));

export function attackSpecFromProfiles(input: ProfilesInput): ProfilesSpec {
  const { attacker, weapon, target } = input;
  const situation = input.situation ?? {};
  const kind = weapon.kind;
  const modifiers: Partial<AttackModifiers> = {};
  const values: Partial<ModifierValues> = {};
  const notes: string[] = [];
  const attacks = kind === 'melee' ? attacker.profile.A : (weapon.attacks ?? 1);
  const damage = kind === 'melee' ? attacker.profile.D : (weapon.damage ?? attacker.profile.D);
  const targetIsAwakened = (target.traits ?? []).includes('awakened');
  const applies = (kinds: readonly string[]) => kinds.includes(kind);

  for (const { rule, e } of effectsOf([...attacker.specialRules, ...(input.weaponRules ?? [])]) as { rule: string; e: Effect }[]) {
    switch (e.kind) {
      case 'stationary-hit-bonus':
        if (kind === 'ranged') {
          values.stationaryRifle = e.value;
          notes.push(`${rule}: +${e.value} to Hit if the shooter did not move.`);
        }
        break;
      case 'wound-bonus-against':
        if (applies(e.attackKinds) && ((e.against.includes('cryptid') && target.isCryptid) || (e.against.includes('awakened') && targetIsAwakened))) {
          modifiers.consecratedPayload = true;
          values.consecratedPayload = e.value;
        }
        break;
      case 'charge-damage-bonus':
        if (kind === 'melee') {
          values.chargeOfIron = e.value;
          if (situation.charged && (situation.chargeInches ?? 0) >= e.minChargeInches) modifiers.chargeOfIron = true;
          else notes.push(`${rule}: +${e.value} Damage on the first attack after a charge of ${e.minChargeInches}" or more.`);
        }
        break;
      case 'charge-extra-attacks':
        // Modelled as its own switch so the roll log can show which Attack the charge earned.
        if (kind === 'melee') {
          values.boardingRush = e.value;
          if (situation.charged) modifiers.boardingRush = true;
          else notes.push(`${rule}: +${e.value} Attack after charging.`);
        }
        break;
      case 'extra-ranged-attacks':
        // Declared by the player before shooting, so it stays off until switched on.
        if (kind === 'ranged') {
          values.overdriveAttacks = e.value;
          values.overdriveWounds = e.selfWoundsOnNaturalOne;
          notes.push(
            `${rule}: switch it on to add ${e.value} attack (once per ${e.per})${e.selfWoundsOnNaturalOne ? `; a natural 1 on an ${rule} Hit roll costs the shooter ${e.selfWoundsOnNaturalOne} Wound` : ''}.`,
          );
        }
        break;
      case 'self-wound-on-natural-one':
        if (applies(e.attackKinds)) modifiers.selfWoundsOnNaturalOne = e.wounds;
        break;
      default:
        break;
    }
  }

  for (const { rule, e } of effectsOf(target.specialRules) as {
    rule: string;
    e: Effect;
  }[]) {
    switch (e.kind) {
      case 'incoming-hit-modifier':
        if (!applies(e.attackKinds)) break;
        if (e.value > 0) {
          modifiers.bulkyTarget = true;
          values.bulkyTarget = e.value;
          if (e.bestTarget !== undefined) values.bulkyBestTarget = Math.max(2, Math.min(6, e.bestTarget));
        } else if (e.value < 0) {
          modifiers.expertHider = true;
          values.expertHider = e.value;
        }
        break;
      case 'incoming-melee-damage-reduction':
        if (kind === 'melee') {
          modifiers.shieldLine = true;
          values.shieldLine = e.value;
          values.shieldLineFloor = e.floor;
          notes.push(`${rule}: only the first melee hit each ${e.per}; switch it off if already used.`);
        }
        break;
      case 'incoming-wound-reduction':
        values.lastWall = e.value;
        notes.push(`${rule}: −${e.value} on one unsaved Wound, once per ${e.per}, when its condition is met.`);
        break;
      default:
        break;
    }
  }

  const { charged: _c, chargeInches: _i, ...explicit } = situation;
  const spec: AttackSpecInput = {
    label: `${attacker.name} (${weapon.name}) → ${target.name}`,
    kind,
    attacks: Math.max(1, Math.min(40, attacks)),
    hit: attacker.profile.Hit,
    force: weapon.force,
    damage,
    toughness: target.profile.T,
    save: target.profile.Save,
    woundsRemaining: target.woundsRemaining ?? target.profile.W,
    targetIsCryptid: target.isCryptid ?? false,
    targetIsAwakened,
    attackerIsCryptid: attacker.isCryptid ?? false,
    modifiers: { ...modifiers, ...explicit },
    values,
    options: input.options ?? DEFAULT_ODDS_OPTIONS,
  };
  return { spec, notes };
}
