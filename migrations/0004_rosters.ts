import type { Kysely } from 'kysely';

// Frozen in time: never import application code into a migration.

export async function up(db: Kysely<any>): Promise<void> {
  // One row per warband. The roster itself (command group, formations,
  // fighters, postings) is one JSON document validated by the app; the
  // columns beside it are what lists, searches and foreign keys need.
  // Deleting sets deleted_at, so "Undo" can bring the roster back.
  await db.schema
    .createTable('rosters')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('player_id', 'text', (c) => c.notNull().references('players.id'))
    .addColumn('campaign_id', 'text', (c) => c.references('campaigns.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('faction_id', 'text', (c) => c.notNull())
    .addColumn('ruleset_version_id', 'integer', (c) => c.notNull().references('ruleset_versions.id'))
    .addColumn('mode', 'text', (c) => c.notNull()) // campaign | standalone | crossover
    .addColumn('roster_json', 'text', (c) => c.notNull())
    .addColumn('valid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rosters_player').on('rosters').columns(['player_id', 'updated_at']).execute();
  await db.schema.createIndex('rosters_campaign').on('rosters').columns(['campaign_id', 'player_id']).execute();
  await db.schema.createIndex('rosters_updated').on('rosters').columns(['deleted_at', 'updated_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rosters').execute();
}
