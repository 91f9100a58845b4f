import type { Kysely } from 'kysely';

// Frozen in time: never import application code into a migration.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('players')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('contact', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('players_name').on('players').column('name').execute();

  await db.schema
    .createTable('campaigns')
    .addColumn('id', 'text', (c) => c.primaryKey()) // the unique campaign ID (a UUID)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('ruleset_version_id', 'integer', (c) => c.notNull().references('ruleset_versions.id'))
    .addColumn('options_json', 'text', (c) => c.notNull())
    .addColumn('current_mission', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active')) // active | finished | abandoned
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('campaigns_status').on('campaigns').columns(['status', 'updated_at']).execute();

  // Exactly two seats per campaign (A and B), each a player and a faction.
  await db.schema
    .createTable('campaign_players')
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('seat', 'text', (c) => c.notNull()) // 'A' | 'B'
    .addColumn('player_id', 'text', (c) => c.notNull().references('players.id'))
    .addColumn('faction_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('campaign_players_pk', ['campaign_id', 'seat'])
    .addUniqueConstraint('campaign_players_player', ['campaign_id', 'player_id'])
    .execute();
  await db.schema.createIndex('campaign_players_player_idx').on('campaign_players').column('player_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('campaign_players').execute();
  await db.schema.dropTable('campaigns').execute();
  await db.schema.dropTable('players').execute();
}
