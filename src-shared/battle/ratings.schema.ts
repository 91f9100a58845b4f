import { z } from 'zod';
import { nameText } from '../text-policy.schema';
import { CONFUSING_RULE_MAX, RATING_MAX, RATING_MIN } from './ratings';

// The ratings as zod schemas, beside ratings.ts's plain bounds and keptRating: a phone's finish screen reads those
// without zod (issue 42); the backend validates a finish's ratings with these.

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
