import { z } from 'zod';

// A finish's preview as a zod schema (the contract's output), beside finish-plan.ts's plain planning: a phone's finish
// screen reads that without zod (issue 42).

/**
 * Finish Mission & Upgrade Army, as a plan: what one finished battle changes
 * in a campaign, with a reason for every line. The preview shows the plan;
 * the use case writes exactly these entries in one transaction.
 */

const rewardLineSchema = z.object({
  kind: z.enum(['participation', 'win', 'mutant-kills', 'cryptid-placing']),
  amount: z.number().int(),
  reason: z.string(),
});

const formationChangeSchema = z.object({
  formationId: z.string(),
  name: z.string(),
  serviceMark: z.boolean(),
  marksBefore: z.number().int(),
  marksAfter: z.number().int(),
  rankBefore: z.string().nullable(),
  rankAfter: z.string().nullable(),
  veteranSixesAfter: z.number().int(),
  cryptidDice: z.number().int(),
  cryptidVeteran: z.boolean(),
  /** Why it gains (or not) a mark, for the confirmation screen. */
  note: z.string(),
});

const playerFinishSchema = z.object({
  playerId: z.string(),
  playerName: z.string(),
  result: z.enum(['win', 'draw', 'loss']),
  lines: z.array(rewardLineSchema),
  rewardTotal: z.number().int(),
  /** RP cut by the ceiling (shown as its own line). */
  ceilingCut: z.number().int(),
  allowanceBefore: z.number().int(),
  allowanceAfter: z.number().int(),
  noRewardReason: z.string().nullable(),
  formations: z.array(formationChangeSchema),
  trophies: z.array(z.object({ trophyId: z.string(), name: z.string(), formationId: z.string(), disposition: z.enum(['used', 'banked']) })),
  cryptidDiceSpent: z.array(z.string()),
});

export const finishPreviewSchema = z.object({
  campaignId: z.string().nullable(),
  mode: z.enum(['campaign', 'standalone', 'crossover']),
  mission: z.number().int().nullable(),
  /** False for standalone and crossover games: nothing is recorded. */
  recordsToCampaign: z.boolean(),
  players: z.array(playerFinishSchema),
  nextMission: z.number().int().nullable(),
  campaignFinished: z.boolean(),
  warnings: z.array(z.string()),
});

export type FinishPreview = z.infer<typeof finishPreviewSchema>;
