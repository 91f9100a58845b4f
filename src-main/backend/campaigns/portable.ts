import { dbFailure, writeTransaction } from '../db/dialect';
import { describeJsonError } from '../../../src-shared/ruleset/parse';
import { AppError, validationError } from '../../../src-shared/errors';
import { rosterSchema, type Roster } from '../../../src-shared/roster/schema';
import { CAMPAIGN_FILE_FORMAT, campaignFileSchema, type CampaignFile } from '../../../src-shared/campaign/portable-file';
import { portableFileProblem } from '../../../src-shared/campaign/portable-checks';
import { auditCampaign } from '../db/ledger-audit';
import type { Database, Db } from '../db/schema';
import type { Kysely, Transaction } from 'kysely';
import { syncCampaignState } from './campaign-state';
import { findCampaignRow, insertCampaign, playerNameKeys, storePlayerRow } from '../db/tables/club.table';
import { nameKey } from '../../../src-shared/text-policy';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../../src-shared/json-parse';
import { campaignFinishes, insertMissionFinish } from '../db/tables/finishes.repo';
import { storeRulesetVersion } from '../db/tables/rulesets.table';
import {
  campaignRosterRows,
  campaignRowsByCreation,
  storedFinish,
  insertLedgerEntryRow,
  insertLedgerEventRow,
  insertRosterRow,
  ledgerEntryRow,
  ledgerEventAtSeq,
  ledgerEventRow,
  ledgerEventRowsOf,
  ledgerEntryRowsOf,
  playerExists,
  playerRowsByName,
  rosterRowForMerge,
  rulesetVersionRows,
  seatRowsOf,
  setFinishUndoneBy,
} from '../db/tables/portable.repo';

type FileVersion = CampaignFile['rulesetVersions'][number];

/** What a campaign file keeps of a ruleset version besides its id (export), and what an import stores of it. */
const versionColumns = (v: Omit<FileVersion, 'id'>): Omit<FileVersion, 'id'> => ({
  pack_id: v.pack_id,
  version: v.version,
  name: v.name,
  rules_version: v.rules_version,
  data_version: v.data_version,
  pack_json: v.pack_json,
  note: v.note,
  origin: v.origin,
  created_at: v.created_at,
});

/**
 * Portable campaigns: one JSON file carrying campaigns with their players,
 * pinned ruleset versions, events, entries, finishes and campaign rosters. Importing merges by
 * id, so importing the same file twice adds nothing; a file whose history
 * disagrees with this ledger's is refused whole, with the reason.
 */

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
  out.rulesetVersions = (await rulesetVersionRows(db, [...versionIds])).map((v) => ({ id: v.id, ...versionColumns(v) }));
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

/** What a long import reports: the file checked, then rows merged out of the file's rows. */
export interface ImportProgress {
  phase: 'checking' | 'writing';
  done: number;
  total: number;
}

export interface ImportHooks {
  /** Awaited after every check of the file itself, just before the write transaction opens. */
  beforeWrite?: () => Promise<void>;
  progress?: (p: ImportProgress) => void;
}

/**
 * A campaign file read and checked in full on its own (JSON, depth, format,
 * schema, the references inside it), before anything is written or compared
 * with this ledger: the import and its preview (import-preview.ts) both start here.
 */
export function readCampaignFile(json: string): CampaignFile {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (e) {
    throw new AppError('VALIDATION', `The file is not JSON: ${describeJsonError(json, e as Error)}`);
  }
  if (nestsDeeperThan(raw))
    throw new AppError('VALIDATION', `The file nests deeper than ${MAX_JSON_DEPTH} levels; this app never writes such a file. Nothing was imported.`);
  if (typeof raw === 'object' && raw !== null && (raw as { format?: unknown }).format !== CAMPAIGN_FILE_FORMAT)
    throw new AppError('VALIDATION', 'This is not a campaign file exported by the Age of Ash Campaign Manager.', { path: ['format'] });
  const parsed = campaignFileSchema.safeParse(raw);
  if (!parsed.success) throw validationError('The campaign file is damaged or incomplete', parsed.error);
  const file = parsed.data;
  // everything the file says of itself is checked before the transaction opens; what it says of this ledger, inside it
  const problem = portableFileProblem(file);
  if (problem) throw new AppError(problem.code, `${problem.message} Nothing was imported.`, { path: problem.path });
  return file;
}

type FileCampaign = CampaignFile['campaigns'][number];

/**
 * A version is its content (the digest of its canonical pack), never its number alone: the same content maps to the
 * version already here; other content whose number is taken here is stored under the next free one. Returns the
 * file's version ids mapped to this ledger's.
 */
async function importRulesetVersions(trx: Transaction<Database>, file: CampaignFile, counts: ImportCounts): Promise<Map<number, number>> {
  const versionMap = new Map<number, number>();
  for (const v of file.rulesetVersions) {
    const stored = await storeRulesetVersion(trx, { ...versionColumns(v), parent_id: null, origin: 'import' });
    versionMap.set(v.id, stored.id);
    if (stored.added) counts.rulesetVersionsAdded++;
  }
  return versionMap;
}

/** The file's players not here yet; one name, one player: a file cannot bring a second "Zoë" beside this ledger's "ZOË". */
async function importPlayers(trx: Transaction<Database>, file: CampaignFile, counts: ImportCounts, step: () => void): Promise<void> {
  const names = await playerNameKeys(trx);
  for (const [pi, p] of file.players.entries()) {
    if (!(await playerExists(trx, p.id))) {
      const clash = names.get(nameKey(p.name));
      if (clash)
        throw refuse(
          `The file's player "${p.name}" has the name of ${clash.name}, a different player in this ledger; rename one of them and import again. Nothing was imported.`,
          ['players', pi, 'name'],
        );
      await storePlayerRow(trx, p);
      names.set(nameKey(p.name), p);
      counts.playersAdded++;
    }
    step();
  }
}

/** The campaign row: one already here must have the same seats and version; a new one is inserted. Returns the row that was here. */
async function mergeCampaignRow(trx: Transaction<Database>, c: FileCampaign, ci: number, versionId: number, counts: ImportCounts) {
  const label = `"${c.campaign.name}"`;
  const local = await findCampaignRow(trx, c.campaign.id);
  if (!local) {
    await insertCampaign(trx, { ...c.campaign, ruleset_version_id: versionId }, c.seats);
    counts.campaignsAdded++;
    return local;
  }
  const seats = await seatRowsOf(trx, local.id);
  const same = seats.length === 2 && c.seats.every((s) => seats.some((l) => l.seat === s.seat && l.player_id === s.player_id && l.faction_id === s.faction_id));
  if (!same) throw refuse(`Campaign ${label} exists here with different players or factions; the file cannot be merged into it.`, ['campaigns', ci, 'seats']);
  if (local.ruleset_version_id !== versionId)
    throw refuse(`Campaign ${label} is pinned to a different ruleset version here than in the file.`, ['campaigns', ci]);
  return local;
}

/** The campaign's events in order, merged by id; returns those this ledger already held (complete here: the file may not add entries to them). */
async function importEvents(trx: Transaction<Database>, c: FileCampaign, ci: number, counts: ImportCounts): Promise<Set<string>> {
  const label = `"${c.campaign.name}"`;
  const heldEvents = new Set<string>();
  for (const e of [...c.events].sort((x, y) => x.seq - y.seq)) {
    const same = await ledgerEventRow(trx, e.id);
    if (same) {
      if (same.seq !== e.seq || same.kind !== e.kind || same.campaign_id !== e.campaign_id)
        throw refuse(`Event ${e.id} of campaign ${label} differs between the file and this ledger.`, ['campaigns', ci, 'events']);
      heldEvents.add(e.id);
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
  return heldEvents;
}

async function importEntries(trx: Transaction<Database>, c: FileCampaign, ci: number, heldEvents: Set<string>, counts: ImportCounts): Promise<void> {
  const label = `"${c.campaign.name}"`;
  for (const [ei, en] of c.entries.entries()) {
    const same = await ledgerEntryRow(trx, en.id);
    if (same) {
      if (same.amount !== en.amount || same.kind !== en.kind || same.event_id !== en.event_id || same.campaign_id !== en.campaign_id)
        throw refuse(`Entry ${en.id} of campaign ${label} differs between the file and this ledger.`, ['campaigns', ci, 'entries', ei]);
      continue;
    }
    if (heldEvents.has(en.event_id))
      throw refuse(`Entry ${en.id} of campaign ${label} adds to an event this ledger already holds whole. Nothing was imported.`, [
        'campaigns',
        ci,
        'entries',
        ei,
      ]);
    await insertLedgerEntryRow(trx, en);
    counts.entriesAdded++;
  }
}

async function importFinishes(trx: Transaction<Database>, c: FileCampaign, ci: number, counts: ImportCounts): Promise<void> {
  const label = `"${c.campaign.name}"`;
  for (const [fi, f] of c.finishes.entries()) {
    const same = await storedFinish(trx, f.id);
    if (same) {
      if (same.campaign_id !== f.campaign_id)
        throw refuse(`Finish ${f.id} of campaign ${label} belongs to another campaign in this ledger.`, ['campaigns', ci, 'finishes', fi]);
      if (!same.undone_by_event_id && f.undone_by_event_id) await setFinishUndoneBy(trx, f.id, f.undone_by_event_id);
      continue;
    }
    await insertMissionFinish(trx, f);
    counts.finishesAdded++;
  }
}

/** One campaign of the file merged: its row, events, entries, finishes and rosters, then its state and the audit it must pass. */
async function importCampaign(
  trx: Transaction<Database>,
  c: FileCampaign,
  ci: number,
  versionMap: Map<number, number>,
  counts: ImportCounts,
  step: (n: number) => void,
): Promise<void> {
  const label = `"${c.campaign.name}"`;
  const versionId = versionMap.get(c.campaign.ruleset_version_id);
  if (versionId === undefined) throw new AppError('INTERNAL', `The ruleset version of campaign ${label} was not resolved.`);
  const local = await mergeCampaignRow(trx, c, ci, versionId, counts);
  const heldEvents = await importEvents(trx, c, ci, counts);
  await importEntries(trx, c, ci, heldEvents, counts);
  await importFinishes(trx, c, ci, counts);
  step(1 + c.events.length + c.entries.length + c.finishes.length);
  counts.rostersAdded += await importRosters(trx, c, label, ci, versionMap);
  await syncCampaignState(trx, c.campaign.id, local?.updated_at ?? c.campaign.updated_at);
  // the merged campaign must pass the same audit as db check; throwing here rolls the whole file back
  const [broken] = await auditCampaign(trx, c.campaign.id);
  if (broken)
    throw new AppError('RULE_VIOLATION', `Merged into this ledger, campaign ${label} would break: ${broken.problem} Nothing was imported.`, {
      path: ['campaigns', ci],
    });
}

export async function importCampaigns(db: Kysely<Database>, json: string, hooks: ImportHooks = {}): Promise<ImportCounts> {
  hooks.progress?.({ phase: 'checking', done: 0, total: 0 });
  const file = readCampaignFile(json);
  const total = file.players.length + file.campaigns.reduce((n, c) => n + 1 + c.events.length + c.entries.length + c.finishes.length, 0);
  let done = 0;
  const step = (n = 1) => {
    const before = done;
    done += n;
    // a message per thousand rows: progress that costs nothing next to the writes
    if (hooks.progress && Math.floor(before / 1000) !== Math.floor(done / 1000)) hooks.progress({ phase: 'writing', done, total });
  };
  await hooks.beforeWrite?.();
  hooks.progress?.({ phase: 'writing', done: 0, total });
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

  const zero = { ...counts };
  await writeTransaction(db, async (trx) => {
    // a serialization retry (league mode) starts over: counts and progress are of the attempt that commits
    Object.assign(counts, zero);
    done = 0;
    const versionMap = await importRulesetVersions(trx, file, counts);
    await importPlayers(trx, file, counts, step);
    for (const [ci, c] of file.campaigns.entries()) await importCampaign(trx, c, ci, versionMap, counts, step);
  }).catch((e: unknown) => {
    // A row the checks above did not foresee clashes with this ledger (a battle already finished here under the
    // same id, an entry naming a player the file does not carry): the transaction was rolled back whole.
    if (dbFailure(e) === 'constraint')
      throw refuse(
        `The file clashes with what this ledger already holds (${(e as Error).message.replace(/^.*constraint failed: /i, '')}). Nothing was imported.`,
      );
    throw e;
  });
  return counts;
}

/**
 * A campaign file's roster document, read as a roster file is: its names
 * (formations, fighters) go through the text policy, so a file cannot bring in
 * what the Builder refuses. Refused naming the field inside the roster; the
 * import and its preview give the same answer.
 */
export function readFileRoster(r: { name: string; roster_json: string }, versionId: number, path: (string | number)[]): Roster {
  let raw: unknown;
  try {
    raw = JSON.parse(r.roster_json);
  } catch {
    throw new AppError('VALIDATION', `Roster "${r.name}" in the file is damaged and cannot be read.`, { path: [...path, 'roster_json'] });
  }
  const parsed = rosterSchema.safeParse({ ...(raw as object), rulesetVersionId: versionId });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const at = issue.path.map((p) => (typeof p === 'number' ? p : String(p)));
  throw new AppError('VALIDATION', `Roster "${r.name}" in the file cannot be read: ${at.length ? `${at.join('.')}: ` : ''}${issue.message}`, {
    path: [...path, 'roster_json', ...at],
  });
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
    const doc = readFileRoster(r, versionId, path);
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
