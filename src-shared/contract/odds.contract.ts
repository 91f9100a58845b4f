import { z } from 'zod';
import { reads } from './effects';
import { channel } from './define';
import { attackSpecSchema } from '../odds/spec';
import { tablePure } from './scopes';

/** An exact probability: the reduced fraction as text ("5/24") and its value as a number for display. */
const probabilitySchema = z.object({
  fraction: z.string(),
  value: z.number().min(0).max(1),
});

const distributionSchema = z.array(z.object({ value: z.number().int(), p: probabilitySchema }));

const oddsResultSchema = z.object({
  damage: distributionSchema,
  pAny: probabilitySchema,
  expected: z.object({ fraction: z.string(), value: z.number() }),
  pKill: probabilitySchema.nullable(),
  self: distributionSchema.nullable(),
  selfExpected: z.object({ fraction: z.string(), value: z.number() }).nullable(),
  /** Shooting into an allied melee (DIGEST 6.13): stray hits on friends and the damage they take; null when none can happen. */
  friendlyHits: distributionSchema.nullable(),
  friendly: distributionSchema.nullable(),
  friendlyExpected: z.object({ fraction: z.string(), value: z.number() }).nullable(),
  pFriendlyHit: probabilitySchema.nullable(),
  targets: z.object({
    hit: z.number().int(),
    steadyHit: z.number().int().nullable(),
    wound: z.number().int(),
    save: z.number().int().nullable(),
    stormReduction: z.number().int(),
    hitModifiers: z.array(z.object({ name: z.string(), value: z.number().int() })),
  }),
});
export type OddsResultWire = z.infer<typeof oddsResultSchema>;

const dieLogSchema = z.object({
  face: z.number().int(),
  rerolledFrom: z.number().int().optional(),
  helpedBy: z.array(z.enum(['second-chance', 'cryptid-die', 'steady-fire', 'veteran-six'])),
  target: z.number().int(),
  success: z.boolean(),
});

const rollResultSchema = z.object({
  attacks: z.array(
    z.object({
      index: z.number().int(),
      hit: dieLogSchema.extend({ critical: z.boolean() }),
      wound: dieLogSchema.optional(),
      save: dieLogSchema.optional(),
      overchargeDie: z.number().int().optional(),
      damageBeforeRally: z.number().int().optional(),
      rallyDice: z.array(z.number().int()).optional(),
      damage: z.number().int(),
      selfWounds: z.number().int(),
      selfDie: z.number().int().optional(),
      source: z.enum(['overdrive', 'boarding-rush']).optional(),
      friendly: z.object({ wound: dieLogSchema, save: dieLogSchema.optional(), damage: z.number().int() }).optional(),
      notes: z.array(z.string()),
    }),
  ),
  totalDamage: z.number().int(),
  uncappedDamage: z.number().int(),
  selfWounds: z.number().int(),
  friendlyHits: z.number().int(),
  friendlyDamage: z.number().int(),
  dice: z.enum(['crypto', 'seeded', 'scripted']),
  seed: z.number().int().nullable(),
});

export const oddsContract = {
  'odds.evaluate': channel('Exact distribution of the damage an attack pool deals (and of any self-damage)', attackSpecSchema, oddsResultSchema, reads(), {
    table: tablePure,
  }),
  'odds.roll': channel(
    'Roll an attack pool die by die: with a seed for a reproducible roll, without one with the secure dice',
    z
      .object({
        spec: attackSpecSchema,
        seed: z
          .number()
          .int()
          .min(0)
          .max(2 ** 31 - 1)
          .optional(),
      })
      .strict(),
    rollResultSchema,
    reads(),
    { table: tablePure },
  ),
} as const;
