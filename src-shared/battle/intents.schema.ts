import { z } from 'zod';
import { noteText } from '../text-policy.schema';
import { rowId as id } from '../ids';
import { battleEventBodySchema, explosionSource, explosionTargetSchema, objectiveHolderSchema } from './events.schema';
import { RULE_OF_COOL_CATEGORIES } from './rule-of-cool';
import { SIDES } from './setup';

// What a phone or the window asks the battle to do, as zod schemas: the backend validates an intent with these; the
// engine (intents.ts) runs on a phone without zod (issue 42).

const side = z.enum(SIDES);

export const battleIntentSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('record'), body: battleEventBodySchema }),
  z.object({ kind: z.literal('deployment-rolloff') }),
  z.object({ kind: z.literal('cryptid-tie-rolloff') }),
  z.object({ kind: z.literal('ability'), side, abilityId: id }),
  z.object({ kind: z.literal('resolve-event') }),
  z.object({ kind: z.literal('cryptid-act'), engaged: z.boolean() }),
  z.object({ kind: z.literal('draw') }),
  z.object({ kind: z.literal('undo-draw') }),
  z.object({
    kind: z.literal('end-round'),
    holders: z.array(objectiveHolderSchema).max(5),
    storm: z
      .array(z.object({ side, formationId: id, modelsInside: z.number().int().min(0).max(50), protectedInside: z.number().int().min(0).max(50) }))
      .max(40)
      .default([]),
  }),
  z.object({ kind: z.literal('strike'), eventId: id, reason: noteText(300, { trim: false }).default('') }),
  /**
   * A destroyed Heavy explodes (Field Manual §5): the players tick what is
   * within 3" and how many models; the app rolls one D3 per model (and a Save
   * die per model when the ruling allows saves), unless they enter their own.
   */
  z.object({
    kind: z.literal('explode'),
    ...explosionSource,
    targets: z
      .array(
        z.object({
          target: explosionTargetSchema,
          models: z.number().int().min(1).max(50),
          save: z.number().int().min(2).max(6).nullable().default(null),
          rolls: z.array(z.number().int().min(1).max(3)).max(50).nullable().default(null),
          saveRolls: z.array(z.number().int().min(1).max(6)).max(50).nullable().default(null),
        }),
      )
      .max(60),
  }),
  /** A Rule of Cool attempt (Field Manual §8): the app rolls the D20 (and a movement stunt's D6), unless the players enter theirs. */
  z.object({
    kind: z.literal('rule-of-cool'),
    side,
    officerId: id.nullable(),
    category: z.enum(RULE_OF_COOL_CATEGORIES),
    agreed: noteText(300, { trim: false }),
    response: z.boolean().default(false),
    d20: z.number().int().min(1).max(20).nullable().default(null),
    moveD6: z.number().int().min(1).max(6).nullable().default(null),
  }),
  /**
   * A Will check of the morale module (DIGEST §23 T13–T15): the backend rolls
   * the D6 and writes it with the event, unless the players enter their own.
   */
  z.object({
    kind: z.literal('will-check'),
    side,
    formationId: id,
    resolve: z.number().int().min(2).max(6),
    modifier: z.number().int().min(0).max(30),
    roll: z.number().int().min(1).max(6).nullable().default(null),
  }),
  /** A limited unit ability (abilities.ts); Field Repairs' D6 is rolled by the app unless entered. */
  z.object({
    kind: z.literal('use-ability'),
    side,
    formationId: id,
    abilityId: id,
    moved: z.boolean().default(false),
    woundsLost: z.number().int().min(0).max(50).default(0),
    roll: z.number().int().min(1).max(6).nullable().default(null),
    withinRange: z.boolean().optional(),
    woundsLeft: z.number().int().min(0).max(50).optional(),
    /** Intercession: the unsaved Wounds the Core fighter suffered; the engine splits them. */
    unsavedWounds: z.number().int().min(1).max(50).optional(),
  }),
]);

export type BattleIntent = z.infer<typeof battleIntentSchema>;

export type BattleIntentInput = z.input<typeof battleIntentSchema>;
