import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { canonicalJson } from '../../../src-shared/canonical-json';
import { AppError } from '../../../src-shared/errors';
import { ledgerSchema, writeTransaction } from './dialect';
import { storeRulesetVersion, type RulesetVersionColumns } from './tables/rulesets.table';
import type { Database, Db } from './schema';

/**
 * A whole ledger from one database into another (`aoa league push` / `pull`):
 * every table of the schema, in an order where a row's references are
 * written before it, each row added when the target lacks its key (a second
 * copy adds nothing). Campaigns, their seats, ledgers and finish registers
 * travel first as a campaign file does (importCampaigns, which merges and
 * refuses divergent histories); this module copies everything else
 * (players in no campaign, ruleset versions no campaign uses, standalone and
 * deleted rosters, battles and their events, playtest records and report
 * facts, settings) and digests every table on both sides.
 *
 * Ruleset versions are the one table whose ids are each database's own
 * (autoincrement): they are matched by their content (pack id, data version
 * and the digest of the canonical pack), never by number alone, since two
 * ledgers may have numbered the same packs differently; a version the target
 * lacks keeps its number when the target has it free, else takes the next
 * one, named with its data version. Every `ruleset_version_id` (and
 * `parent_id`) is translated on the way.
 *
 * A table of the schema without a line in COPY_PLAN is refused, so a new
 * table cannot be left behind silently.
 */
type AnyDb = Kysely<any> | Transaction<any>;
type Row = Record<string, unknown>;

export type LedgerTable = keyof Database & string;

interface TablePlan {
  /** The columns that name a row (its primary key, or for report_uses the columns that tell its rows apart). */
  key: string[];
  /** The order rows are read and written in (a row it refers to within the table comes first). */
  order: string[];
  /** Written by the campaign import (merged as a campaign file is); the copy only digests them. */
  byCampaignImport?: true;
  /** Rows copied with a new row of this parent only (their own key is not unique in the schema). */
  childOf?: { table: LedgerTable; column: string };
  /**
   * Columns the target keeps its own value of when it already has the row, left out of the digest:
   * a ledger's preferences (club name, paper size, theme, backups kept) are its own, and a pull into
   * a club's file must not be refused because its theme differs. A target without the row gets the
   * value (the copy writes every column).
   */
  ownValues?: string[];
}

/** Every table of the schema, in an order where references come first. */
export const COPY_PLAN: readonly (readonly [LedgerTable, TablePlan])[] = [
  ['settings', { key: ['key'], order: ['key'], ownValues: ['value_json'] }],
  // a version both sides hold (the bundled pack each ledger stores at its first start, one imported on both) is the
  // same rules when its content agrees: pack, data version and `content`, the digest of the canonical pack, which the
  // digest puts in place of the pack's text. Its number and name are labels each side gave it, and when and how each
  // side came to store it is that side's own
  [
    'ruleset_versions',
    { key: ['pack_id', 'data_version', 'content'], order: ['id'], ownValues: ['version', 'name', 'parent_id', 'note', 'origin', 'created_at'] },
  ],
  ['players', { key: ['id'], order: ['id'] }],
  ['campaigns', { key: ['id'], order: ['id'], byCampaignImport: true }],
  ['campaign_players', { key: ['campaign_id', 'seat'], order: ['campaign_id', 'seat'], byCampaignImport: true }],
  ['ledger_events', { key: ['id'], order: ['campaign_id', 'seq'], byCampaignImport: true }],
  ['ledger_entries', { key: ['id'], order: ['id'], byCampaignImport: true }],
  ['mission_finishes', { key: ['id'], order: ['id'], byCampaignImport: true }],
  ['rosters', { key: ['id'], order: ['id'] }],
  ['battles', { key: ['id'], order: ['id'] }],
  ['battle_events', { key: ['id'], order: ['battle_id', 'seq'] }],
  ['playtest_battles', { key: ['id'], order: ['id'] }],
  ['report_battles', { key: ['id'], order: ['id'] }],
  ['report_sides', { key: ['battle_id', 'side'], order: ['battle_id', 'side'], childOf: { table: 'report_battles', column: 'battle_id' } }],
  [
    'report_uses',
    { key: ['battle_id', 'side', 'kind', 'key'], order: ['battle_id', 'side', 'kind', 'key'], childOf: { table: 'report_battles', column: 'battle_id' } },
  ],
  ['report_disputes', { key: ['battle_id', 'idx'], order: ['battle_id', 'idx'], childOf: { table: 'report_battles', column: 'battle_id' } }],
  ['report_rulings', { key: ['battle_id', 'ruling'], order: ['battle_id', 'ruling'], childOf: { table: 'report_battles', column: 'battle_id' } }],
  // club night's links (hashes only): a pulled copy keeps a night's links as the league had them, revoked ones revoked
  ['club_links', { key: ['id'], order: ['id'] }],
  // the sides' Finish votes of battles still in progress, as the league had them
  ['club_finish_votes', { key: ['battle_id', 'side'], order: ['battle_id', 'side'] }],
  // which phone plays each side of a battle still in progress (issue 42)
  ['club_side_claims', { key: ['battle_id', 'side'], order: ['battle_id', 'side'] }],
  // the designer's desk: bundles and their battles, keyed by the sending club's bundle id
  ['desk_bundles', { key: ['club_id', 'content_hash'], order: ['club_id', 'content_hash'] }],
  ['desk_battles', { key: ['club_id', 'battle_id'], order: ['club_id', 'battle_id'] }],
  // the players' ratings of their battles, by battle and side (a paper battle's too, which has no battles row)
  ['battle_ratings', { key: ['battle_id', 'side'], order: ['battle_id', 'side'] }],
];

/** The tables of the ledger's schema (Kysely's own migration tables, and on PostgreSQL other schemas, left out). */
export async function schemaTables(db: Db): Promise<string[]> {
  const schema = await ledgerSchema(db);
  return (await db.introspection.getTables())
    .filter((t) => !t.isView && (schema === undefined || t.schema === schema))
    .map((t) => t.name)
    .sort();
}

/** Refuses a schema with a table the plan does not name (or a plan naming a table the schema lacks). */
async function assertPlanCoversSchema(db: Db): Promise<void> {
  const tables = await schemaTables(db);
  const planned = new Set(COPY_PLAN.map(([t]) => t as string));
  const missing = tables.filter((t) => !planned.has(t));
  const stale = [...planned].filter((t) => !tables.includes(t));
  if (missing.length || stale.length)
    throw new AppError(
      'INTERNAL',
      `The ledger copy does not know how to copy ${[...missing, ...stale].join(', ')}: add ${missing.length ? 'it' : 'the change'} to COPY_PLAN (db/ledger-copy.ts).`,
    );
}

async function readTable(db: Db, table: LedgerTable, plan: TablePlan): Promise<Row[]> {
  let q = (db as AnyDb).selectFrom(table).selectAll();
  for (const c of plan.order) q = q.orderBy(c);
  return (await q.execute()) as Row[];
}

const keyOf = (row: Row, cols: string[]) => JSON.stringify(cols.map((c) => row[c]));

/** A ruleset version's content as one name: pack id, data version and the digest of its canonical pack (content_digest). */
const contentName = (v: { pack_id: unknown; data_version: unknown; content_digest: unknown }) =>
  `${String(v.pack_id)}@${String(v.data_version)}#${String(v.content_digest)}`;

/** The content name of each ruleset version id of a database. */
async function versionNames(db: Db): Promise<Map<number, string>> {
  const rows = await db.selectFrom('ruleset_versions').select(['id', 'pack_id', 'data_version', 'content_digest']).execute();
  return new Map(rows.map((r) => [r.id, contentName(r)]));
}

/** A roster document's text with its `rulesetVersionId` (a database's own id) replaced; any other text as it is. */
function withRosterVersion(json: unknown, to: (id: number) => unknown): unknown {
  if (typeof json !== 'string') return json;
  try {
    const doc = JSON.parse(json) as unknown;
    if (!doc || typeof doc !== 'object' || typeof (doc as { rulesetVersionId?: unknown }).rulesetVersionId !== 'number') return json;
    return JSON.stringify({ ...doc, rulesetVersionId: to((doc as { rulesetVersionId: number }).rulesetVersionId) });
  } catch {
    return json;
  }
}

/** Rows per insert: SQLite limits the bound parameters of one statement. */
const chunkRows = (columns: number) => Math.max(1, Math.floor(900 / Math.max(1, columns)));

/** The plan's tables before the campaign import's (what campaigns refer to) or after them. */
function partOf(part: 'before-campaigns' | 'after-campaigns'): Set<LedgerTable> {
  const first = COPY_PLAN.findIndex(([, p]) => p.byCampaignImport);
  return new Set(COPY_PLAN.filter(([, p], i) => !p.byCampaignImport && (part === 'before-campaigns' ? i < first : i > first)).map(([t]) => t));
}

/**
 * Copies into `to` every row of `from` that `to` lacks, for the tables the
 * campaign import does not write: those campaigns refer to (settings,
 * ruleset versions, players) before the import, so it finds them as they
 * were (a version keeps its origin and parent), the rest after it. Returns
 * how many rows each table gained. One transaction: a failure leaves `to`
 * as it was.
 */
export async function copyLedgerRows(from: Db, to: Kysely<Database>, part: 'before-campaigns' | 'after-campaigns'): Promise<Record<string, number>> {
  await assertPlanCoversSchema(from);
  await assertPlanCoversSchema(to);
  const tables = partOf(part);
  const source = new Map<LedgerTable, Row[]>();
  for (const [table, plan] of COPY_PLAN) if (tables.has(table) || table === 'ruleset_versions') source.set(table, await readTable(from, table, plan));
  return writeTransaction(to, async (trx) => {
    const added: Record<string, number> = {};
    // ruleset versions: matched by content; new ones stored under this database's next id, and their own number when it is free here
    const fromNames = await versionNames(from);
    const idOf = new Map<string, number>();
    for (const r of await trx.selectFrom('ruleset_versions').select(['id', 'pack_id', 'data_version', 'content_digest']).execute())
      if (!idOf.has(contentName(r))) idOf.set(contentName(r), r.id);
    if (tables.has('ruleset_versions')) added.ruleset_versions = 0;
    for (const v of tables.has('ruleset_versions') ? source.get('ruleset_versions')! : []) {
      const name = contentName(v as { pack_id: unknown; data_version: unknown; content_digest: unknown });
      if (idOf.has(name)) continue;
      const { id: _id, content_digest: _digest, parent_id, ...rest } = v;
      const parent = parent_id === null ? null : idOf.get(fromNames.get(Number(parent_id))!);
      if (parent === undefined)
        throw new AppError('CONFLICT', `Ruleset version "${String(v.name)}" ${String(v.version)} refers to a version missing from the copy.`);
      // the one insert of a version: its own number when free here, else the next one named with its data version
      const stored = await storeRulesetVersion(trx, { ...(rest as Omit<RulesetVersionColumns, 'parent_id'>), parent_id: parent });
      idOf.set(name, stored.id);
      if (stored.added) added.ruleset_versions!++;
    }
    const mapVersion = (row: Row): Row => {
      if (!('ruleset_version_id' in row)) return row;
      const id = idOf.get(fromNames.get(Number(row.ruleset_version_id))!);
      if (id === undefined) throw new AppError('CONFLICT', `A row of the copy refers to ruleset version ${String(row.ruleset_version_id)}, which it lacks.`);
      // a roster's document names its version too, by the same database's own id
      return 'roster_json' in row
        ? { ...row, ruleset_version_id: id, roster_json: withRosterVersion(row.roster_json, () => id) }
        : { ...row, ruleset_version_id: id };
    };
    const newKeys = new Map<LedgerTable, Set<unknown>>();
    for (const [table, plan] of COPY_PLAN) {
      if (!tables.has(table) || table === 'ruleset_versions') continue;
      const there = new Set(((await (trx as AnyDb).selectFrom(table).select(plan.key).execute()) as Row[]).map((r) => keyOf(r, plan.key)));
      let rows = source.get(table)!.filter((r) => !there.has(keyOf(r, plan.key)));
      if (plan.childOf) {
        const fresh = newKeys.get(plan.childOf.table) ?? new Set();
        rows = rows.filter((r) => fresh.has(r[plan.childOf!.column]));
      }
      rows = rows.map(mapVersion);
      newKeys.set(table, new Set(rows.map((r) => r[plan.key[0]!])));
      added[table] = rows.length;
      const size = chunkRows(Object.keys(rows[0] ?? {}).length);
      for (let i = 0; i < rows.length; i += size) {
        const q = (trx as AnyDb).insertInto(table).values(rows.slice(i, i + size));
        // a row another organiser wrote meanwhile under the same key is theirs; the digest then tells whether it differs
        await (plan.childOf ? q : q.onConflict((oc) => oc.columns(plan.key as never[]).doNothing())).execute();
      }
    }
    return added;
  });
}

export interface LedgerDigest {
  /** Rows per table (every table of the schema). */
  counts: Record<string, number>;
  /** sha256 over every table's rows in a canonical form (ruleset versions named by their content, not by the database's own id or number). */
  hash: string;
}

/**
 * Every table's rows of a database, counted and hashed in canonical form.
 * With `only` (the keys another digest saw), rows of other keys are left
 * out: what a merged copy holds of the original, beside its own rows.
 */
export async function ledgerDigest(
  db: Db,
  only?: Map<string, Set<string>>,
): Promise<LedgerDigest & { keys: Map<string, Set<string>>; tableHashes: Record<string, string> }> {
  await assertPlanCoversSchema(db);
  const names = await versionNames(db);
  const counts: Record<string, number> = {};
  const tableHashes: Record<string, string> = {};
  const keys = new Map<string, Set<string>>();
  const hash = createHash('sha256');
  for (const [table, plan] of COPY_PLAN) {
    let rows = (await readTable(db, table, plan)).map((r) => {
      const out: Row = { ...r };
      if ('ruleset_version_id' in out) out.ruleset_version_id = names.get(Number(out.ruleset_version_id)) ?? null;
      if ('roster_json' in out) out.roster_json = withRosterVersion(out.roster_json, (id) => names.get(id) ?? null);
      if (table === 'ruleset_versions') {
        out.content = names.get(Number(out.id));
        delete out.id;
        delete out.pack_json;
        out.parent_id = out.parent_id === null ? null : (names.get(Number(out.parent_id)) ?? null);
      }
      for (const c of plan.ownValues ?? []) delete out[c];
      return out;
    });
    // the same content stored twice (under two numbers, by an app before content named a version) is one version
    if (table === 'ruleset_versions') rows = [...new Map(rows.map((r) => [canonicalJson(r), r])).values()];
    const wanted = only?.get(table);
    if (wanted) rows = rows.filter((r) => wanted.has(keyOf(r, plan.key)));
    // keys sorted, so the same rows hash the same whatever order the database gave their columns in
    const texts = rows.map((r) => canonicalJson(r)).sort();
    keys.set(table, new Set(rows.map((r) => keyOf(r, plan.key))));
    counts[table] = rows.length;
    const text = `${table}\n${texts.join('\n')}\n`;
    hash.update(text);
    tableHashes[table] = createHash('sha256').update(text).digest('hex');
  }
  return { counts, hash: hash.digest('hex'), keys, tableHashes };
}
