import type { AttackSpec } from './spec';

/**
 * Damage of one unsaved hit (DIGEST 6.12, AMB-10): base Damage plus the
 * additive bonuses (critical +1, Overcharge D6, Charge of Iron, Rule of Cool),
 * then the reductions (storm, Shield Line, Last Wall), then the floor: 0, or
 * Shield Line's own 1 on the hit it reduces. Shared by the exact model and
 * the dice roller so both apply the same order.
 */
export interface HitDamageInput {
  critical: boolean;
  /** The Overcharge D6 for this hit, or 0. */
  overchargeDie: number;
  /** Charge of Iron adds to the first attack of the pool only. */
  firstAttack: boolean;
  /** Shield Line reduces this hit. */
  shielded: boolean;
  /** Last Wall is still unspent; it is spent on the first unsaved Wound it actually reduces. */
  lastWallAvailable: boolean;
  stormReduction: number;
}

export interface HitDamage {
  /** Before Rally the Lost. */
  damage: number;
  lastWallUsed: boolean;
}

export function hitDamage(spec: AttackSpec, h: HitDamageInput): HitDamage {
  const m = spec.modifiers;
  const v = spec.values;
  const raw =
    spec.damage + (h.critical ? 1 : 0) + h.overchargeDie + (m.chargeOfIron && h.firstAttack ? v.chargeOfIron : 0) + m.ruleOfCoolBonus + m.otherDamageBonus;
  const reductions = h.stormReduction + (h.shielded ? v.shieldLine : 0);
  // Shield Line's minimum 1 never raises a hit that was already below it.
  const floor = h.shielded ? Math.min(v.shieldLineFloor, Math.max(0, raw)) : 0;
  const before = Math.max(floor, raw - reductions);
  if (h.lastWallAvailable) {
    const after = Math.max(floor, raw - reductions - v.lastWall);
    if (after < before) return { damage: after, lastWallUsed: true };
  }
  return { damage: before, lastWallUsed: false };
}
