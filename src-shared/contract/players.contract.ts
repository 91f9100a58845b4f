import { z } from 'zod';
import { nameText, noteText } from '../text-policy.schema';
import { reads, writes } from './effects';
import { channel } from './define';
import { rowId } from '../ids';

const playerSchema = z.object({
  id: z.string(),
  name: z.string(),
  contact: z.string(),
  notes: z.string(),
  createdAt: z.string(),
});

export const playerNameSchema = nameText(80, { min: 1, minMessage: 'Give the player a name.', maxMessage: 'Keep the name under 80 characters.' });
export const playerContactSchema = nameText(200);
/** Notes on a player or a campaign. */
export const clubNotesSchema = noteText(2000, { trim: false });

export const playerCreateSchema = z.object({
  name: playerNameSchema,
  contact: playerContactSchema.optional(),
  notes: clubNotesSchema.optional(),
});
export type PlayerCreate = z.input<typeof playerCreateSchema>;

/** A player with what names them (players.get): the Players page's detail, and whether they may be removed. */
const playerDetailSchema = playerSchema.extend({
  campaigns: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      status: z.enum(['active', 'finished', 'abandoned']),
      currentMission: z.number().int(),
      factionId: z.string(),
    }),
  ),
  rosters: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      mode: z.enum(['campaign', 'standalone', 'crossover']),
      factionId: z.string(),
      points: z.number().int(),
      valid: z.boolean(),
      campaignName: z.string().nullable(),
    }),
  ),
  /** How many of each thing names the player; all zero makes them removable. */
  uses: z.object({ campaigns: z.number().int(), rosters: z.number().int(), battles: z.number().int(), ledgerEntries: z.number().int() }),
  removable: z.boolean(),
});
export type PlayerDetail = z.infer<typeof playerDetailSchema>;

export const playersContract = {
  'players.list': channel(
    'The club’s players, by name, with how many campaigns each plays',
    z
      .object({ search: nameText(80).optional() })
      .optional()
      .default({}),
    z.array(playerSchema.extend({ campaigns: z.number().int() })),
    reads('players', 'campaigns'),
  ),
  'players.create': channel('Add a player to the club', playerCreateSchema, playerSchema, writes('players')),
  'players.update': channel(
    'Change a player’s name, contact or notes',
    z.object({ id: z.string().min(1), name: playerNameSchema.optional(), contact: playerContactSchema.optional(), notes: clubNotesSchema.optional() }),
    playerSchema,
    writes('players'),
  ),
  'players.get': channel(
    'A player with the campaigns they play, their rosters, and whether anything else names them',
    z.object({ id: rowId }),
    playerDetailSchema,
    reads('players', 'campaigns', 'rosters', 'battles', 'ledger'),
  ),
  'players.remove': channel(
    'Remove a player no campaign, roster, battle or ledger entry names (refused otherwise)',
    z.object({ id: rowId }),
    z.object({ removed: z.string() }),
    writes('players', 'rosters'),
  ),
} as const;
