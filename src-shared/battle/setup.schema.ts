import { z } from 'zod';
import { rowId as id } from '../ids';
import { FORMATION_SLOTS } from './setup';

// A battle's setup as zod schemas, beside setup.ts's plain constants: the engine runs on a phone without zod (issue 42);
// the backend validates a battle's start with these.

const d20Band = z.object({ min: z.number().int().min(1).max(20), max: z.number().int().min(1).max(20), wounds: z.number().int().min(0).max(10) });

const formationSnapshotSchema = z.object({
  id,
  name: z.string().min(1).max(120),
  slot: z.enum(FORMATION_SLOTS),
  /** Models at the start. The command group counts the Captain and every Officer (DIGEST 2.1). */
  models: z.number().int().min(1).max(50),
  /** A 3-model Skirmisher patrol may start in reserve (DIGEST 11.1). */
  reserveEligible: z.boolean().default(false),
  /** Models carrying storm protection equipment (radProtection in the pack, DIGEST AMB-19f). */
  radProtectedModels: z.number().int().min(0).max(50).default(0),
  /** Chaotic Instability style end-of-round D20 bands, copied from the pack's effect (DIGEST 15 P15). */
  endOfRoundD20: z.array(d20Band).max(10).default([]),
  /**
   * Resolve target of its profile (the Captain's for the command group). Only
   * the optional morale module reads it, for the Will check (DIGEST §23
   * adapter); null when unknown, then the players enter it with the check.
   */
  resolve: z.number().int().min(2).max(6).nullable().default(null),
  /**
   * Veteran Sixes its rank gives for this battle (Rank I 1, Rank II 2; Field
   * Manual §11 step 3), read from the campaign ledger when the battle starts.
   * Null in records made before the count was kept: then only the
   * one-per-activation limit applies, so old records still replay.
   */
  veteranSixes: z.number().int().min(0).max(10).nullable().default(null),
  /** Special rules of its unit with a usage limit Play Mode counts (abilities.ts: Clockwork Overdrive, Rift Shock, Field Repairs). */
  abilities: z.array(id).max(10).default([]),
  /** Movement and Save of its profile (the Captain's for the command group), for the activation card; null when unknown. */
  move: z.number().int().min(0).max(30).nullable().default(null),
  save: z.number().int().min(1).max(7).nullable().default(null),
  /** Which of those stats rest on a value the pack marks provisional, so the card flags them (issue 17). */
  provisionalStats: z
    .array(z.enum(['move', 'save', 'resolve']))
    .max(3)
    .default([]),
});

const officerSnapshotSchema = z.object({
  id,
  name: z.string().min(1).max(120),
  /** Host Core/Elite formation, or null when it rides the Captain's command token (DIGEST 3.4–3.5). */
  attachedTo: id.nullable(),
});

export const sideSetupSchema = z.object({
  playerId: id,
  playerName: z.string().min(1).max(120),
  rosterId: id.nullable(),
  factionId: id,
  /** The Captain's signature ability id from the pack, if the faction has one. */
  captainAbilityId: id.nullable(),
  formations: z.array(formationSnapshotSchema).min(1).max(20),
  officers: z.array(officerSnapshotSchema).max(10).default([]),
  /** Crossover games: the matched Veteran Sixes this side uses in the whole battle (DIGEST 18.5, AMB-24); null otherwise. */
  veteranSixesMatched: z.number().int().min(0).max(20).nullable().default(null),
  /**
   * The army's points as it took the table (rosterPoints of the roster it started from), for the playtest bundle;
   * absent in battles started before it was kept.
   */
  points: z.number().int().min(0).max(100_000).nullable().optional(),
});

export type SideSetup = z.infer<typeof sideSetupSchema>;

const BATTLE_MODES = ['campaign', 'standalone', 'crossover'] as const;

export const battleSetupSchema = z
  .object({
    mode: z.enum(BATTLE_MODES),
    campaignId: id.nullable(),
    /** Campaign mission 1–5; standalone and crossover games may still play a mission's scenario. */
    mission: z.number().int().min(1).max(5).nullable(),
    activation: z.enum(['bag', 'alternating']).default('bag'),
    /**
     * Recorded under the formation life cycle (formation-life.ts, issue 32):
     * its record is held to the life cycle on replay too, and a formation lost
     * mid-round takes its undrawn token out of the bag. False in records
     * started before, which replay as they were accepted (their new events
     * are still held to it); their bag kept such a token and spent it unused.
     */
    lifeCycle: z.boolean().default(false),
    sides: z.tuple([sideSetupSchema, sideSetupSchema]),
  })
  .superRefine((s, ctx) => {
    if (s.mode === 'campaign' && (s.campaignId === null || s.mission === null))
      ctx.addIssue({ code: 'custom', path: ['campaignId'], message: 'A campaign battle needs its campaign and mission.' });
    if (s.sides[0].playerId === s.sides[1].playerId) ctx.addIssue({ code: 'custom', path: ['sides', 1, 'playerId'], message: 'Choose two different players.' });
    s.sides.forEach((side, i) => {
      const command = side.formations.filter((f) => f.slot === 'command');
      if (command.length !== 1)
        ctx.addIssue({
          code: 'custom',
          path: ['sides', i, 'formations'],
          message: 'Each army needs exactly one command group (the Captain and unattached Officers).',
        });
      const ids = new Set<string>();
      side.formations.forEach((f, j) => {
        if (ids.has(f.id)) ctx.addIssue({ code: 'custom', path: ['sides', i, 'formations', j, 'id'], message: 'Two formations share one id.' });
        ids.add(f.id);
      });
      side.officers.forEach((o, j) => {
        const host = o.attachedTo ? side.formations.find((f) => f.id === o.attachedTo) : null;
        if (o.attachedTo && (!host || (host.slot !== 'core' && host.slot !== 'elite')))
          ctx.addIssue({
            code: 'custom',
            path: ['sides', i, 'officers', j, 'attachedTo'],
            message: 'Officers may only be posted to a Core or Elite squad (DIGEST 3.3).',
          });
      });
    });
  });

export type BattleSetup = z.infer<typeof battleSetupSchema>;
