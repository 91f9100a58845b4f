import type { AttackModifiers, AttackSpecInput } from '../../../../../src-shared/odds/spec';

/**
 * The on/off modifiers the panel shows, in table order, with the product's
 * own short explanation and which attacks they can apply to. The panel
 * disables a switch that cannot apply and clears it when the attack kind
 * changes, so the spec stays valid.
 */
type SwitchKey = {
  [K in keyof AttackModifiers]: AttackModifiers[K] extends boolean ? K : never;
}[keyof AttackModifiers];

export interface SwitchInfo {
  key: SwitchKey;
  label: string;
  help: string;
  group: 'orders' | 'target' | 'attacker' | 'storm' | 'gambits';
  only?: 'melee' | 'ranged';
  /** Extra condition; the reason is shown when it is not met. */
  needs?: (s: AttackSpecInput) => string | null;
  /** The pack's special rule (of the attacker or its weapon) that gives it: offered only to an attacker that has it, once one is picked. */
  rule?: string;
}

const vsCryptidOrAwakened = (s: AttackSpecInput) => (s.targetIsCryptid || s.targetIsAwakened ? null : 'only against a cryptid or Awakened model');
const hasSave = (s: AttackSpecInput) => (s.save === null ? 'the target has no Save' : null);

export const SWITCHES: SwitchInfo[] = [
  {
    key: 'steadyFire',
    label: 'Steady Fire',
    help: 'Order on the shooters: +1 to Hit (one die or the whole pool, per the campaign’s ruling).',
    group: 'orders',
    only: 'ranged',
  },
  {
    key: 'holdFast',
    label: 'Hold Fast',
    help: 'Order on the target: shots at it are −1 to Hit.',
    group: 'orders',
    only: 'ranged',
  },
  {
    key: 'bulkyTarget',
    label: 'Bulky Target',
    help: 'Target is easy to hit: +1 to Hit, never better than 2+.',
    group: 'target',
  },
  {
    key: 'expertHider',
    label: 'Expert Hider',
    help: 'Target is a Sniper: shots at it are −1 to Hit.',
    group: 'target',
    only: 'ranged',
  },
  {
    key: 'ironEdict',
    label: 'Iron Edict',
    help: 'Target’s Save is one step better against ordinary shooting (2+ becomes 1+; a 1 still fails).',
    group: 'target',
    only: 'ranged',
    needs: hasSave,
  },
  {
    key: 'shieldLine',
    label: 'Shield Line',
    help: 'First melee hit on the target this round: −1 Damage, minimum 1.',
    group: 'target',
    only: 'melee',
  },
  {
    key: 'lastWall',
    label: 'Last Wall',
    help: 'One unsaved Wound on the target −1 Damage, minimum 0 (once per battle).',
    group: 'target',
  },
  {
    key: 'rallyTheLost',
    label: 'Rally the Lost',
    help: 'Target rolls to negate damage on a 6+.',
    group: 'target',
  },
  {
    key: 'defenderVeteranSix',
    label: 'Defender’s Veteran Six',
    help: 'One Save die is a fixed 6.',
    group: 'target',
    needs: hasSave,
  },
  {
    key: 'stationaryRifle',
    rule: 'steady-aim',
    label: 'Stationary rifle',
    help: 'Hunting rifle fired without moving: +1 to Hit.',
    group: 'attacker',
    only: 'ranged',
  },
  {
    key: 'consecratedPayload',
    rule: 'consecrated-payload',
    label: 'Consecrated Payload',
    help: '+1 to Wound against a cryptid or an Awakened model.',
    group: 'attacker',
    only: 'ranged',
    needs: vsCryptidOrAwakened,
  },
  {
    key: 'chargeOfIron',
    rule: 'charge-of-iron',
    label: 'Charge of Iron',
    help: 'Charged 4" or more: the first attack gets +1 Damage.',
    group: 'attacker',
    only: 'melee',
  },
  {
    key: 'boardingRush',
    rule: 'boarding-rush',
    label: 'Boarding Rush',
    help: 'The attacker charged this round: one more melee Attack (marked in the roll).',
    group: 'attacker',
    only: 'melee',
  },
  {
    key: 'overdrive',
    rule: 'clockwork-overdrive',
    label: 'Clockwork Overdrive',
    help: 'Declared before shooting, once per battle: one more shot; a natural 1 on an Overdrive Hit roll costs the shooter 1 Wound after the shooting (which rolls count: see the rulings).',
    group: 'attacker',
    only: 'ranged',
  },
  {
    key: 'stormThrough',
    label: 'Shooting through the storm',
    help: '−2 to Hit when the line of fire crosses the storm.',
    group: 'storm',
    only: 'ranged',
  },
  {
    key: 'stormTargetInside',
    label: 'Target inside, shooter outside',
    help: '−2 Damage per hit, minimum 0.',
    group: 'storm',
    only: 'ranged',
  },
  {
    key: 'overcharge',
    label: 'Overcharge',
    help: 'Each hit +D6 Damage; each missed die costs the shooter D3 Wounds, no Save.',
    group: 'gambits',
    only: 'ranged',
  },
];

export const GROUP_TITLES: Record<SwitchInfo['group'], string> = {
  orders: 'Orders',
  target: 'Target’s rules and abilities',
  attacker: 'Attacker’s rules',
  storm: 'Radiation storm',
  gambits: 'Gambits',
};

/** Why a switch cannot be used right now, or null. */
export function switchBlocked(info: SwitchInfo, s: AttackSpecInput): string | null {
  if (info.only && info.only !== s.kind) return `${info.only} attacks only`;
  return info.needs?.(s) ?? null;
}

/** Clears switches and choices that no longer apply (after a change of kind, target or Save). */
export function dropInapplicable(s: AttackSpecInput): AttackSpecInput {
  const m = { ...(s.modifiers ?? {}) };
  for (const info of SWITCHES) if (m[info.key] && switchBlocked(info, s)) m[info.key] = false;
  if (m.cryptidDie === 'attacker' && !s.targetIsCryptid) m.cryptidDie = 'none';
  if (m.cryptidDie === 'defender' && !s.attackerIsCryptid) m.cryptidDie = 'none';
  if (m.secondChance === 'defender' && s.options?.secondChanceScope !== 'hit-wound-or-save') m.secondChance = 'none';
  // only shooting can go astray into an allied melee
  const intoAlliedMelee = s.kind === 'ranged' ? s.intoAlliedMelee : undefined;
  return { ...s, intoAlliedMelee, modifiers: m };
}
