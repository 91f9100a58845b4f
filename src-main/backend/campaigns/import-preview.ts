import type { Kysely } from 'kysely';
import { counted } from '../../../src-shared/naming';
import { rosterSchema } from '../../../src-shared/roster/schema';
import { nameKey } from '../../../src-shared/text-policy';
import type { ImportPreview } from '../../../src-shared/campaign/import-preview';
import type { Database } from '../db/schema';
import { findCampaignRow, playerNameKeys } from '../db/tables/club.table';
import { nextRulesetVersionNumber, packDigest, rulesetVersionWithContent, withDataVersion } from '../db/tables/rulesets.table';
import {
  ledgerEntryRow,
  ledgerEventAtSeq,
  ledgerEventRow,
  rosterRowForMerge,
  rulesetVersionByNumber,
  seatRowsOf,
  storedFinish,
} from '../db/tables/portable.repo';
import { readCampaignFile, readFileRoster } from './portable';

type Difference = ImportPreview['differences'][number];

type CampaignFile = ReturnType<typeof readCampaignFile>;
type FileCampaign = CampaignFile['campaigns'][number];
type Differs = (table: Difference['table'], id: string, refuses: boolean, message: string) => void;
type Db = Kysely<Database>;

/**
 * Ruleset versions: by content; new content whose number is taken here gets the next free number. Returns each with
 * what the import would do, and the file's version ids mapped to this ledger's (null for one still to be added).
 */
async function previewRulesetVersions(db: Db, file: CampaignFile) {
  const rulesetVersions: ImportPreview['rulesetVersions'] = [];
  const versionMap = new Map<number, number | null>();
  const nextFree = new Map<string, number>();
  // the same content twice in one file is one version, as the import stores it
  const inFile = new Set<string>();
  for (const v of file.rulesetVersions) {
    const digest = packDigest(v.pack_json);
    const same = await rulesetVersionWithContent(db, v.pack_json);
    if (same !== undefined || inFile.has(digest)) {
      versionMap.set(v.id, same ?? null);
      rulesetVersions.push({ packId: v.pack_id, name: v.name, dataVersion: v.data_version, version: v.version, added: false, renumbered: false });
      continue;
    }
    versionMap.set(v.id, null);
    inFile.add(digest);
    const taken = (await rulesetVersionByNumber(db, v.pack_id, v.version)) !== undefined;
    let version = v.version;
    if (taken) {
      version = nextFree.get(v.pack_id) ?? (await nextRulesetVersionNumber(db, v.pack_id));
      nextFree.set(v.pack_id, version + 1);
    }
    rulesetVersions.push({
      packId: v.pack_id,
      name: taken ? withDataVersion(v.name, v.data_version) : v.name,
      dataVersion: v.data_version,
      version,
      added: true,
      renumbered: taken,
    });
  }
  return { rulesetVersions, versionMap };
}

/** Players: by id; a new player whose name is a different player's here once normalised is a clash. */
async function previewPlayers(db: Db, file: CampaignFile, differs: Differs): Promise<ImportPreview['players']> {
  const names = await playerNameKeys(db);
  const byId = new Map([...names.values()].map((p) => [p.id, p]));
  const players: ImportPreview['players'] = [];
  for (const p of file.players) {
    const here = byId.get(p.id);
    if (here) {
      if (here.name !== p.name)
        differs('players', p.id, false, `Player "${p.name}" in the file is "${here.name}" in this ledger (the same player): the name here is kept.`);
      players.push({ id: p.id, name: p.name, added: false, clash: null });
      continue;
    }
    const clash = names.get(nameKey(p.name));
    players.push({ id: p.id, name: p.name, added: true, clash: clash ? { id: clash.id, name: clash.name } : null });
  }
  return players;
}

/** A campaign already here: its seats, its name and notes, and its ruleset version against the file's. */
async function compareCampaignRow(
  db: Db,
  c: FileCampaign,
  local: NonNullable<Awaited<ReturnType<typeof findCampaignRow>>>,
  versionId: number | null | undefined,
  differs: Differs,
) {
  const label = `"${c.campaign.name}"`;
  const seats = await seatRowsOf(db, local.id);
  const same = seats.length === 2 && c.seats.every((s) => seats.some((l) => l.seat === s.seat && l.player_id === s.player_id && l.faction_id === s.faction_id));
  if (!same) differs('campaigns', c.campaign.id, true, `Campaign ${label} is in this ledger with different players or factions.`);
  // text the import passes over (this ledger's is kept) is named too, so nothing differs unseen
  if (local.name !== c.campaign.name || local.notes !== c.campaign.notes)
    differs('campaigns', c.campaign.id, false, `Campaign "${local.name}" is ${label} in the file, with its own name or notes: this ledger's are kept.`);
  if (local.ruleset_version_id !== versionId)
    differs('campaigns', c.campaign.id, true, `Campaign ${label} is pinned to a different ruleset version here than in the file.`);
}

/** Its events: one of the same id that differs, or a step this ledger took differently. */
async function compareEvents(db: Db, c: FileCampaign, differs: Differs) {
  const label = `"${c.campaign.name}"`;
  for (const e of c.events) {
    const same = await ledgerEventRow(db, e.id);
    if (same) {
      if (same.seq !== e.seq || same.kind !== e.kind || same.campaign_id !== e.campaign_id)
        differs('events', e.id, true, `Event ${e.id} of campaign ${label} is "${same.summary}" here and "${e.summary}" in the file.`);
      else if (same.summary !== e.summary)
        differs(
          'events',
          e.id,
          false,
          `Event ${e.id} of campaign ${label} reads "${same.summary}" here and "${e.summary}" in the file: the text here is kept.`,
        );
      continue;
    }
    const clash = await ledgerEventAtSeq(db, e.campaign_id, e.seq);
    if (clash) differs('events', e.id, true, `Campaign ${label} moved on differently: step ${e.seq} here is "${clash.summary}", in the file "${e.summary}".`);
  }
}

/** Its entries and finishes: one of the same id that says something else here. */
async function compareEntriesAndFinishes(db: Db, c: FileCampaign, differs: Differs) {
  const label = `"${c.campaign.name}"`;
  for (const en of c.entries) {
    const same = await ledgerEntryRow(db, en.id);
    if (same && (same.amount !== en.amount || same.kind !== en.kind || same.event_id !== en.event_id || same.campaign_id !== en.campaign_id))
      differs('entries', en.id, true, `Entry ${en.id} of campaign ${label} is ${same.kind} ${same.amount} here and ${en.kind} ${en.amount} in the file.`);
  }
  for (const f of c.finishes) {
    const same = await storedFinish(db, f.id);
    if (same && same.campaign_id !== f.campaign_id) differs('finishes', f.id, true, `Finish ${f.id} of campaign ${label} belongs to another campaign here.`);
  }
}

/** Its rosters, read as the import reads them; one of the same id that differs here. */
async function compareRosters(db: Db, c: FileCampaign, ci: number, versionMap: Map<number, number | null>, differs: Differs) {
  const label = `"${c.campaign.name}"`;
  for (const [ri, r] of c.rosters.entries()) {
    const versionHere = versionMap.get(r.ruleset_version_id);
    // its names as the import reads them (a version still to be added has no id here yet: any stands in)
    readFileRoster(r, versionHere ?? 1, ['campaigns', ci, 'rosters', ri]);
    const local = await rosterRowForMerge(db, r.id);
    if (!local) continue;
    const doc = rosterSchema.safeParse({ ...(JSON.parse(r.roster_json) as object), rulesetVersionId: versionHere ?? -1 });
    const here = rosterSchema.safeParse(JSON.parse(local.roster_json));
    const same =
      local.player_id === r.player_id &&
      local.campaign_id === r.campaign_id &&
      doc.success &&
      here.success &&
      JSON.stringify(here.data) === JSON.stringify(doc.data);
    if (!same)
      differs(
        'rosters',
        r.id,
        true,
        `Roster "${r.name}" of campaign ${label} differs between the file and this ledger (here last saved ${local.updated_at.slice(0, 16).replace('T', ' ')}).`,
      );
  }
}

/**
 * What `campaigns.import` would do with this file, read from the ledger and
 * never written: the file is read and checked as the import reads it
 * (readCampaignFile), then each row it carries is compared with this ledger the
 * way importCampaigns compares it. Every difference is named, including those
 * the import passes over (a player of the same id under another name keeps
 * this ledger's name), so nothing merges unseen.
 */
export async function previewCampaignImport(db: Kysely<Database>, json: string): Promise<ImportPreview> {
  const file = readCampaignFile(json);
  const differences: Difference[] = [];
  const differs: Differs = (table, id, refuses, message) => differences.push({ table, id, refuses, message });

  const { rulesetVersions, versionMap } = await previewRulesetVersions(db, file);
  const players = await previewPlayers(db, file, differs);
  const campaigns: ImportPreview['campaigns'] = [];
  for (const [ci, c] of file.campaigns.entries()) {
    const local = await findCampaignRow(db, c.campaign.id);
    campaigns.push({ id: c.campaign.id, name: c.campaign.name, added: !local });
    if (local) await compareCampaignRow(db, c, local, versionMap.get(c.campaign.ruleset_version_id), differs);
    await compareEvents(db, c, differs);
    await compareEntriesAndFinishes(db, c, differs);
    await compareRosters(db, c, ci, versionMap, differs);
  }

  const importable = players.every((p) => !p.clash) && differences.every((d) => !d.refuses);
  return {
    rulesetVersions,
    campaigns,
    players,
    differences,
    importable,
    lines: previewLines({ rulesetVersions, campaigns, players, differences, importable }),
  };
}

/** The preview in sentences, one per fact, for the dialog and the CLI. */
function previewLines(p: Omit<ImportPreview, 'lines'>): string[] {
  const lines: string[] = [];
  for (const v of p.rulesetVersions.filter((x) => x.added))
    lines.push(
      `Game data version added: ${v.name} (${v.packId} v${v.version}, data ${v.dataVersion})${v.renumbered ? ', beside the version with its number here' : ''}.`,
    );
  const keptVersions = p.rulesetVersions.filter((x) => !x.added).length;
  if (keptVersions > 0) lines.push(`${counted(keptVersions, 'game data version')} already here, used as it is.`);
  for (const c of p.campaigns) lines.push(c.added ? `Campaign created: ${c.name}.` : `Campaign already here, merged: ${c.name}.`);
  for (const pl of p.players)
    if (pl.clash)
      lines.push(
        `Player name clash: "${pl.name}" in the file has the name of ${pl.clash.name}, a different player here; rename one first, or import it as ${pl.clash.name} (--map-player ${pl.id}=${pl.clash.id}).`,
      );
    else if (pl.added) lines.push(`Player created: ${pl.name}.`);
  for (const d of p.differences) lines.push(`Differs: ${d.message}${d.refuses ? ' The import would be refused.' : ''}`);
  lines.push(p.importable ? 'Nothing has been written yet.' : 'This file cannot be imported as it is; nothing has been written.');
  return lines;
}
