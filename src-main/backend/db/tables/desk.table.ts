import { versionNamer } from '../../../../src-shared/desk/versions';
import { AppError } from '../../../../src-shared/errors';
import { safeParseJson } from '../../../../src-shared/json-parse';
import { bundleRecordSchema, type BundleRecord, type PlaytestBundle } from '../../../../src-shared/playtest/bundle';
import { deskRows, type DeskFilter } from '../../../../src-shared/desk/filter';
import { deskRecordOf, type DeskBattle } from '../../../../src-shared/desk/figures';
import { deskColumns, type DeskColumns } from '../../../../src-shared/desk/columns';
import type { Db } from '../schema';
import { registerLedgerCache } from '../../ledger-caches';

/**
 * The designer's desk (migration 0015, issue 36): the bundles imported and
 * their battles, each kept once under (club id, battle id).
 */
interface DeskBundlesTable {
  club_id: string;
  content_hash: string;
  club_name: string | null;
  file_name: string;
  exported_at: string;
  imported_at: string;
  records: number;
}

interface DeskBattlesTable {
  club_id: string;
  battle_id: string;
  exported_at: string;
  played_at: string;
  rules_version: string | null;
  /** The record's pack digest (bundle version 2 on, migration 0018), or null: with rules_version, the version the filter offers. */
  pack_digest: string | null;
  mission: number | null;
  variant: string | null;
  faction_a: string;
  faction_b: string;
  points_a: number | null;
  points_b: number | null;
  result_a: 'win' | 'draw' | 'loss';
  /** Rulings between spaces: " a=b c=d " (or " " for none). */
  rulings: string;
  /** A BundleRecord (src-shared/playtest/bundle.ts). */
  record_json: string;
}

export interface DeskTables {
  desk_bundles: DeskBundlesTable;
  desk_battles: DeskBattlesTable;
}

/** Rows per insert: SQLite limits a statement's bound parameters (999 in older builds). */
const ROWS_PER_INSERT = Math.floor(900 / 14);

export interface DeskWrite {
  /** Battles new to the desk, and battles it had that a newer export replaced. */
  added: number;
  replaced: number;
  /** Battles an earlier file of the same import had brought already (counted once, not as a replacement). */
  duplicates: number;
  /** Whether the bundle itself (club and content hash) was new. */
  newBundle: boolean;
}

/** Stores a checked bundle: the bundle once, each battle once (a newer export of it replaces the older). Run it in a write transaction. */
/**
 * Stores one checked bundle; `onStored` is told how many of its battles have been written so far, slice by slice.
 * `seen` holds the battles (`club|battle`) earlier files of the same import added to the desk: meeting one again is a
 * duplicate within the import, which the summary tells apart from a newer export replacing what the desk held before.
 */
export async function storeDeskBundle(
  db: Db,
  bundle: PlaytestBundle,
  fileName: string,
  now: string,
  onStored?: (battles: number) => void,
  seen: Set<string> = new Set(),
): Promise<DeskWrite> {
  const keyOf = (battleId: string) => `${bundle.club.id}|${battleId}`;
  const meet = (battleId: string) => seen.has(keyOf(battleId));
  const known = await db
    .selectFrom('desk_bundles')
    .select(['club_name', 'exported_at'])
    .where('club_id', '=', bundle.club.id)
    .where('content_hash', '=', bundle.contentHash)
    .executeTakeFirst();
  if (known) {
    // the same records sent again (the hash covers the records only): a later sending that names the club, or renames
    // it, is how the club's name reaches the desk, so it is kept; its battles are held already
    const named = bundle.club.name !== null && bundle.club.name !== known.club_name && bundle.exportedAt > known.exported_at;
    if (named)
      await db
        .updateTable('desk_bundles')
        .set({ club_name: bundle.club.name, exported_at: bundle.exportedAt, file_name: fileName })
        .where('club_id', '=', bundle.club.id)
        .where('content_hash', '=', bundle.contentHash)
        .execute();
    return { added: 0, replaced: 0, duplicates: bundle.records.filter((r) => meet(r.battleId)).length, newBundle: false };
  }
  await db
    .insertInto('desk_bundles')
    .values({
      club_id: bundle.club.id,
      content_hash: bundle.contentHash,
      club_name: bundle.club.name,
      file_name: fileName,
      exported_at: bundle.exportedAt,
      imported_at: now,
      records: bundle.records.length,
    })
    .execute();
  let added = 0;
  let replaced = 0;
  let duplicates = 0;
  for (let i = 0; i < bundle.records.length; i += ROWS_PER_INSERT) {
    const slice = bundle.records.slice(i, i + ROWS_PER_INSERT);
    onStored?.(i);
    const stored = new Map(
      (
        await db
          .selectFrom('desk_battles')
          .select(['battle_id', 'exported_at'])
          .where('club_id', '=', bundle.club.id)
          .where(
            'battle_id',
            'in',
            slice.map((r) => r.battleId),
          )
          .execute()
      ).map((r) => [r.battle_id, r.exported_at]),
    );
    // a battle an earlier file of this import brought is a duplicate, kept once (the later export's copy), not a replacement
    const again = new Set(slice.filter((r) => meet(r.battleId)).map((r) => r.battleId));
    duplicates += again.size;
    const rows = slice.filter((r) => !stored.has(r.battleId) || stored.get(r.battleId)! < bundle.exportedAt).map((r) => deskRow(bundle, r));
    if (!rows.length) continue;
    for (const r of rows) if (stored.has(r.battle_id) && !again.has(r.battle_id)) replaced++;
    const fresh = rows.filter((r) => !stored.has(r.battle_id));
    added += fresh.length;
    for (const r of fresh) seen.add(keyOf(r.battle_id));
    await db
      .insertInto('desk_battles')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['club_id', 'battle_id']).doUpdateSet((eb) => ({
          exported_at: eb.ref('excluded.exported_at'),
          played_at: eb.ref('excluded.played_at'),
          rules_version: eb.ref('excluded.rules_version'),
          pack_digest: eb.ref('excluded.pack_digest'),
          mission: eb.ref('excluded.mission'),
          variant: eb.ref('excluded.variant'),
          faction_a: eb.ref('excluded.faction_a'),
          faction_b: eb.ref('excluded.faction_b'),
          points_a: eb.ref('excluded.points_a'),
          points_b: eb.ref('excluded.points_b'),
          result_a: eb.ref('excluded.result_a'),
          rulings: eb.ref('excluded.rulings'),
          record_json: eb.ref('excluded.record_json'),
        })),
      )
      .execute();
  }
  return { added, replaced, duplicates, newBundle: true };
}

function deskRow(bundle: PlaytestBundle, r: BundleRecord): DeskBattlesTable {
  return {
    club_id: bundle.club.id,
    battle_id: r.battleId,
    exported_at: bundle.exportedAt,
    played_at: r.playedAt,
    rules_version: r.rulesVersion,
    pack_digest: r.packDigest ?? null,
    mission: r.mission,
    variant: r.variant,
    faction_a: r.sides[0].factionId,
    faction_b: r.sides[1].factionId,
    points_a: r.sides[0].points,
    points_b: r.sides[1].points,
    result_a: r.sides[0].result,
    rulings: ` ${[...new Set(r.rulings)].sort().join(' ')} `,
    record_json: JSON.stringify(r),
  };
}

/**
 * The desk's battles, in the order they were played (then club, then id), as columns (src-shared/desk/columns.ts),
 * with the rows the filter selects (null: every battle).
 */
export async function loadDeskColumns(db: Db, f: DeskFilter = {}): Promise<{ columns: DeskColumns; rows: Uint32Array | null }> {
  const columns = await heldDeskColumns(db);
  return { columns, rows: deskRows(columns, f) };
}

/**
 * Every battle of the desk in played order, as last read over this connection, kept while the desk is
 * unchanged: the figures are asked again on every change of filter, and at 100,000 battles reading and
 * ordering the rows again each time would cost more than the figures themselves. Battles reach the desk
 * only with a bundle's row (storeDeskBundle), so the bundles' count and latest import change whenever the
 * battles do, whichever app or organiser imported them (deskStamp). Kept as columns, made once from the
 * records as they are read.
 */
async function heldDeskColumns(db: Db): Promise<DeskColumns> {
  const stamp = await deskStamp(db);
  const hit = held.get(db);
  if (hit && hit.stamp === stamp && hit.generation === generation) return hit.columns;
  const columns = deskColumns(await readDeskBattles(db));
  held.set(db, { stamp, generation, columns });
  return columns;
}

/**
 * The bundles' count and latest import: a battle is written only with a new bundle's row in the same transaction
 * (storeDeskBundle; a league copy adds a bundle's row with its battles), and no bundle is removed, so the count
 * moves whenever the battles do. The battles' own count, once part of the stamp, added nothing to that and cost a
 * scan of every battle's row on each report: on PostgreSQL at 100,000 battles a sequential scan of 130 MB, 230 to
 * 350 ms of every report (14 ms at 10,000, read from the key's index).
 */
async function deskStamp(db: Db): Promise<string> {
  const bundles = await db
    .selectFrom('desk_bundles')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('imported_at').as('at')])
    .executeTakeFirstOrThrow();
  return `${bundles.n}/${bundles.at ?? ''}`;
}

/** Every stored battle in played order, each record read and checked once (see `parsed`). */
async function readDeskBattles(db: Db): Promise<DeskBattle[]> {
  const query = () => db.selectFrom('desk_battles').orderBy('played_at').orderBy('club_id').orderBy('battle_id');
  // the keys and versions first: when every record is parsed already, the records' text (most of the bytes) is not read
  const keys = await query().select(['club_id', 'battle_id', 'exported_at']).execute();
  const cached = (r: { club_id: string; battle_id: string; exported_at: string }) => {
    const hit = parsed.get(`${r.club_id}/${r.battle_id}`);
    return hit && hit.exportedAt === r.exported_at ? hit.battle : undefined;
  };
  if (keys.every((r) => cached(r))) return keys.map((r) => cached(r)!);
  const rows = await query().select(['club_id', 'battle_id', 'exported_at', 'record_json']).execute();
  if (parsed.size + rows.length > MAX_PARSED) parsed.clear();
  return rows.map((r) => {
    const hit = cached(r);
    if (hit) return hit;
    const result = safeParseJson(bundleRecordSchema, r.record_json);
    if (!result.success) throw new AppError('DB_CORRUPT', `The desk's stored battle ${r.battle_id} cannot be read.`);
    const key = `${r.club_id}/${r.battle_id}`;
    const battle = { clubId: r.club_id, record: deskRecordOf(result.data), key };
    parsed.set(key, { exportedAt: r.exported_at, battle });
    return battle;
  });
}

/** Pairs per query of `deskRecords`: two bound parameters each. */
const KEYS_PER_READ = 200;

/** The whole stored records of these battles (`club/battle` keys, as the figures give them), in the keys' order; a key the desk lacks is left out. */
export async function deskRecords(db: Db, keys: readonly string[]): Promise<{ clubId: string; key: string; record: BundleRecord }[]> {
  const found = new Map<string, { clubId: string; key: string; record: BundleRecord }>();
  for (let i = 0; i < keys.length; i += KEYS_PER_READ) {
    const pairs = keys.slice(i, i + KEYS_PER_READ).map((k) => [k.slice(0, k.indexOf('/')), k.slice(k.indexOf('/') + 1)] as const);
    const rows = await db
      .selectFrom('desk_battles')
      .select(['club_id', 'battle_id', 'record_json'])
      .where((eb) => eb.or(pairs.map(([club, battle]) => eb.and([eb('club_id', '=', club), eb('battle_id', '=', battle)]))))
      .execute();
    for (const r of rows) {
      const result = safeParseJson(bundleRecordSchema, r.record_json);
      if (!result.success) throw new AppError('DB_CORRUPT', `The desk's stored battle ${r.battle_id} cannot be read.`);
      const key = `${r.club_id}/${r.battle_id}`;
      found.set(key, { clubId: r.club_id, key, record: result.data });
    }
  }
  return keys.flatMap((k) => found.get(k) ?? []);
}

/** The desk's battles per connection (a ledger opened again, or restored, is another connection). */
const held = new WeakMap<Db, { stamp: string; generation: number; columns: DeskColumns }>();
/** Bumped when the app's ledger changes, so no copy read from the one before is used. */
let generation = 0;

/**
 * Records parsed once and kept with the export they came from (a battle's row changes only when a newer
 * export replaces it), so reading the desk again after an import checks only the new records.
 */
const parsed = new Map<string, { exportedAt: string; battle: DeskBattle }>();
registerLedgerCache(() => {
  parsed.clear();
  generation += 1;
});
const MAX_PARSED = 250_000;

/** What the desk's filters can choose from: each column's distinct values (rulings split), and the range of the points its records know. */
export async function deskChoices(db: Db) {
  const distinct = async (column: 'variant' | 'faction_a' | 'faction_b' | 'rulings') =>
    (await db.selectFrom('desk_battles').select(column).distinct().execute()).map((r) => r[column]).filter((v): v is string => v !== null);
  // a version is its pack digest where known, named as the columns name it (desk/versions.ts)
  const versionPairs = async () => {
    const pairs = (await db.selectFrom('desk_battles').select(['rules_version', 'pack_digest']).distinct().execute()).map(
      (r) => [r.rules_version, r.pack_digest] as const,
    );
    const named = versionNamer(pairs);
    return pairs.map(([label, digest]) => named(label, digest)).filter((v): v is string => v !== null);
  };
  const [versions, variants, a, b, rulings, points] = await Promise.all([
    versionPairs(),
    distinct('variant'),
    distinct('faction_a'),
    distinct('faction_b'),
    distinct('rulings'),
    db
      .selectFrom('desk_battles')
      .select((eb) => [eb.fn.min('points_a').as('minA'), eb.fn.min('points_b').as('minB'), eb.fn.max('points_a').as('maxA'), eb.fn.max('points_b').as('maxB')])
      .executeTakeFirstOrThrow(),
  ]);
  const sorted = (xs: Iterable<string>) => [...new Set(xs)].sort();
  const known = (xs: (number | null)[]) => xs.filter((x): x is number => x !== null).map(Number);
  const lows = known([points.minA, points.minB]);
  const highs = known([points.maxA, points.maxB]);
  return {
    versions: sorted(versions),
    variants: sorted(variants),
    factions: sorted([...a, ...b]),
    rulings: sorted(rulings.flatMap((r) => r.split(' ').filter(Boolean))),
    points: lows.length && highs.length ? { min: Math.min(...lows), max: Math.max(...highs) } : null,
  };
}

/** What the desk holds: its clubs (each with its name as last sent, bundles and battles). */
export async function deskClubs(db: Db): Promise<{ clubId: string; name: string | null; bundles: number; battles: number }[]> {
  const bundles = await db.selectFrom('desk_bundles').select(['club_id', 'club_name', 'exported_at']).orderBy('exported_at').execute();
  const battles = await db
    .selectFrom('desk_battles')
    .select((eb) => ['club_id', eb.fn.countAll<number>().as('n')])
    .groupBy('club_id')
    .execute();
  const out = new Map<string, { clubId: string; name: string | null; bundles: number; battles: number }>();
  for (const b of bundles) {
    const c = out.get(b.club_id) ?? { clubId: b.club_id, name: null, bundles: 0, battles: 0 };
    c.bundles += 1;
    if (b.club_name) c.name = b.club_name;
    out.set(b.club_id, c);
  }
  for (const b of battles) {
    const c = out.get(b.club_id);
    if (c) c.battles = Number(b.n);
  }
  return [...out.values()];
}
