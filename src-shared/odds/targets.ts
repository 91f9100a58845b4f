import type { AttackSpec } from './spec';

/**
 * The effective targets of an attack after every modifier (DIGEST 6.3, 6.10,
 * 6.12, AMB-09): Hit modifiers are summed first and the sum clamped once, so
 * the result does not depend on the order they are listed in.
 */
export interface EffectiveTargets {
  /** Hit target for every die (2–7; 7 = natural 6 only). */
  hit: number;
  /** Hit target for the one die Steady Fire improves (one-die reading), or null. */
  steadyHit: number | null;
  wound: number;
  /** Save target after Iron Edict (1–7), or null when the target has no Save. */
  save: number | null;
  /** Damage removed by the storm from each unsaved hit. */
  stormReduction: number;
  /** The Hit modifiers that were summed, for display. */
  hitModifiers: { name: string; value: number }[];
}

/** Force against Toughness: 3+, 4+ or 5+, with no 2+ or 6+ band (DIGEST 6.3). */
export function woundBand(force: number, toughness: number): number {
  return force > toughness ? 3 : force === toughness ? 4 : 5;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

export function effectiveTargets(spec: AttackSpec): EffectiveTargets {
  const m = spec.modifiers;
  const v = spec.values;
  const mods: { name: string; value: number }[] = [];
  if (m.steadyFire && spec.options.steadyFire === 'whole-pool') mods.push({ name: 'Steady Fire', value: 1 });
  if (m.holdFast) mods.push({ name: 'Hold Fast', value: v.holdFast });
  if (m.bulkyTarget) mods.push({ name: 'Bulky Target', value: v.bulkyTarget });
  if (m.expertHider) mods.push({ name: 'Expert Hider', value: v.expertHider });
  if (m.stationaryRifle) mods.push({ name: 'Stationary rifle', value: v.stationaryRifle });
  if (m.stormThrough) mods.push({ name: 'Through the storm', value: v.stormHit });
  if (m.otherHitModifier) mods.push({ name: 'Other', value: m.otherHitModifier });
  const raw = spec.hit - mods.reduce((s, x) => s + x.value, 0);
  const best = m.bulkyTarget ? Math.max(2, v.bulkyBestTarget) : 2;
  const hit = clamp(raw, best, 7);
  const steadyHit = m.steadyFire && spec.options.steadyFire === 'one-die' ? clamp(raw - 1, best, 7) : null;
  const woundBonus = (m.consecratedPayload ? v.consecratedPayload : 0) + m.otherWoundModifier;
  const wound = clamp(woundBand(spec.force, spec.toughness) - woundBonus, 2, 7);
  const save = spec.save === null ? null : clamp(spec.save - (m.ironEdict ? 1 : 0), 1, 7);
  return {
    hit,
    steadyHit: steadyHit !== null && steadyHit < hit ? steadyHit : null,
    wound,
    save,
    stormReduction: m.stormTargetInside ? v.stormDamage : 0,
    hitModifiers: mods,
  };
}

/** A D6 roll against a target: a natural 1 always fails, a natural 6 always succeeds (DIGEST 5.8, 6.9). */
export function passes(face: number, target: number): boolean {
  return face !== 1 && (face === 6 || face >= target);
}

/** What a missed shot does to a friend in the melee it went into (DIGEST 6.13, 8.5), or null when misses are ordinary. */
export interface FriendlyTargets {
  wound: number;
  save: number | null;
  /** Out of the 36 Wound×Save face pairs, how many wound the friend and beat its Save. */
  unsaved: number;
  /** Damage of such a hit: never critical, and no bonus meant for successful hits (Overcharge D6, Charge, Rule of Cool). */
  damage: number;
}

export function friendlyTargets(spec: AttackSpec, t: Pick<EffectiveTargets, 'stormReduction'>): FriendlyTargets | null {
  const a = spec.intoAlliedMelee;
  if (!a || !a.friendliesInCombat || spec.kind !== 'ranged') return null;
  const wound = woundBand(spec.force, a.toughness);
  let wounds = 0;
  let unsavedFaces = 0;
  for (let f = 1; f <= 6; f++) {
    if (passes(f, wound)) wounds++;
    if (a.save === null || !passes(f, a.save)) unsavedFaces++;
  }
  // The friend stands in the same melee as the target, so the storm's reduction is the target's.
  return { wound, save: a.save, unsaved: wounds * unsavedFaces, damage: Math.max(0, spec.damage - t.stormReduction) };
}
