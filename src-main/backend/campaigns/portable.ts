import { describeJsonError } from '../../../src-shared/ruleset/parse';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import { AppError, validationError } from '../../../src-shared/errors';
import { rosterSchema } from '../../../src-shared/roster/schema';
import type { Database } from '../db/schema';
import { syncCampaignState } from './campaign-state';
import { findCampaignRow, insertCampaign } from '../db/tables/club.table';
import { campaignFinishes, insertMissionFinish } from '../db/tables/finishes.repo';
import {
  campaignRosterRows,
  campaignRowsByCreation,
  storedFinish,
  insertLedgerEntryRow,
  insertLedgerEventRow,
  insertPlayerRow,
  insertRosterRow,
  insertRulesetVersionRow,
  ledgerEntryRow,
  ledgerEventAtSeq,
  ledgerEventRow,
  ledgerEventRowsOf,
  ledgerEntryRowsOf,
  playerExists,
  playerRowsByName,
  rosterRowForMerge,
  rulesetVersionByNumber,
  rulesetVersionRows,
  seatRowsOf,
  setFinishUndoneBy,
} from '../db/tables/portable.repo';

/**
 * Portable campaigns: one JSON file carrying campaigns with their players,
 * pinned ruleset versions, events, entries, finishes and campaign rosters. Importing merges by
 * id, so importing the same file twice adds nothing; a file whose history
 * disagrees with this ledger's is refused whole, with the reason.
 */

export const CAMPAIGN_FILE_FORMAT = 'age-of-ash-campaigns';

const str = z.string();
const int = z.number().int();
const nul = <T extends z.ZodType>(t: T) => t.nullable();

const rulesetVersionRow = z.object({
  id: int,
  pack_id: str,
  version: int,
  name: str,
  rules_version: str,
  data_version: str,
  pack_json: str,
  note: str,
  origin: str,
  created_at: str,
});
const playerRow = z.object({ id: str, name: str, contact: str, notes: str, created_at: str });
const campaignRow = z.object({
  id: str,
  name: str,
  ruleset_version_id: int,
  options_json: str,
  current_mission: int,
  status: z.enum(['active', 'finished', 'abandoned']),
  notes: str,
  created_at: str,
  updated_at: str,
});
const seatRow = z.object({ campaign_id: str, seat: z.enum(['A', 'B']), player_id: str, faction_id: str });
const eventRow = z.object({
  id: str,
  campaign_id: str,
  seq: int,
  kind: z.enum(['campaign-created', 'mission-finished', 'correction', 'undo', 'redo']),
  mission: nul(int),
  summary: str,
  reverses_event_id: nul(str),
  redoes_event_id: nul(str),
  created_at: str,
});
const entryRow = z.object({
  id: str,
  event_id: str,
  position: int,
  campaign_id: str,
  player_id: nul(str),
  mission: nul(int),
  kind: str,
  amount: int,
  item_json: str,
  reason: str,
  reverses_entry_id: nul(str),
  created_at: str,
});
const finishRow = z.object({
  id: str,
  campaign_id: str,
  mission: int,
  battle_id: str,
  event_id: str,
  outcome_json: str,
  preview_json: str,
  undone_by_event_id: nul(str),
  created_at: str,
});

/** A campaign roster as stored (deleted rosters stay behind). ruleset_version_id is the exporting ledger's id. */
const rosterRow = z.object({
  id: str,
  player_id: str,
  campaign_id: str,
  name: str,
  faction_id: str,
  ruleset_version_id: int,
  mode: z.enum(['campaign', 'standalone', 'crossover']),
  roster_json: str,
  valid: int,
  points: int,
  created_at: str,
  updated_at: str,
});

export const campaignFileSchema = z.object({
  format: z.literal(CAMPAIGN_FILE_FORMAT),
  formatVersion: z.literal(1),
  exportedAt: str,
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

type Db = Kysely<Database> | Transaction<Database>;

export async function exportCampaigns(db: Db, ids?: string[]): Promise<{ fileName: string; json: string; campaigns: number }> {
  const campaigns = await campaignRowsByCreation(db, ids);
  if (ids && campaigns.length !== new Set(ids).size) {
    const found = new Set(campaigns.map((c) => c.id));
    throw new AppError('NOT_FOUND', `There is no campaign with id ${ids.find((i) => !found.has(i))}.`, { path: ['ids'] });
  }
  const out: CampaignFile = {
    format: CAMPAIGN_FILE_FORMAT,
    formatVersion: 1,
    exportedAt: new Date().toISOString(),
    rulesetVersions: [],
    players: [],
    campaigns: [],
  };
  const playerIds = new Set<string>();
  const versionIds = new Set<number>();
  for (const c of campaigns) {
    const seats = await seatRowsOf(db, c.id);
    const events = await ledgerEventRowsOf(db, c.id);
    const entries = await ledgerEntryRowsOf(db, c.id);
    const finishes = await campaignFinishes(db, c.id);
    const rosters = await campaignRosterRows(db, c.id);
    seats.forEach((s) => playerIds.add(s.player_id));
    versionIds.add(c.ruleset_version_id);
    rosters.forEach((r) => versionIds.add(r.ruleset_version_id));
    out.campaigns.push({ campaign: c, seats, events, entries, finishes, rosters: rosters.map((r) => ({ ...r, campaign_id: r.campaign_id ?? c.id })) });
  }
  out.players = await playerRowsByName(db, [...playerIds]);
  out.rulesetVersions = (await rulesetVersionRows(db, [...versionIds])).map((v) => ({
    id: v.id,
    pack_id: v.pack_id,
    version: v.version,
    name: v.name,
    rules_version: v.rules_version,
    data_version: v.data_version,
    pack_json: v.pack_json,
    note: v.note,
    origin: v.origin,
    created_at: v.created_at,
  }));
  const single =
    campaigns.length === 1
      ? campaigns[0]!.name
          .replace(/[^\p{L}\p{N}]+/gu, '-')
          .replace(/^-|-$/g, '')
          .toLowerCase()
      : 'all-campaigns';
  return { fileName: `${single || 'campaign'}.aoa-campaigns.json`, json: JSON.stringify(out), campaigns: campaigns.length };
}

export interface ImportCounts {
  campaigns: number;
  campaignsAdded: number;
  playersAdded: number;
  eventsAdded: number;
  entriesAdded: number;
  finishesAdded: number;
  rostersAdded: number;
  rulesetVersionsAdded: number;
}

const refuse = (message: string, path: (string | number)[] = []) => new AppError('CONFLICT', message, { path });

export async function importCampaigns(db: Kysely<Database>, json: string): Promise<ImportCounts> {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (e) {
    throw new AppError('VALIDATION', `The file is not JSON: ${describeJsonError(json, e as Error)}`);
  }
  if (typeof raw === 'object' && raw !== null && (raw as { format?: unknown }).format !== CAMPAIGN_FILE_FORMAT)
    throw new AppError('VALIDATION', 'This is not a campaign file exported by the Age of Ash Campaign Manager.', { path: ['format'] });
  const parsed = campaignFileSchema.safeParse(raw);
  if (!parsed.success) throw validationError('The campaign file is damaged or incomplete', parsed.error);
  const file = parsed.data;
  const counts: ImportCounts = {
    campaigns: file.campaigns.length,
    campaignsAdded: 0,
    playersAdded: 0,
    eventsAdded: 0,
    entriesAdded: 0,
    finishesAdded: 0,
    rostersAdded: 0,
    rulesetVersionsAdded: 0,
  };

  await db
    .transaction()
    .execute(async (trx) => {
      const versionMap = new Map<number, number>();
      for (const v of file.rulesetVersions) {
        const local = await rulesetVersionByNumber(trx, v.pack_id, v.version);
        if (local) {
          if (local.pack_json !== v.pack_json)
            throw refuse(
              `The file's ruleset "${v.name}" version ${v.version} differs from the version with that number in this ledger, so its campaigns cannot be pinned to it. Nothing was imported.`,
              ['rulesetVersions'],
            );
          versionMap.set(v.id, local.id);
        } else {
          const insertedId = await insertRulesetVersionRow(trx, {
            pack_id: v.pack_id,
            version: v.version,
            name: v.name,
            rules_version: v.rules_version,
            data_version: v.data_version,
            pack_json: v.pack_json,
            parent_id: null,
            note: v.note,
            origin: 'import',
            created_at: v.created_at,
          });
          versionMap.set(v.id, insertedId);
          counts.rulesetVersionsAdded++;
        }
      }
      for (const p of file.players) {
        if (!(await playerExists(trx, p.id))) {
          await insertPlayerRow(trx, p);
          counts.playersAdded++;
        }
      }
      for (const [ci, c] of file.campaigns.entries()) {
        const label = `"${c.campaign.name}"`;
        const versionId = versionMap.get(c.campaign.ruleset_version_id);
        if (versionId === undefined)
          throw new AppError('VALIDATION', `The file does not carry the ruleset version campaign ${label} is pinned to.`, { path: ['campaigns', ci] });
        const local = await findCampaignRow(trx, c.campaign.id);
        if (local) {
          const seats = await seatRowsOf(trx, local.id);
          const same =
            seats.length === 2 && c.seats.every((s) => seats.some((l) => l.seat === s.seat && l.player_id === s.player_id && l.faction_id === s.faction_id));
          if (!same)
            throw refuse(`Campaign ${label} exists here with different players or factions; the file cannot be merged into it.`, ['campaigns', ci, 'seats']);
          if (local.ruleset_version_id !== versionId)
            throw refuse(`Campaign ${label} is pinned to a different ruleset version here than in the file.`, ['campaigns', ci]);
        } else {
          await insertCampaign(trx, { ...c.campaign, ruleset_version_id: versionId }, c.seats);
          counts.campaignsAdded++;
        }
        for (const e of [...c.events].sort((x, y) => x.seq - y.seq)) {
          if (e.campaign_id !== c.campaign.id)
            throw new AppError('VALIDATION', `An event of campaign ${label} names another campaign.`, { path: ['campaigns', ci, 'events'] });
          const same = await ledgerEventRow(trx, e.id);
          if (same) {
            if (same.seq !== e.seq || same.kind !== e.kind || same.campaign_id !== e.campaign_id)
              throw refuse(`Event ${e.id} of campaign ${label} differs between the file and this ledger.`, ['campaigns', ci, 'events']);
            continue;
          }
          const clash = await ledgerEventAtSeq(trx, e.campaign_id, e.seq);
          if (clash)
            throw refuse(
              `Campaign ${label} has moved on differently in the two ledgers: step ${e.seq} here is "${clash.summary}" (${clash.created_at.slice(0, 10)}) but in the file it is "${e.summary}". Nothing was imported; decide which ledger is right and export from that one.`,
              ['campaigns', ci, 'events'],
            );
          await insertLedgerEventRow(trx, e);
          counts.eventsAdded++;
        }
        for (const en of c.entries) {
          const same = await ledgerEntryRow(trx, en.id);
          if (same) {
            if (same.amount !== en.amount || same.kind !== en.kind || same.event_id !== en.event_id)
              throw refuse(`Entry ${en.id} of campaign ${label} differs between the file and this ledger.`, ['campaigns', ci, 'entries']);
            continue;
          }
          await insertLedgerEntryRow(trx, { ...en, kind: en.kind as never });
          counts.entriesAdded++;
        }
        for (const f of c.finishes) {
          const same = await storedFinish(trx, f.id);
          if (same) {
            if (!same.undone_by_event_id && f.undone_by_event_id) await setFinishUndoneBy(trx, f.id, f.undone_by_event_id);
            continue;
          }
          await insertMissionFinish(trx, f);
          counts.finishesAdded++;
        }
        counts.rostersAdded += await importRosters(trx, c, label, ci, versionMap);
        await syncCampaignState(trx, c.campaign.id, local?.updated_at ?? c.campaign.updated_at);
      }
    })
    .catch((e: unknown) => {
      // A row the checks above did not foresee clashes with this ledger (a battle already finished here under the
      // same id, an entry naming a player the file does not carry): the transaction was rolled back whole.
      const code = typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : '';
      if (code.startsWith('SQLITE_CONSTRAINT'))
        throw refuse(
          `The file clashes with what this ledger already holds (${(e as Error).message.replace(/^.*constraint failed: /i, '')}). Nothing was imported.`,
        );
      throw e;
    });
  return counts;
}

/**
 * The campaign's rosters, merged by id. The roster document names its
 * ruleset version by this ledger's own id, so it is rewritten to the local
 * id before it is compared or stored. A roster already here with the same
 * content is skipped; one that was edited differently in the two ledgers is
 * refused (throwing rolls the whole import back), since neither copy can be
 * chosen for the organiser.
 */
async function importRosters(
  trx: Transaction<Database>,
  c: CampaignFile['campaigns'][number],
  label: string,
  ci: number,
  versionMap: Map<number, number>,
): Promise<number> {
  let added = 0;
  for (const [ri, r] of c.rosters.entries()) {
    const path = ['campaigns', ci, 'rosters', ri];
    if (r.campaign_id !== c.campaign.id || !c.seats.some((s) => s.player_id === r.player_id))
      throw new AppError('VALIDATION', `Roster "${r.name}" in the file does not belong to a player of campaign ${label}.`, { path });
    const versionId = versionMap.get(r.ruleset_version_id);
    if (versionId === undefined) throw new AppError('VALIDATION', `The file does not carry the ruleset version roster "${r.name}" is built with.`, { path });
    let doc;
    try {
      doc = rosterSchema.parse({ ...JSON.parse(r.roster_json), rulesetVersionId: versionId });
    } catch {
      throw new AppError('VALIDATION', `Roster "${r.name}" in the file is damaged and cannot be read.`, { path });
    }
    if (doc.id !== r.id || doc.playerId !== r.player_id || doc.campaignId !== r.campaign_id)
      throw new AppError('VALIDATION', `Roster "${r.name}" in the file names another roster, player or campaign inside its document.`, { path });
    const json = JSON.stringify(doc);
    const local = await rosterRowForMerge(trx, r.id);
    if (local) {
      if (local.player_id !== r.player_id || local.campaign_id !== r.campaign_id)
        throw refuse(`Roster "${r.name}" exists here for another player or campaign; the file cannot be merged. Nothing was imported.`, path);
      const here = rosterSchema.safeParse(JSON.parse(local.roster_json));
      if (!here.success || JSON.stringify(here.data) !== json)
        throw refuse(
          `Roster "${r.name}" of campaign ${label} was changed differently in the two ledgers (here last saved ${local.updated_at.slice(0, 16).replace('T', ' ')}, in the file ${r.updated_at.slice(0, 16).replace('T', ' ')}). Nothing was imported; keep one copy, export it from that ledger and import again.`,
          path,
        );
      continue;
    }
    await insertRosterRow(trx, { ...r, ruleset_version_id: versionId, roster_json: json, deleted_at: null });
    added++;
  }
  return added;
}
