import type { RulesetPack } from '../ruleset/schema';

/**
 * Rule of Cool (Field Manual §8; DIGEST 9.1–9.6, AMB-15): once per match per
 * player, a living Captain or Officer attempts an improvised stunt whose
 * category and achievable result the players agree before rolling a D20.
 * A natural 1 is a critical failure (2 Wounds to the initiator); a damage
 * stunt's bonus comes from the D20 bands; other dramatic effects need the
 * standard threshold (11+, provisional in the Field Manual's own words),
 * exceptional command extensions 16+; a successful movement stunt adds D6",
 * and a natural 20 lets the fighter use its maximum normal move plus that D6.
 */

export type RuleOfCoolRules = RulesetPack['ruleOfCool'];

export const RULE_OF_COOL_CATEGORIES = ['damage', 'dramatic', 'exceptional', 'movement'] as const;
export type RuleOfCoolCategory = (typeof RULE_OF_COOL_CATEGORIES)[number];

export interface RuleOfCoolOutcome {
  /** The D20 band the roll fell in, for the playtest report: "1", "2–5", …, "20". */
  band: string;
  criticalFailure: boolean;
  success: boolean;
  /** Wounds the initiator suffers (a natural 1). */
  initiatorWounds: number;
  /** Damage added to the separately resolved attack (damage stunts). */
  damageBonus: number;
  /** Extra inches of a successful movement stunt (the D6), and whether the fighter may use its maximum normal move too (natural 20). */
  extraInches: number;
  maximumMove: boolean;
}

/** The band label of a D20 roll: the critical failure, a damage band of the pack, or the roll itself when no band holds it. */
function ruleOfCoolBand(r: RuleOfCoolRules, d20: number): string {
  if (d20 === 1) return '1';
  const band = r.damageBands.find((b) => d20 >= b.min && d20 <= b.max);
  if (!band) return String(d20);
  return band.min === band.max ? String(band.min) : `${band.min}–${band.max}`;
}

/** Every band label in order, for the report's table: the critical failure first. */
export function ruleOfCoolBands(r: RuleOfCoolRules): string[] {
  return ['1', ...[...r.damageBands].sort((a, b) => a.min - b.min).map((b) => (b.min === b.max ? String(b.min) : `${b.min}–${b.max}`))];
}

/** Whether the category succeeds on this natural D20 (never on a 1). */
function ruleOfCoolSucceeds(r: RuleOfCoolRules, category: RuleOfCoolCategory, d20: number): boolean {
  if (d20 === 1) return false;
  if (category === 'damage') return r.damageBands.some((b) => d20 >= b.min && d20 <= b.max && b.bonus > 0);
  if (category === 'exceptional') return d20 >= r.exceptionalSuccess;
  return d20 >= r.dramaticSuccess; // dramatic effects and movement stunts: the standard threshold
}

/**
 * What the roll gives. `moveD6` is the movement stunt's D6, rolled only on a
 * success (null otherwise).
 */
export function ruleOfCoolOutcome(r: RuleOfCoolRules, category: RuleOfCoolCategory, d20: number, moveD6: number | null): RuleOfCoolOutcome {
  const criticalFailure = d20 === 1;
  const success = ruleOfCoolSucceeds(r, category, d20);
  const band = r.damageBands.find((b) => d20 >= b.min && d20 <= b.max);
  return {
    band: ruleOfCoolBand(r, d20),
    criticalFailure,
    success,
    initiatorWounds: criticalFailure ? r.criticalFailureWounds : 0,
    damageBonus: category === 'damage' && success ? (band?.bonus ?? 0) : 0,
    extraInches: category === 'movement' && success ? (moveD6 ?? 0) : 0,
    maximumMove: category === 'movement' && d20 === 20,
  };
}

/** Whether a movement stunt rolls its D6: only on a success. */
export const ruleOfCoolRollsMove = (r: RuleOfCoolRules, category: RuleOfCoolCategory, d20: number): boolean =>
  category === 'movement' && ruleOfCoolSucceeds(r, category, d20);

/**
 * Exact odds of one attempt, over the twenty faces of the D20: P(success),
 * P(critical failure), and for a damage stunt the distribution of the bonus
 * (as twentieths) and its expectation (51/20 with the Field Manual's bands).
 */
export function ruleOfCoolOdds(r: RuleOfCoolRules, category: RuleOfCoolCategory) {
  let successes = 0;
  let bonusSum = 0;
  const bonusWays = new Map<number, number>();
  for (let d = 1; d <= 20; d++) {
    const o = ruleOfCoolOutcome(r, category, d, null);
    if (o.success) successes += 1;
    bonusSum += o.damageBonus;
    bonusWays.set(o.damageBonus, (bonusWays.get(o.damageBonus) ?? 0) + 1);
  }
  return {
    success: successes / 20,
    criticalFailure: 1 / 20,
    /** Bonus → number of D20 faces giving it (out of 20). */
    bonusWays: [...bonusWays.entries()].sort((a, b) => a[0] - b[0]),
    expectedBonusTwentieths: bonusSum,
  };
}
