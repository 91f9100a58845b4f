import { AppError } from '../../../src-shared/errors';
import { type RuleOptions } from '../../../src-shared/ruleset/options';
import { ruleOptionsSchema } from '../../../src-shared/ruleset/options.schema';
import { rulesetPackSchema, type RulesetPack } from '../../../src-shared/ruleset/schema';
import { registerLedgerCache } from '../ledger-caches';
import type { Db } from './schema';

/**
 * The one loader of the game's data: a stored ruleset version's pack, and the
 * rules a campaign pinned (its version and its copy of the options). Every
 * handler, job and report reads them here, so a pack is parsed once per
 * version and a campaign's options once per campaign.
 *
 * Both are cached by id. A ruleset version is never updated (an edit or an
 * import stores a new version), and a campaign's version and options are
 * written once, when it is created. The caches are dropped whenever a ledger
 * is opened or restored (ledger-caches.ts); a version id is forgotten when a
 * row is inserted under it, since an id handed out inside a transaction that
 * rolled back is handed out again.
 */

/** A stored version's pack with what names it. The pack is shared between callers, so it is frozen. */
export interface StoredPack {
  versionId: number;
  packId: string;
  /** The version number within its pack id. */
  version: number;
  name: string;
  pack: RulesetPack;
}

const MAX_PACKS = 32;
const packs = new Map<number, StoredPack>();

const MAX_CAMPAIGNS = 5_000;
const campaigns = new Map<string, { rulesetVersionId: number; options: RuleOptions }>();

registerLedgerCache(() => {
  packs.clear();
  campaigns.clear();
});

/** Drops a version id from the cache: called by every insert into ruleset_versions. */
export function forgetPackOfVersion(versionId: number): void {
  packs.delete(versionId);
}

/**
 * The pack of a stored ruleset version. NOT_FOUND (at `path`) when there is
 * no such version; DB_CORRUPT when the stored text is not a valid pack.
 */
export async function packOfVersion(db: Db, versionId: number, path: (string | number)[] = ['rulesetVersionId']): Promise<StoredPack> {
  const hit = packs.get(versionId);
  if (hit) return hit;
  const row = await db.selectFrom('ruleset_versions').select(['id', 'pack_id', 'version', 'name', 'pack_json']).where('id', '=', versionId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', `There is no ruleset version ${versionId}.`, { path });
  let pack: RulesetPack;
  try {
    pack = rulesetPackSchema.parse(JSON.parse(row.pack_json));
  } catch {
    // the parser's own words name JSON positions and schema paths, which help no organiser; db check names the row
    throw new AppError('DB_CORRUPT', `Ruleset version ${row.id} in the ledger cannot be read; run db check, or restore a backup from before the damage.`);
  }
  const stored: StoredPack = { versionId: row.id, packId: row.pack_id, version: row.version, name: row.name, pack: deepFreeze(pack) };
  if (packs.size >= MAX_PACKS) packs.delete(packs.keys().next().value!);
  packs.set(versionId, stored);
  return stored;
}

function deepFreeze<T>(v: T): T {
  if (typeof v === 'object' && v !== null && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
}

/**
 * A campaign's pinned options as stored (`options_json`), over the defaults of
 * the pack it is pinned to: a campaign stored before an option existed plays
 * that option as its pack says. DB_CORRUPT when the text cannot be read.
 */
export function parsePinnedOptions(campaignId: string, pack: RulesetPack, optionsJson: string): RuleOptions {
  let pinned: unknown;
  try {
    pinned = JSON.parse(optionsJson || '{}');
  } catch {
    throw new AppError('DB_CORRUPT', `The rule options stored for campaign ${campaignId} cannot be read.`);
  }
  const options = ruleOptionsSchema.safeParse({ ...pack.options, ...(typeof pinned === 'object' && pinned ? pinned : {}) });
  if (!options.success) throw new AppError('DB_CORRUPT', `The rule options stored for campaign ${campaignId} are not valid.`);
  return options.data;
}

/** What a campaign plays by: the version it pinned, that version's pack (with the pack's own defaults) and the campaign's options. */
export interface CampaignRules {
  rulesetVersionId: number;
  pack: RulesetPack;
  options: RuleOptions;
  /** The version's name and number, e.g. "Age of Ash v2". */
  label: string;
}

/**
 * The rules a campaign pinned when it was created. A newer version of the
 * pack never reaches a running campaign. NOT_FOUND when there is no such
 * campaign.
 */
export async function campaignRules(db: Db, campaignId: string): Promise<CampaignRules> {
  const pinned = campaigns.get(campaignId);
  if (!pinned) {
    const row = await db.selectFrom('campaigns').select(['ruleset_version_id', 'options_json']).where('id', '=', campaignId).executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', `There is no campaign with id ${campaignId}.`, { path: ['campaignId'] });
    return rememberCampaign(db, campaignId, row);
  }
  const stored = await packOfVersion(db, pinned.rulesetVersionId);
  return { rulesetVersionId: pinned.rulesetVersionId, pack: stored.pack, options: pinned.options, label: labelOf(stored) };
}

/** campaignRules for a campaign row the caller has already read (the dashboard reads a page of them at once). */
export async function campaignRulesOfRow(db: Db, row: { id: string; ruleset_version_id: number; options_json: string }): Promise<CampaignRules> {
  const pinned = campaigns.get(row.id);
  if (!pinned) return rememberCampaign(db, row.id, row);
  const stored = await packOfVersion(db, pinned.rulesetVersionId);
  return { rulesetVersionId: pinned.rulesetVersionId, pack: stored.pack, options: pinned.options, label: labelOf(stored) };
}

async function rememberCampaign(db: Db, campaignId: string, row: { ruleset_version_id: number; options_json: string }): Promise<CampaignRules> {
  const stored = await packOfVersion(db, row.ruleset_version_id);
  const options = parsePinnedOptions(campaignId, stored.pack, row.options_json);
  if (campaigns.size >= MAX_CAMPAIGNS) campaigns.delete(campaigns.keys().next().value!);
  campaigns.set(campaignId, { rulesetVersionId: row.ruleset_version_id, options });
  return { rulesetVersionId: row.ruleset_version_id, pack: stored.pack, options, label: labelOf(stored) };
}

const labelOf = (s: StoredPack) => `${s.name} v${s.version}`;
