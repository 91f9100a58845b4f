import type { SideRating } from './ratings.schema';

export type { BattleRatings, BattleRatingsInput, SideRating } from './ratings.schema';

/**
 * The players' word on a battle (Field Manual §12, "speed, clarity and fun";
 * issue 36): each side may rate the battle's fun and its clarity from 1 to 5
 * and name the rule that confused them, at Finish or later. All optional: a
 * side that says nothing has no rating at all. Stored with the battle
 * (`battle_ratings`, migration 0016), shown in its report, counted in the
 * club's playtest report and carried in playtest bundles (`ratings`).
 */

export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** The longest "rule that confused you" kept: the bundle's own bound (src-shared/playtest/bundle.ts). */
export const CONFUSING_RULE_MAX = 40;

/** The rating as kept: an empty confusing rule is none, and a rating with nothing in it is no rating (null). */
export function keptRating(r: SideRating | null | undefined): SideRating | null {
  if (!r) return null;
  const kept = { fun: r.fun ?? null, clarity: r.clarity ?? null, confusingRule: r.confusingRule?.trim() || null };
  return kept.fun === null && kept.clarity === null && kept.confusingRule === null ? null : kept;
}
