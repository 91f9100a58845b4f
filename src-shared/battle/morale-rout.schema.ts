import { z } from 'zod';

// The rout module's saved state as a zod schema, beside morale-rout.ts's plain logic: the engine runs on a phone without
// zod (issue 42).

const sideStateSchema = z.object({
  starting: z.number().int().min(0),
  lost: z.number().int().min(0),
  retreated: z.number().int().min(0),
  /** Reached routing at some check; used only when routing is latched (AMB-S6). */
  everRouted: z.boolean(),
});

export const routStateSchema = z.object({
  rule: z.literal('rout'),
  latch: z.boolean(),
  sides: z.tuple([sideStateSchema, sideStateSchema]),
  /** Broken formations, with the withdrawal activations they have completed. */
  broken: z.record(z.string(), z.number().int().min(0)),
  /** Every Will check taken, in order, for the battle record. */
  checks: z.array(z.object({ side: z.union([z.literal(0), z.literal(1)]), formationId: z.string(), passed: z.boolean() })),
});

export type RoutState = z.infer<typeof routStateSchema>;
