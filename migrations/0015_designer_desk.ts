import type { Kysely } from 'kysely';

// Frozen in time: never import application code into a migration.
//
// The designer's desk (issue 36): playtest bundles sent by many clubs,
// merged. A battle is keyed by the sending club's bundle id and its own id,
// so it is kept once however many bundles bring it, and two clubs' battles
// with the same id are two battles. Each row keeps the bundle's record as
// JSON and, as columns, what the desk's figures filter on. Portable schema
// builder only (no float column): it serves the SQLite and PostgreSQL lists.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('desk_bundles')
    .addColumn('club_id', 'text', (c) => c.notNull())
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('club_name', 'text')
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('exported_at', 'text', (c) => c.notNull())
    .addColumn('imported_at', 'text', (c) => c.notNull())
    .addColumn('records', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('desk_bundles_pk', ['club_id', 'content_hash'])
    .execute();
  await db.schema
    .createTable('desk_battles')
    .addColumn('club_id', 'text', (c) => c.notNull())
    .addColumn('battle_id', 'text', (c) => c.notNull())
    // the newest export of the battle wins: a club that re-exports after a correction replaces its record
    .addColumn('exported_at', 'text', (c) => c.notNull())
    .addColumn('played_at', 'text', (c) => c.notNull())
    .addColumn('rules_version', 'text')
    .addColumn('mission', 'integer')
    .addColumn('variant', 'text')
    .addColumn('faction_a', 'text', (c) => c.notNull())
    .addColumn('faction_b', 'text', (c) => c.notNull())
    .addColumn('points_a', 'integer')
    .addColumn('points_b', 'integer')
    // side A's result: win, draw or loss
    .addColumn('result_a', 'text', (c) => c.notNull())
    // the rulings in force that differ from the default, each between spaces (" a=b c=d "), so one is found with like
    .addColumn('rulings', 'text', (c) => c.notNull())
    .addColumn('record_json', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('desk_battles_pk', ['club_id', 'battle_id'])
    .execute();
  await db.schema.createIndex('desk_battles_played').on('desk_battles').columns(['played_at', 'club_id', 'battle_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('desk_battles').execute();
  await db.schema.dropTable('desk_bundles').execute();
}
