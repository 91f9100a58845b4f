import { z } from 'zod';
import { nameText } from '../text-policy';

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

const RATING_MESSAGE = `A rating is a whole number from ${RATING_MIN} to ${RATING_MAX}.`;
const rating = z
  .number({ message: RATING_MESSAGE })
  .int({ message: RATING_MESSAGE })
  .min(RATING_MIN, { message: RATING_MESSAGE })
  .max(RATING_MAX, { message: RATING_MESSAGE });

/** One side's rating: fun and clarity 1–5 and the rule that confused them, each null when not given. */
export const sideRatingSchema = z.strictObject({
  fun: rating.nullable().default(null),
  clarity: rating.nullable().default(null),
  /** The rule that confused this player, in their words (a rule's name or its reference, e.g. "Steady Fire" or "AMB-12"). */
  confusingRule: nameText(CONFUSING_RULE_MAX, { maxMessage: `Name the rule in at most ${CONFUSING_RULE_MAX} characters.` })
    .nullable()
    .default(null),
});
export type SideRating = z.infer<typeof sideRatingSchema>;

/**
 * The ratings a finish carries, by side (A is the first side of the battle, B the second); a side left out, or null,
 * did not rate. Strict, as the rating is: a key it does not know (a side C, a "speed") is refused, not dropped.
 */
export const battleRatingsInputSchema = z.strictObject({
  A: sideRatingSchema.nullable().optional(),
  B: sideRatingSchema.nullable().optional(),
});
export type BattleRatingsInput = z.input<typeof battleRatingsInputSchema>;

/** A battle's ratings as stored: each side's, or null where that side did not rate. */
export const battleRatingsSchema = z.object({ A: sideRatingSchema.nullable(), B: sideRatingSchema.nullable() });
export type BattleRatings = z.infer<typeof battleRatingsSchema>;

/** The rating as kept: an empty confusing rule is none, and a rating with nothing in it is no rating (null). */
export function keptRating(r: SideRating | null | undefined): SideRating | null {
  if (!r) return null;
  const kept = { fun: r.fun ?? null, clarity: r.clarity ?? null, confusingRule: r.confusingRule?.trim() || null };
  return kept.fun === null && kept.clarity === null && kept.confusingRule === null ? null : kept;
}
