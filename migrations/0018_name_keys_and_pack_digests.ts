import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';

// Frozen in time: never import application code into a migration.
//
// Issue 40, one identity for a player's name and one for a ruleset pack, kept
// by the store itself so that no door (a form, a file, a league copy, a
// direct INSERT) can add a twin:
//
// - `players.name_key`: the name as people compare names (NFC, trimmed, case
//   folded: "Zoë", "ZOË" and a decomposed "Zoë" are one key), under a unique
//   index. Filled here for every row. A ledger written by an older version may
//   hold two players whose names differ only so (the older app compared names
//   as typed): the step keeps every row, every campaign and every history,
//   and renames the later of two (by creation) to "Zoë (2)", "Zoë (3)", …,
//   saying so in that player's notes (what it was called, and that the two may
//   be merged or renamed in Players), so the organiser sees it where the name
//   is shown and nothing is lost.
// - `ruleset_versions.content_digest`: the sha256 of the pack's canonical JSON
//   (every object's keys sorted, no spaces), under a unique index: the same
//   pack is one version whichever door brought it. Filled here for every row.
//   Two rows of one content (the Armoury's import and a campaign file's, made
//   before this step) become one: every reference to the later rows (the
//   campaigns, rosters and battles pinned to them, a roster document's
//   `rulesetVersionId`, another version's parent) is moved onto the earliest
//   row of that content, and the later rows are deleted. Campaigns keep the
//   very same rules, since the content is the same.
//
// - `desk_battles.pack_digest`: a playtest record's pack digest (bundle version
//   2 on), or null for records that carry none (every record before): the
//   designer's desk offers a version by its digest, not by its label alone.
//
// Both key columns are NOT NULL with the default '' (SQLite can add no other NOT
// NULL column): the app always writes the key; a row written without one is
// the only '' and a second such row is refused by the index.
// Portable query builder only: it serves the SQLite and the PostgreSQL lists.

/** The app's nameKey as of this step. */
function nameKey(name: string): string {
  return name.normalize('NFC').trim().toLowerCase().normalize('NFC');
}

/** JSON with every object's keys sorted, no spaces: the app's canonicalJson as of this step. */
function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v !== null && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

function packDigest(packJson: string): string {
  let text: string;
  try {
    text = canonicalJson(JSON.parse(packJson));
  } catch {
    // a damaged stored pack is still one row of its own (the app names it DB_CORRUPT when read)
    text = `unparsed:${packJson}`;
  }
  return createHash('sha256').update(text).digest('hex');
}

const NAME_MAX = 80;

async function fillNameKeys(db: Kysely<any>): Promise<void> {
  const rows = (await db.selectFrom('players').select(['id', 'name', 'notes']).orderBy('created_at').orderBy('id').execute()) as {
    id: string;
    name: string;
    notes: string;
  }[];
  const firstOf = new Map<string, string>();
  for (const r of rows) firstOf.set(nameKey(r.name), firstOf.get(nameKey(r.name)) ?? r.name);
  // a new name is one no other row holds or will hold
  const held = new Set(firstOf.keys());
  const taken = new Set<string>();
  for (const r of rows) {
    const key = nameKey(r.name);
    if (!taken.has(key)) {
      taken.add(key);
      await db.updateTable('players').set({ name_key: key }).where('id', '=', r.id).execute();
      continue;
    }
    let n = 2;
    let name = '';
    do {
      const suffix = ` (${n++})`;
      name = `${r.name.trim().slice(0, NAME_MAX - suffix.length).trimEnd()}${suffix}`;
    } while (taken.has(nameKey(name)) || held.has(nameKey(name)));
    taken.add(nameKey(name));
    const said =
      `Renamed from "${r.name}" when the app was upgraded: another player is called "${firstOf.get(key)}", and two players ` +
      `may no longer share a name (one written in other capitals or with its accents composed differently counts as the same). ` +
      `Rename this player in Players, or if the two are one person, keep one.`;
    await db
      .updateTable('players')
      .set({ name, name_key: nameKey(name), notes: r.notes ? `${r.notes}\n\n${said}` : said })
      .where('id', '=', r.id)
      .execute();
  }
}

/** A roster document's text with its `rulesetVersionId` moved from one id to another; other text as it is. */
function movedRosterJson(json: string, from: number, to: number): string {
  try {
    const doc = JSON.parse(json) as unknown;
    if (!doc || typeof doc !== 'object' || (doc as { rulesetVersionId?: unknown }).rulesetVersionId !== from) return json;
    return JSON.stringify({ ...doc, rulesetVersionId: to });
  } catch {
    return json;
  }
}

async function fillContentDigests(db: Kysely<any>): Promise<void> {
  const rows = (await db.selectFrom('ruleset_versions').select(['id', 'pack_json', 'parent_id']).orderBy('id').execute()) as {
    id: number;
    pack_json: string;
    parent_id: number | null;
  }[];
  const keeperOf = new Map<string, number>();
  const merged = new Map<number, number>();
  const kept: { id: number; digest: string; parent: number | null }[] = [];
  for (const r of rows) {
    const digest = packDigest(r.pack_json);
    const keeper = keeperOf.get(digest);
    if (keeper === undefined) {
      keeperOf.set(digest, Number(r.id));
      kept.push({ id: Number(r.id), digest, parent: r.parent_id === null ? null : Number(r.parent_id) });
    } else merged.set(Number(r.id), keeper);
  }
  for (const k of kept) {
    // a parent merged away is its kept twin; a row that came from a later twin of itself has no parent of its own
    const parent = k.parent === null ? null : (merged.get(k.parent) ?? k.parent);
    await db
      .updateTable('ruleset_versions')
      .set({ content_digest: k.digest, parent_id: parent === k.id ? null : parent })
      .where('id', '=', k.id)
      .execute();
  }
  if (!merged.size) return;
  for (const [from, to] of merged) {
    for (const table of ['campaigns', 'battles']) await db.updateTable(table).set({ ruleset_version_id: to }).where('ruleset_version_id', '=', from).execute();
    const rosters = (await db.selectFrom('rosters').select(['id', 'roster_json']).where('ruleset_version_id', '=', from).execute()) as {
      id: string;
      roster_json: string;
    }[];
    for (const r of rosters)
      await db
        .updateTable('rosters')
        .set({ ruleset_version_id: to, roster_json: movedRosterJson(r.roster_json, from, to) })
        .where('id', '=', r.id)
        .execute();
  }
  // one statement: a merged row may be another merged row's parent
  await db
    .deleteFrom('ruleset_versions')
    .where('id', 'in', [...merged.keys()])
    .execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('players')
    .addColumn('name_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('ruleset_versions')
    .addColumn('content_digest', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('desk_battles').addColumn('pack_digest', 'text').execute();
  await fillNameKeys(db);
  await fillContentDigests(db);
  await db.schema.createIndex('players_name_key').on('players').column('name_key').unique().execute();
  await db.schema.createIndex('ruleset_versions_content_digest').on('ruleset_versions').column('content_digest').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // renamed players keep their new names and merged versions stay one: the older app reads both as they are
  await db.schema.dropIndex('ruleset_versions_content_digest').execute();
  await db.schema.dropIndex('players_name_key').execute();
  await db.schema.alterTable('ruleset_versions').dropColumn('content_digest').execute();
  await db.schema.alterTable('desk_battles').dropColumn('pack_digest').execute();
  await db.schema.alterTable('players').dropColumn('name_key').execute();
}
