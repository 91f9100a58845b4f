import { z } from 'zod';
import { battleOutcomeSchema, missionNumberSchema } from '../battle/outcome';
import { CAMPAIGN_STATUSES, campaignNameSchema } from '../contract/campaigns.contract';
import { clubNotesSchema, playerContactSchema, playerNameSchema } from '../contract/players.contract';
import { rosterNameSchema } from '../contract/rosters.contract';
import { ROSTER_MODES } from '../roster/schema';
import { ruleOptionsSchema } from '../ruleset/options.schema';
import { parsePackText } from '../ruleset/parse';
import { countSchema, idSchema, nameSchema, packMetaSchema, textSchema } from '../ruleset/schema';
import { MAX_POINTS } from '../ruleset/pack-facts';
import { ENTRY_KINDS, EVENT_KINDS } from './entries';
import { entryAmountSchema, entryItemSchema, ledgerIdSchema, ledgerTimeSchema } from './entries.schema';
import { finishPreviewSchema } from './finish-plan.schema';
import { alignToParsed, MAX_JSON_DEPTH, nestsDeeperThan } from '../json-parse';

/**
 * A portable campaign file (`campaign export`), row for row as the ledger
 * stores it. Every column carries the bound the app's own requests put on
 * it (names, notes, missions, amounts, kinds, times), and every column that
 * holds JSON must read as what the app would have written there, so a file
 * is refused here for anything the app itself could never have stored.
 */

export const CAMPAIGN_FILE_FORMAT = 'age-of-ash-campaigns';

const int = z.number().int();
const versionId = int.positive();
const nul = <T extends z.ZodType>(t: T) => t.nullable();

/**
 * Text holding JSON that must read as `schema`; the text itself is kept, so a
 * re-import compares byte for byte. Keys the schema does not know (an older
 * or a hostile writer's, `__proto__` included) are taken out of the text and
 * names take their normalised form before it is kept (`alignToParsed`);
 * nesting deeper than MAX_JSON_DEPTH is refused. So nothing the app would
 * not have written is stored.
 */
function jsonText(what: string, schema: z.ZodType) {
  return z.string().transform((text, ctx) => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: `The ${what} is not JSON.` });
      return z.NEVER;
    }
    if (nestsDeeperThan(value)) {
      ctx.addIssue({ code: 'custom', message: `The ${what} nests deeper than ${MAX_JSON_DEPTH} levels.` });
      return z.NEVER;
    }
    const r = schema.safeParse(value);
    if (!r.success) {
      const first = r.error.issues[0];
      const at = first?.path.length ? ` (at ${first.path.map(String).join('.')})` : '';
      ctx.addIssue({ code: 'custom', message: `The ${what} is not valid: ${first?.message ?? 'invalid'}${at}.` });
      return z.NEVER;
    }
    return alignToParsed(value, r.data) ? JSON.stringify(value) : text;
  });
}

const packText = z.string().superRefine((text, ctx) => {
  const r = parsePackText(text);
  if (!r.ok) ctx.addIssue({ code: 'custom', message: `The ruleset pack is not valid: ${r.message}` });
});

const rulesetVersionRow = z.object({
  id: versionId,
  pack_id: idSchema,
  version: versionId,
  name: nameSchema,
  rules_version: packMetaSchema.shape.rulesVersion,
  data_version: packMetaSchema.shape.dataVersion,
  pack_json: packText,
  note: textSchema,
  origin: z.enum(['bundled', 'edit', 'import']),
  created_at: ledgerTimeSchema,
});
const playerRow = z.object({ id: ledgerIdSchema, name: playerNameSchema, contact: playerContactSchema, notes: clubNotesSchema, created_at: ledgerTimeSchema });
const campaignRow = z.object({
  id: ledgerIdSchema,
  name: campaignNameSchema.min(1),
  ruleset_version_id: versionId,
  // options the pack added later fall back to the pack's defaults (game-data.ts), so any subset is valid
  options_json: jsonText('rule options', ruleOptionsSchema.partial()),
  current_mission: missionNumberSchema,
  status: z.enum(CAMPAIGN_STATUSES),
  notes: clubNotesSchema,
  created_at: ledgerTimeSchema,
  updated_at: ledgerTimeSchema,
});
const seatRow = z.object({ campaign_id: ledgerIdSchema, seat: z.enum(['A', 'B']), player_id: ledgerIdSchema, faction_id: idSchema });
const eventRow = z.object({
  id: ledgerIdSchema,
  campaign_id: ledgerIdSchema,
  seq: int.positive(),
  kind: z.enum(EVENT_KINDS),
  mission: nul(missionNumberSchema),
  summary: textSchema,
  reverses_event_id: nul(ledgerIdSchema),
  redoes_event_id: nul(ledgerIdSchema),
  created_at: ledgerTimeSchema,
});
const entryRow = z.object({
  id: ledgerIdSchema,
  event_id: ledgerIdSchema,
  position: countSchema,
  campaign_id: ledgerIdSchema,
  player_id: nul(ledgerIdSchema),
  mission: nul(missionNumberSchema),
  kind: z.enum(ENTRY_KINDS),
  amount: entryAmountSchema,
  item_json: jsonText('entry item', entryItemSchema),
  reason: textSchema,
  reverses_entry_id: nul(ledgerIdSchema),
  created_at: ledgerTimeSchema,
});
const finishRow = z.object({
  id: ledgerIdSchema,
  campaign_id: ledgerIdSchema,
  mission: missionNumberSchema,
  battle_id: ledgerIdSchema,
  event_id: ledgerIdSchema,
  outcome_json: jsonText('battle outcome', battleOutcomeSchema),
  preview_json: jsonText('finish preview', finishPreviewSchema),
  undone_by_event_id: nul(ledgerIdSchema),
  created_at: ledgerTimeSchema,
});

/** A campaign roster as stored (deleted rosters stay behind). ruleset_version_id is the exporting ledger's id. */
const rosterRow = z.object({
  id: ledgerIdSchema,
  player_id: ledgerIdSchema,
  campaign_id: ledgerIdSchema,
  name: rosterNameSchema,
  faction_id: idSchema,
  ruleset_version_id: versionId,
  mode: z.enum(ROSTER_MODES),
  roster_json: z.string(),
  valid: int.min(0).max(1),
  points: int.min(0).max(MAX_POINTS),
  created_at: ledgerTimeSchema,
  updated_at: ledgerTimeSchema,
});

export const campaignFileSchema = z.object({
  format: z.literal(CAMPAIGN_FILE_FORMAT),
  formatVersion: z.literal(1),
  exportedAt: ledgerTimeSchema,
  rulesetVersions: z.array(rulesetVersionRow),
  players: z.array(playerRow),
  campaigns: z.array(
    z.object({
      campaign: campaignRow,
      seats: z.array(seatRow).length(2),
      events: z.array(eventRow),
      entries: z.array(entryRow),
      finishes: z.array(finishRow),
      // files written before rosters travelled have none; they still import
      rosters: z.array(rosterRow).default([]),
    }),
  ),
});
export type CampaignFile = z.infer<typeof campaignFileSchema>;
export type CampaignFileCampaign = CampaignFile['campaigns'][number];
