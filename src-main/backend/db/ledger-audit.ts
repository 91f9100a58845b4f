import type { z } from 'zod';
import { safeParseJson } from '../../../src-shared/json-parse';
import { battleOutcomeSchema } from '../../../src-shared/battle/outcome';
import { ENTRY_KINDS, isRpKind } from '../../../src-shared/campaign/entries';
import { entryAmountSchema, entryItemSchema } from '../../../src-shared/campaign/entries.schema';
import { finishPreviewSchema } from '../../../src-shared/campaign/finish-plan.schema';
import { firstAllowanceBreach, type InvariantEntry } from '../../../src-shared/campaign/ledger-invariants';
import type { LedgerProblem } from '../../../src-shared/contract/system.contract';
import type { RulesetPack } from '../../../src-shared/ruleset/schema';
import { forgetPackOfVersion, packOfVersion, parsePinnedOptions } from './game-data';
import type { Db } from './schema';
import { allowancesFor } from './tables/ledger.table';

/**
 * The ledger audit `db check` runs beside SQLite's own checks, and an import
 * runs on each campaign it merged: what the schema cannot hold by itself.
 * Allowances lie within the cap and are what the lists show; every entry
 * belongs to its own campaign's event and players; stored packs, options,
 * items, outcomes and previews still read as the app wrote them. A ledger
 * damaged by an import from before these checks is found here, row by row.
 */

const jsonReads = (text: string, schema: z.ZodType): boolean => safeParseJson(schema, text).success;

/** Every problem of every campaign and stored ruleset version. */
export async function auditLedger(db: Db): Promise<LedgerProblem[]> {
  const versions = await db.selectFrom('ruleset_versions').select('id').orderBy('id').execute();
  return audit(
    db,
    versions.map((v) => v.id),
  );
}

/** The problems of one campaign (an import checks what it merged before it commits). */
export async function auditCampaign(db: Db, campaignId: string): Promise<LedgerProblem[]> {
  return audit(db, [], campaignId);
}

type Problem = (campaignId: string | null, table: string, rowId: string | number, text: string) => void;
/** What every step of an audit reads: the database, the one campaign it is limited to (if any), and where to add a problem. */
interface Auditing {
  db: Db;
  onlyCampaign: string | undefined;
  problem: Problem;
}
/** Each campaign's seats: player id to name. */
type Seats = Map<string, Map<string, string>>;

/** A version's pack is read from its stored text, not from the cache of an earlier read; one that cannot be read is a problem. */
async function readPacks({ db, problem }: Auditing, ids: Iterable<number>): Promise<Map<number, RulesetPack | null>> {
  const packs = new Map<number, RulesetPack | null>();
  for (const id of ids) {
    forgetPackOfVersion(id);
    const pack = await packOfVersion(db, id).then(
      (s) => s.pack,
      () => null,
    );
    packs.set(id, pack);
    if (!pack) problem(null, 'ruleset_versions', id, `Ruleset version ${id} does not hold a valid ruleset pack.`);
  }
  return packs;
}

async function readSeats({ db, onlyCampaign }: Auditing): Promise<Seats> {
  const seats: Seats = new Map();
  let seatsQ = db.selectFrom('campaign_players').innerJoin('players', 'players.id', 'campaign_players.player_id').select(['campaign_id', 'player_id', 'name']);
  if (onlyCampaign) seatsQ = seatsQ.where('campaign_id', '=', onlyCampaign);
  for (const s of await seatsQ.execute()) {
    if (!seats.has(s.campaign_id)) seats.set(s.campaign_id, new Map());
    seats.get(s.campaign_id)!.set(s.player_id, s.name);
  }
  return seats;
}

async function readEntries({ db, onlyCampaign }: Auditing) {
  let entriesQ = db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_events', 'ledger_events.id', 'ledger_entries.event_id')
    .select([
      'ledger_entries.id',
      'ledger_entries.event_id',
      'ledger_entries.campaign_id',
      'ledger_entries.player_id',
      'ledger_entries.kind',
      'ledger_entries.amount',
      'ledger_entries.item_json',
      'ledger_entries.reverses_entry_id',
      'ledger_events.campaign_id as event_campaign_id',
    ])
    .orderBy('ledger_entries.campaign_id')
    .orderBy('ledger_events.seq')
    .orderBy('ledger_entries.position');
  if (onlyCampaign)
    entriesQ = entriesQ.where((eb) => eb.or([eb('ledger_entries.campaign_id', '=', onlyCampaign), eb('ledger_events.campaign_id', '=', onlyCampaign)]));
  return entriesQ.execute();
}
type EntryRow = Awaited<ReturnType<typeof readEntries>>[number];

/** One entry's own problems: its event, kind, amount, item, player and the entry it reverses; returns whether its amount can be summed. */
function auditEntry(e: EntryRow, problem: Problem, seats: Seats, campaignOfEntry: Map<string, string>): boolean {
  const bad = (text: string) => problem(e.campaign_id, 'ledger_entries', e.id, text);
  if (e.event_campaign_id !== e.campaign_id) bad(`Entry ${e.id} names this campaign but belongs to an event of campaign ${e.event_campaign_id}.`);
  if (!(ENTRY_KINDS as readonly string[]).includes(e.kind)) bad(`Entry ${e.id} is of an unknown kind "${String(e.kind).slice(0, 40)}".`);
  const amountOk = entryAmountSchema.safeParse(e.amount).success;
  if (!amountOk) bad(`Entry ${e.id} moves ${String(e.amount).slice(0, 40)}, more than any entry may.`);
  if (!jsonReads(e.item_json, entryItemSchema)) bad(`The item of entry ${e.id} cannot be read.`);
  if (e.player_id !== null && !seats.get(e.campaign_id)?.has(e.player_id)) bad(`Entry ${e.id} names a player who does not play in this campaign.`);
  if (e.reverses_entry_id !== null && campaignOfEntry.get(e.reverses_entry_id) !== e.campaign_id)
    bad(`Entry ${e.id} reverses an entry that is not of this campaign.`);
  return amountOk;
}

/** Every entry audited; those whose amount can be summed, by campaign, with their ids in the same order. */
function auditEntries(entries: EntryRow[], problem: Problem, seats: Seats) {
  const campaignOfEntry = new Map(entries.map((e) => [e.id, e.campaign_id]));
  const byCampaign = new Map<string, InvariantEntry[]>();
  const entryIds = new Map<string, string[]>();
  for (const e of entries) {
    if (!auditEntry(e, problem, seats, campaignOfEntry)) continue;
    if (!byCampaign.has(e.campaign_id)) byCampaign.set(e.campaign_id, []);
    byCampaign.get(e.campaign_id)!.push({ eventId: e.event_id, playerId: e.player_id, kind: e.kind, amount: e.amount });
    if (!entryIds.has(e.campaign_id)) entryIds.set(e.campaign_id, []);
    entryIds.get(e.campaign_id)!.push(e.id);
  }
  return { byCampaign, entryIds };
}

type CampaignRow = { id: string; name: string; ruleset_version_id: number; options_json: string };

/**
 * A campaign's pack and options read, its allowances within the cap, and what the club's lists show (summed by SQL,
 * `shown`) equal to its entries summed here.
 */
function auditCampaignAllowances(
  c: CampaignRow,
  pack: RulesetPack,
  problem: Problem,
  seats: Seats,
  entries: ReturnType<typeof auditEntries>,
  shown: Map<string, number>,
): void {
  try {
    parsePinnedOptions(c.id, pack, c.options_json);
  } catch {
    problem(c.id, 'campaigns', c.id, `The rule options stored for campaign "${c.name}" cannot be read.`);
  }
  const mine = entries.byCampaign.get(c.id) ?? [];
  const breach = firstAllowanceBreach(mine, pack.economy);
  if (breach) {
    const who = seats.get(c.id)?.get(breach.playerId) ?? breach.playerId;
    problem(c.id, 'ledger_entries', entries.entryIds.get(c.id)![breach.index]!, `${who}: ${breach.message}`);
  }
  const sums = new Map<string, number>();
  for (const e of mine) if (isRpKind(e.kind) && e.playerId !== null) sums.set(e.playerId, (sums.get(e.playerId) ?? 0) + e.amount);
  for (const [playerId, name] of seats.get(c.id) ?? []) {
    const listed = shown.get(`${c.id}|${playerId}`) ?? 0;
    const sum = sums.get(playerId) ?? 0;
    if (listed !== sum) problem(c.id, 'campaign_players', playerId, `${name}'s allowance is listed as ${listed} RP but their entries add up to ${sum} RP.`);
  }
}

/** Each stored finish: its battle and its rewards preview still read, and the battle is of its campaign. */
async function auditFinishes({ db, onlyCampaign, problem }: Auditing): Promise<void> {
  let finishesQ = db.selectFrom('mission_finishes').select(['id', 'campaign_id', 'mission', 'outcome_json', 'preview_json']).orderBy('created_at');
  if (onlyCampaign) finishesQ = finishesQ.where('campaign_id', '=', onlyCampaign);
  for (const f of await finishesQ.execute()) {
    const o = safeParseJson(battleOutcomeSchema, f.outcome_json);
    if (!o.success) problem(f.campaign_id, 'mission_finishes', f.id, `The battle recorded for mission ${f.mission} cannot be read.`);
    else if (o.data.campaignId !== f.campaign_id)
      problem(f.campaign_id, 'mission_finishes', f.id, `The battle recorded for mission ${f.mission} is of another campaign.`);
    if (!jsonReads(f.preview_json, finishPreviewSchema))
      problem(f.campaign_id, 'mission_finishes', f.id, `The rewards preview recorded for mission ${f.mission} cannot be read.`);
  }
}

async function audit(db: Db, versionIds: number[], onlyCampaign?: string): Promise<LedgerProblem[]> {
  const problems: LedgerProblem[] = [];
  let campaignsQ = db.selectFrom('campaigns').select(['id', 'name', 'ruleset_version_id', 'options_json']).orderBy('created_at');
  if (onlyCampaign) campaignsQ = campaignsQ.where('id', '=', onlyCampaign);
  const campaigns = await campaignsQ.execute();
  const names = new Map(campaigns.map((c) => [c.id, c.name]));
  const problem: Problem = (campaignId, table, rowId, text) =>
    problems.push({ campaignId, campaignName: campaignId === null ? null : (names.get(campaignId) ?? null), table, rowId: String(rowId), problem: text });
  const a: Auditing = { db, onlyCampaign, problem };

  const packs = await readPacks(a, new Set([...versionIds, ...campaigns.map((c) => c.ruleset_version_id)]));
  const seats = await readSeats(a);
  const entries = auditEntries(await readEntries(a), problem, seats);

  // what the club's lists show, summed by SQL, must be the entries summed here
  const shown = await allowancesFor(db, onlyCampaign ? [onlyCampaign] : undefined);
  for (const c of campaigns) {
    const pack = packs.get(c.ruleset_version_id);
    if (pack) auditCampaignAllowances(c, pack, problem, seats, entries, shown);
    else problem(c.id, 'campaigns', c.id, `Campaign "${c.name}" is pinned to ruleset version ${c.ruleset_version_id}, which cannot be read.`);
  }
  await auditFinishes(a);
  return problems;
}
