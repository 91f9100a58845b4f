import { z } from 'zod';

// The alternating module's saved state as a zod schema, beside alternating-activation.ts's plain logic: the engine runs
// on a phone without zod (issue 42).

/** A player, by their index in the battle (activation-strategy.ts's Side). */
const sideSchema = z.union([z.literal(0), z.literal(1)]);

const pair = <T extends z.ZodType>(t: T) => z.tuple([t, t]);

export const alternatingStateSchema = z.object({
  sequence: z.literal('alternating'),
  round: z.number().int().min(1),
  /** T1: activation counts at the start of the round. */
  counts: pair(z.number().int().min(0)),
  initiative: sideSchema,
  /** Pass tokens granted at the start of the round (T4), for display after they are spent. */
  passTokensGranted: pair(z.number().int().min(0)),
  /** Pass tokens still in hand. */
  passTokens: pair(z.number().int().min(0)),
  /** T6: whether the side's last turn was a pass (then it must activate before passing again). */
  passedLastTurn: pair(z.boolean()),
  /** The side whose turn it is, before T8's "the other finishes alone" is applied. */
  toAct: sideSchema,
  /** Formations that can still activate this round, per side, and the neutral patrols. */
  waiting: z.object({ side0: z.array(z.string()), side1: z.array(z.string()), neutral: z.array(z.string()) }),
  /** The round so far, in order: activations and passes. */
  log: z.array(
    z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('activate'), owner: z.union([sideSchema, z.literal('neutral')]), formationId: z.string() }),
      z.object({ kind: z.literal('pass'), owner: sideSchema }),
    ]),
  ),
  /** T8: Pass tokens removed unspent when the round ended. */
  discardedPassTokens: pair(z.number().int().min(0)),
});

export type AlternatingState = z.infer<typeof alternatingStateSchema>;
