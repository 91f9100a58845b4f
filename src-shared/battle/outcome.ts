import { z } from 'zod';
import { nameText } from '../text-policy.schema';
import { rowId } from '../ids';

/**
 * What a finished battle hands to the campaign ledger: the record Play Mode
 * fills round by round, and the post-battle form fills by hand for games
 * played on paper. Finish Mission & Upgrade Army reads only this.
 */

export const RESULTS = ['win', 'draw', 'loss'] as const;
export type BattleResult = (typeof RESULTS)[number];

/** A campaign has five missions (DIGEST 18.3); every request and file that names one is bounded by this. */
export const missionNumberSchema = z.number().int().min(1).max(5);

const formationOutcomeSchema = z.object({
  /** The roster formation's stable id. */
  formationId: rowId,
  name: nameText(120),
  slot: z.enum(['command', 'core', 'elite', 'skirmisher', 'heavy']),
  startingModels: z.number().int().min(0).max(50),
  /** Fighters alive at battle end, counting any who retreated (DIGEST 16.3). */
  survivors: z.number().int().min(0).max(50),
  retreated: z.number().int().min(0).max(50),
  /** Actual Wounds this formation removed from a cryptid (DIGEST AMB-04). */
  cryptidWounds: z.number().int().min(0).max(200),
});
export type FormationOutcome = z.infer<typeof formationOutcomeSchema>;

const trophyClaimSchema = z.object({
  cryptidId: rowId,
  trophyId: rowId,
  trophyName: nameText(80),
  formationId: rowId,
  /** Used in this battle, or banked for the campaign. */
  disposition: z.enum(['used', 'banked']),
});

const sideOutcomeSchema = z.object({
  playerId: rowId,
  rosterId: rowId.nullable(),
  result: z.enum(RESULTS),
  /** Mutant miniatures this player personally defeated (DIGEST AMB-26). */
  mutantKills: z.number().int().min(0).max(100),
  victoryPoints: z.number().int().min(0).max(200),
  formations: z.array(formationOutcomeSchema).max(20),
  trophies: z.array(trophyClaimSchema).max(10).default([]),
  veteranSixesSpent: z.number().int().min(0).max(100).default(0),
  /** Ledger ids of the Cryptid Dice spent in this battle. */
  cryptidDiceSpent: z.array(rowId).max(50).default([]),
  /** Trophies banked in earlier missions and used in this battle: Finish takes them out of the bank. */
  bankedTrophiesUsed: z.array(rowId).max(20).default([]),
});

export const battleOutcomeSchema = z
  .object({
    mode: z.enum(['campaign', 'standalone', 'crossover']),
    campaignId: rowId.nullable(),
    mission: missionNumberSchema.nullable(),
    /** Mutants on the table at the start (9, or 15 in a large game), for the kill-count check. */
    mutantsInScenario: z.number().int().min(0).max(100),
    cryptid: z
      .object({
        cryptidId: rowId,
        startingWounds: z.number().int().min(1).max(200),
        defeated: z.boolean(),
        /** Under the 'rolloff' tie ruling (AMB-03): the side (0 or 1) that won the roll-off for tied cryptid damage. */
        tieRolloffWinner: z
          .union([z.literal(0), z.literal(1)])
          .nullable()
          .optional(),
      })
      .nullable(),
    sides: z.tuple([sideOutcomeSchema, sideOutcomeSchema]),
  })
  .superRefine((o, ctx) => {
    const [a, b] = o.sides;
    const consistent =
      (a.result === 'draw' && b.result === 'draw') || (a.result === 'win' && b.result === 'loss') || (a.result === 'loss' && b.result === 'win');
    if (!consistent) ctx.addIssue({ code: 'custom', path: ['sides', 1, 'result'], message: 'One side wins and the other loses, or both draw.' });
    if (a.playerId === b.playerId) ctx.addIssue({ code: 'custom', path: ['sides', 1, 'playerId'], message: 'The two sides must be different players.' });
    if (a.mutantKills + b.mutantKills > o.mutantsInScenario)
      ctx.addIssue({
        code: 'custom',
        path: ['sides', 1, 'mutantKills'],
        message: `The players together defeated more mutants than the ${o.mutantsInScenario} on the table.`,
      });
    if (o.mode === 'campaign' && (o.campaignId === null || o.mission === null))
      ctx.addIssue({ code: 'custom', path: ['campaignId'], message: 'A campaign battle needs its campaign and mission.' });
    o.sides.forEach((s, i) =>
      s.formations.forEach((f, j) => {
        if (f.survivors > f.startingModels)
          ctx.addIssue({ code: 'custom', path: ['sides', i, 'formations', j, 'survivors'], message: 'More survivors than models at the start.' });
        if (f.retreated > f.survivors)
          ctx.addIssue({ code: 'custom', path: ['sides', i, 'formations', j, 'retreated'], message: 'Retreated fighters count among the survivors.' });
        if (o.cryptid && f.cryptidWounds > o.cryptid.startingWounds)
          ctx.addIssue({ code: 'custom', path: ['sides', i, 'formations', j, 'cryptidWounds'], message: 'More Wounds than the cryptid had.' });
      }),
    );
  });
export type BattleOutcome = z.infer<typeof battleOutcomeSchema>;
/** An outcome as a form or a test writes it: lists the record has no entries for may be left out. */
export type BattleOutcomeInput = z.input<typeof battleOutcomeSchema>;
