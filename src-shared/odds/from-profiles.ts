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

/** What an effect handler reads and writes: the attack being built and the rule the effect is of. */
interface Building {
  rule: string;
  kind: Weapon['kind'];
  situation: NonNullable<ProfilesInput['situation']>;
  target: TargetSide;
  targetIsAwakened: boolean;
  modifiers: Partial<AttackModifiers>;
  values: Partial<ModifierValues>;
  notes: string[];
}
type EffectHandlers = { [K in Effect['kind']]?: (e: Extract<Effect, { kind: K }>, b: Building) => void };

/** The attacker's and its weapon's effects, one handler per kind of effect. */
const ATTACKER_EFFECTS: EffectHandlers = {
  'stationary-hit-bonus': (e, b) => {
    if (b.kind !== 'ranged') return;
    b.values.stationaryRifle = e.value;
    b.notes.push(`${b.rule}: +${e.value} to Hit if the shooter did not move.`);
  },
  'wound-bonus-against': (e, b) => {
    if (!e.attackKinds.includes(b.kind)) return;
    if ((e.against.includes('cryptid') && b.target.isCryptid) || (e.against.includes('awakened') && b.targetIsAwakened)) {
      b.modifiers.consecratedPayload = true;
      b.values.consecratedPayload = e.value;
    }
  },
  'charge-damage-bonus': (e, b) => {
    if (b.kind !== 'melee') return;
    b.values.chargeOfIron = e.value;
    if (b.situation.charged && (b.situation.chargeInches ?? 0) >= e.minChargeInches) b.modifiers.chargeOfIron = true;
    else b.notes.push(`${b.rule}: +${e.value} Damage on the first attack after a charge of ${e.minChargeInches}" or more.`);
  },
  // Modelled as its own switch so the roll log can show which Attack the charge earned.
  'charge-extra-attacks': (e, b) => {
    if (b.kind !== 'melee') return;
    b.values.boardingRush = e.value;
    if (b.situation.charged) b.modifiers.boardingRush = true;
    else b.notes.push(`${b.rule}: +${e.value} Attack after charging.`);
  },
  // Declared by the player before shooting, so it stays off until switched on.
  'extra-ranged-attacks': (e, b) => {
    if (b.kind !== 'ranged') return;
    b.values.overdriveAttacks = e.value;
    b.values.overdriveWounds = e.selfWoundsOnNaturalOne;
    b.notes.push(
      `${b.rule}: switch it on to add ${e.value} attack (once per ${e.per})${e.selfWoundsOnNaturalOne ? `; a natural 1 on an ${b.rule} Hit roll costs the shooter ${e.selfWoundsOnNaturalOne} Wound` : ''}.`,
    );
  },
  'self-wound-on-natural-one': (e, b) => {
    if (e.attackKinds.includes(b.kind)) b.modifiers.selfWoundsOnNaturalOne = e.wounds;
  },
};

/** The target's effects, one handler per kind of effect. */
const TARGET_EFFECTS: EffectHandlers = {
  'incoming-hit-modifier': (e, b) => {
    if (!e.attackKinds.includes(b.kind)) return;
    if (e.value > 0) {
      b.modifiers.bulkyTarget = true;
      b.values.bulkyTarget = e.value;
      if (e.bestTarget !== undefined) b.values.bulkyBestTarget = Math.max(2, Math.min(6, e.bestTarget));
    } else if (e.value < 0) {
      b.modifiers.expertHider = true;
      b.values.expertHider = e.value;
    }
  },
  'incoming-melee-damage-reduction': (e, b) => {
    if (b.kind !== 'melee') return;
    b.modifiers.shieldLine = true;
    b.values.shieldLine = e.value;
    b.values.shieldLineFloor = e.floor;
    b.notes.push(`${b.rule}: only the first melee hit each ${e.per}; switch it off if already used.`);
  },
  'incoming-wound-reduction': (e, b) => {
    b.values.lastWall = e.value;
    b.notes.push(`${b.rule}: −${e.value} on one unsaved Wound, once per ${e.per}, when its condition is met.`);
  },
};

/** Applies each rule's effects through the handler of its kind (an effect of a kind with no handler changes nothing). */
function applyEffects(rules: SpecialRule[], handlers: EffectHandlers, b: Omit<Building, 'rule'>): void {
  for (const { rule, e } of effectsOf(rules) as { rule: string; e: Effect }[]) {
    const handle = handlers[e.kind] as ((e: Effect, b: Building) => void) | undefined;
    handle?.(e, { ...b, rule });
  }
}

export function attackSpecFromProfiles(input: ProfilesInput): ProfilesSpec {
  const { attacker, weapon, target } = input;
  const situation = input.situation ?? {};
  const kind = weapon.kind;
  const attacks = kind === 'melee' ? attacker.profile.A : (weapon.attacks ?? 1);
  const damage = kind === 'melee' ? attacker.profile.D : (weapon.damage ?? attacker.profile.D);
  const targetIsAwakened = (target.traits ?? []).includes('awakened');
  const b: Omit<Building, 'rule'> = { kind, situation, target, targetIsAwakened, modifiers: {}, values: {}, notes: [] };
  applyEffects([...attacker.specialRules, ...(input.weaponRules ?? [])], ATTACKER_EFFECTS, b);
  applyEffects(target.specialRules, TARGET_EFFECTS, b);

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
    modifiers: { ...b.modifiers, ...explicit },
    values: b.values,
    options: input.options ?? DEFAULT_ODDS_OPTIONS,
  };
  return { spec, notes: b.notes };
}
