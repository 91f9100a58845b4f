import { createHash } from 'node:crypto';
import type { Generated, Insertable, Kysely, Selectable } from 'kysely';
import { canonicalJson } from '../../../../src-shared/canonical-json';
import { AppError } from '../../../../src-shared/errors';
import { BUNDLED_PACK_ID, getBundledPack } from '../../../../src-shared/ruleset/bundled';
import { parsePackText, parsePackValue } from '../../../../src-shared/ruleset/parse';
import { unitUseInRoster, type RosterLike } from '../../../../src-shared/ruleset/edits';
import type { RulesetPack } from '../../../../src-shared/ruleset/schema';
import { campaignRules, forgetPackOfVersion, packOfVersion } from '../game-data';
import type { RulesetVersion, StoredVersion } from '../../../../src-shared/contract/rulesets.contract';
import type { Database, Db } from '../schema';
import { writeTransaction } from '../dialect';

export interface RulesetVersionsTable {
  id: Generated<number>;
  pack_id: string;
  version: number;
  name: string;
  rules_version: string;
  data_version: string;
  pack_json: string;
  /** sha256 of the pack's canonical JSON (packDigest), under a unique index (migration 0018): one content, one version. */
  content_digest: string;
  parent_id: number | null;
  note: string;
  origin: 'bundled' | 'edit' | 'import';
  created_at: string;
}

export interface RulesetTables {
  ruleset_versions: RulesetVersionsTable;
}

type Row = Selectable<RulesetVersionsTable>;
type SummaryRow = Omit<Row, 'pack_json' | 'content_digest'>;

const SUMMARY_COLUMNS = ['id', 'pack_id', 'version', 'name', 'rules_version', 'data_version', 'parent_id', 'note', 'origin', 'created_at'] as const;

function toSummary(r: SummaryRow, campaigns: number): RulesetVersion {
  return {
    id: r.id,
    packId: r.pack_id,
    version: r.version,
    name: r.name,
    rulesVersion: r.rules_version,
    dataVersion: r.data_version,
    parentId: r.parent_id,
    note: r.note,
    origin: r.origin,
    createdAt: r.created_at,
    campaigns,
  };
}

async function campaignCounts(db: Db, ids?: number[]): Promise<Map<number, number>> {
  let q = db
    .selectFrom('campaigns')
    .select(['ruleset_version_id', db.fn.countAll<number>().as('n')])
    .groupBy('ruleset_version_id');
  if (ids) q = q.where('ruleset_version_id', 'in', ids.length ? ids : [-1]);
  const rows = await q.execute();
  return new Map(rows.map((r) => [r.ruleset_version_id, Number(r.n)]));
}

/** Every stored version, newest first. */
export async function listRulesetVersions(db: Db): Promise<RulesetVersion[]> {
  const rows = await db.selectFrom('ruleset_versions').select(SUMMARY_COLUMNS).orderBy('id', 'desc').execute();
  const counts = await campaignCounts(db);
  return rows.map((r) => toSummary(r, counts.get(r.id) ?? 0));
}

/** One version with its pack. NOT_FOUND when there is no such version. */
export async function getRulesetVersion(db: Db, versionId: number): Promise<{ version: RulesetVersion; pack: RulesetPack }> {
  const row = await db.selectFrom('ruleset_versions').select(SUMMARY_COLUMNS).where('id', '=', versionId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', `There is no ruleset version ${versionId}.`, { path: ['versionId'] });
  const counts = await campaignCounts(db, [row.id]);
  return { version: toSummary(row, counts.get(row.id) ?? 0), pack: (await packOfVersion(db, row.id, ['versionId'])).pack };
}

/**
 * The newest version of a pack id (the default pack unless told otherwise): the one made last, the number deciding
 * between versions made at the same moment. An older version that arrived later with a campaign file (stored under
 * the next free number, keeping the date it was made) is kept for the campaigns pinned to it and never becomes what
 * new rosters and battles are built on.
 */
export async function latestRulesetVersionId(db: Db, packId: string = BUNDLED_PACK_ID): Promise<number> {
  const row = await db
    .selectFrom('ruleset_versions')
    .select('id')
    .where('pack_id', '=', packId)
    .orderBy('created_at', 'desc')
    .orderBy('version', 'desc')
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', `No version of ruleset pack "${packId}" is stored.`);
  return row.id;
}

/** A version's columns as a door gives them: the digest is derived from the pack, the number is only a wish (storeRulesetVersion). */
export type RulesetVersionColumns = Omit<Insertable<RulesetVersionsTable>, 'id' | 'content_digest' | 'version'> & {
  /** The number it had where it came from (a campaign file, another ledger): kept when free here. Absent: the next number. */
  version?: number;
};

/**
 * The one insert of a ruleset version, whichever door brings the pack (the
 * Armoury's edit and import, `ruleset import`, a campaign file, a league
 * copy, the bundled pack): a pack whose content is already stored (the same
 * digest of its canonical JSON, `content_digest`, unique in the store) is
 * that version, returned as it is with `added: false`; else the row is
 * written under its own number when this ledger has it free, or the next one,
 * named with its data version so the two are told apart. Rows are never
 * updated: a pack changes only by a new version.
 */
export async function storeRulesetVersion(db: Db, row: RulesetVersionColumns): Promise<{ id: number; added: boolean }> {
  const content_digest = packDigest(row.pack_json);
  const held = await db.selectFrom('ruleset_versions').select('id').where('content_digest', '=', content_digest).executeTakeFirst();
  if (held) return { id: held.id, added: false };
  const { version: wished, ...rest } = row;
  const taken =
    wished === undefined ||
    (await db.selectFrom('ruleset_versions').select('id').where('pack_id', '=', row.pack_id).where('version', '=', wished).executeTakeFirst()) !== undefined;
  const version = taken ? await nextRulesetVersionNumber(db, row.pack_id) : wished;
  const name = wished !== undefined && taken ? withDataVersion(row.name, row.data_version) : row.name;
  const ins = await db
    .insertInto('ruleset_versions')
    .values({ ...rest, name, version, content_digest })
    .returning('id')
    .executeTakeFirstOrThrow();
  forgetPackOfVersion(ins.id);
  return { id: ins.id, added: true };
}

/** One version's summary (NOT_FOUND when there is none). */
async function rulesetVersionSummary(db: Db, id: number): Promise<RulesetVersion> {
  const row = await db.selectFrom('ruleset_versions').select(SUMMARY_COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', `There is no ruleset version ${id}.`, { path: ['versionId'] });
  return toSummary(row, (await campaignCounts(db, [id])).get(id) ?? 0);
}

/**
 * Stores a pack as the next version of its pack id (max + 1), or, when the
 * same pack is stored already, answers with that version (storeRulesetVersion).
 */
async function insertRulesetVersion(db: Db, args: { pack: RulesetPack; parentId: number | null; note: string; origin: Row['origin'] }): Promise<StoredVersion> {
  const { pack } = args;
  const { id, added } = await storeRulesetVersion(db, {
    pack_id: pack.meta.id,
    name: pack.meta.name,
    rules_version: pack.meta.rulesVersion,
    data_version: pack.meta.dataVersion,
    pack_json: JSON.stringify(pack),
    parent_id: args.parentId,
    note: args.note,
    origin: args.origin,
    created_at: new Date().toISOString(),
  });
  return { ...(await rulesetVersionSummary(db, id)), alreadyStored: !added };
}

/**
 * The sha256 of a pack's canonical JSON: what identifies a ruleset version (the pack holds its id and data version).
 * Text that is not JSON (a damaged stored pack) is digested as it is, as migration 0018 did.
 */
export function packDigest(packJson: string): string {
  let text: string;
  try {
    text = canonicalJson(JSON.parse(packJson));
  } catch {
    text = `unparsed:${packJson}`;
  }
  return createHash('sha256').update(text).digest('hex');
}

/**
 * The stored version with this pack's content (the digest of its canonical JSON), whatever its number: the number is
 * a label for people, and two ledgers may have given the same content different numbers.
 */
export async function rulesetVersionWithContent(db: Db, packJson: string): Promise<number | undefined> {
  return rulesetVersionWithDigest(db, packDigest(packJson));
}

/** The stored version whose content has this digest, if any. */
export async function rulesetVersionWithDigest(db: Db, digest: string): Promise<number | undefined> {
  return (await db.selectFrom('ruleset_versions').select('id').where('content_digest', '=', digest).executeTakeFirst())?.id;
}

/** A stored version's content digest (NOT_FOUND when there is no such version). */
export async function rulesetVersionDigest(db: Db, versionId: number): Promise<string> {
  const row = await db.selectFrom('ruleset_versions').select('content_digest').where('id', '=', versionId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', `There is no ruleset version ${versionId}.`, { path: ['versionId'] });
  return row.content_digest;
}

/** The number the next version of a pack takes (max + 1). */
export async function nextRulesetVersionNumber(db: Db, packId: string): Promise<number> {
  const max = await db.selectFrom('ruleset_versions').select(db.fn.max('version').as('v')).where('pack_id', '=', packId).executeTakeFirst();
  return Number(max?.v ?? 0) + 1;
}

/** A version stored beside another of the same number is told apart by its data version in its name (80 characters at most). */
export function withDataVersion(name: string, dataVersion: string): string {
  if (name.includes(dataVersion)) return name;
  const suffix = ` (data ${dataVersion})`;
  return `${name.slice(0, Math.max(1, 80 - suffix.length)).trimEnd()}${suffix}`.slice(0, 80);
}

function refuse(message: string, issues: { path: (string | number)[]; message: string; code?: string }[]): never {
  throw new AppError('VALIDATION', message, { path: issues[0]?.path, issues });
}

/** An edit made in the Armoury, saved as a new version whose parent is the version it started from. */
export async function createRulesetVersion(db: Kysely<Database>, args: { baseVersionId: number; pack: unknown; note: string }): Promise<StoredVersion> {
  const parsed = parsePackValue(args.pack);
  if (!parsed.ok) refuse(parsed.message, parsed.issues);
  return writeTransaction(db, async (trx) => {
    const base = await trx.selectFrom('ruleset_versions').select(['id', 'pack_id']).where('id', '=', args.baseVersionId).executeTakeFirst();
    if (!base) throw new AppError('NOT_FOUND', `There is no ruleset version ${args.baseVersionId} to edit.`, { path: ['baseVersionId'] });
    if (base.pack_id !== parsed.pack.meta.id)
      throw new AppError('CONFLICT', `An edit of pack "${base.pack_id}" cannot change its id to "${parsed.pack.meta.id}"; import it as a new pack instead.`, {
        path: ['pack', 'meta', 'id'],
      });
    const baseRow = await trx.selectFrom('ruleset_versions').select(['pack_json']).where('id', '=', base.id).executeTakeFirstOrThrow();
    if (baseRow.pack_json === JSON.stringify(parsed.pack)) throw new AppError('CONFLICT', 'Nothing has changed from the version you started from.');
    return insertRulesetVersion(trx, { pack: parsed.pack, parentId: base.id, note: args.note, origin: 'edit' });
  });
}

/** Imports a pack file's text. Every problem is reported; nothing is written unless the whole file is valid. */
export async function importRulesetPack(db: Kysely<Database>, args: { text: string; note: string }): Promise<StoredVersion> {
  const parsed = parsePackText(args.text);
  if (!parsed.ok) refuse(parsed.message, parsed.issues);
  return writeTransaction(db, async (trx) => {
    const parent = await trx
      .selectFrom('ruleset_versions')
      .select('id')
      .where('pack_id', '=', parsed.pack.meta.id)
      .orderBy('version', 'desc')
      .executeTakeFirst();
    return insertRulesetVersion(trx, { pack: parsed.pack, parentId: parent?.id ?? null, note: args.note, origin: 'import' });
  });
}

/** A version as the JSON text of a pack file. */
export async function exportRulesetPack(db: Db, versionId: number): Promise<{ fileName: string; text: string }> {
  const { version, pack } = await getRulesetVersion(db, versionId);
  return { fileName: `${version.packId}-v${version.version}.json`, text: JSON.stringify(pack, null, 2) + '\n' };
}

/**
 * Stores the pack bundled with this app as a version when the ledger does not
 * hold it yet (version 1 on a new ledger; a later number when an app update
 * brings a new data version). Campaigns stay pinned to what they started on.
 */
export async function ensureBundledPacks(db: Kysely<Database>): Promise<void> {
  const pack = getBundledPack();
  // two organisers' apps starting at once on a new league: one stores it, the other retries and finds it
  await writeTransaction(db, async (trx) => {
    // matched by content, not by label: the same pack imported or brought by a campaign file before is this pack
    if ((await rulesetVersionWithContent(trx, JSON.stringify(pack))) !== undefined) return;
    const parent = await trx.selectFrom('ruleset_versions').select('id').where('pack_id', '=', pack.meta.id).orderBy('version', 'desc').executeTakeFirst();
    await insertRulesetVersion(trx, { pack, parentId: parent?.id ?? null, note: 'Bundled with the app', origin: 'bundled' });
  });
}

/**
 * The pack a campaign plays by: the version it pinned when it was created,
 * with the rule options the campaign pinned (its `options_json`) in place of
 * the pack's defaults. Every domain that needs a campaign's rules reads them
 * here, so a newer version of the pack never reaches a running campaign.
 */
export async function packForCampaign(db: Db, campaignId: string): Promise<{ versionId: number; pack: RulesetPack }> {
  const rules = await campaignRules(db, campaignId);
  return { versionId: rules.rulesetVersionId, pack: { ...rules.pack, options: rules.options } };
}

/**
 * The rosters (not deleted) built on one version that field a unit, with the
 * loadouts they give it: the Armoury will not remove what one of them needs.
 */
export async function unitUsage(db: Db, versionId: number, unitId: string): Promise<{ rosters: { id: string; name: string; loadoutIds: string[] }[] }> {
  const rows = await db
    .selectFrom('rosters')
    .select(['id', 'name', 'roster_json'])
    .where('ruleset_version_id', '=', versionId)
    .where('deleted_at', 'is', null)
    .orderBy('name')
    .execute();
  const rosters: { id: string; name: string; loadoutIds: string[] }[] = [];
  for (const r of rows) {
    const use = unitUseInRoster(JSON.parse(r.roster_json) as RosterLike, unitId);
    if (use.uses) rosters.push({ id: r.id, name: r.name, loadoutIds: use.loadoutIds });
  }
  return { rosters };
}
