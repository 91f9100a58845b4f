import { z } from 'zod';

/** Which of the desk's battles a figure covers (issue 36): by game data version, mission, variant, club, faction, points, ruling and date. Empty: all. */
const id = z.string().min(1).max(64);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'use YYYY-MM-DD');
export const deskFilterSchema = z.strictObject({
  versions: z.array(z.string().min(1).max(40)).max(50).optional(),
  missions: z.array(z.number().int().min(1).max(5)).max(5).optional(),
  variants: z.array(id).max(50).optional(),
  /** Clubs by their bundle id. */
  clubs: z.array(z.uuid()).max(500).optional(),
  /** Battles in which at least one side played one of these factions. */
  factions: z.array(id).max(20).optional(),
  /** Both armies within these points (battles whose records have no points are then left out). */
  pointsMin: z.number().int().min(0).max(100_000).optional(),
  pointsMax: z.number().int().min(0).max(100_000).optional(),
  /** Battles played under every one of these rulings (`option=value`). */
  rulings: z
    .array(
      z
        .string()
        .regex(/^[A-Za-z][A-Za-z0-9]*=[A-Za-z0-9-]+$/, 'a ruling is written option=value')
        .max(80),
    )
    .max(30)
    .optional(),
  from: day.optional(),
  to: day.optional(),
});
export type DeskFilter = z.infer<typeof deskFilterSchema>;
