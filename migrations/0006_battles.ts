import type { Kysely } from 'kysely';

// Frozen in time: never import application code into a migration.

export async function up(db: Kysely<any>): Promise<void> {
  // One row per battle played in Play Mode. The setup snapshot (the two armies
  // as they took the table) and the options it is played under are stored
  // with it, so the record replays the same way whatever is edited later.
  await db.schema
    .createTable('battles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('mode', 'text', (c) => c.notNull()) // campaign | standalone | crossover
    .addColumn('campaign_id', 'text', (c) => c.references('campaigns.id'))
    .addColumn('mission', 'integer')
    .addColumn('roster_a_id', 'text')
    .addColumn('roster_b_id', 'text')
    .addColumn('player_a_id', 'text', (c) => c.notNull().references('players.id'))
    .addColumn('player_b_id', 'text', (c) => c.notNull().references('players.id'))
    .addColumn('ruleset_version_id', 'integer', (c) => c.notNull().references('ruleset_versions.id'))
    .addColumn('options_json', 'text', (c) => c.notNull())
    .addColumn('setup_json', 'text', (c) => c.notNull())
    .addColumn('activation', 'text', (c) => c.notNull()) // bag | alternating
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('in_progress')) // in_progress | finished | abandoned
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('outcome_json', 'text')
    .execute();
  await db.schema.createIndex('battles_status').on('battles').columns(['status', 'updated_at']).execute();
  await db.schema.createIndex('battles_campaign').on('battles').columns(['campaign_id', 'mission']).execute();

  // Append-only: an event row is never deleted and its payload never changes.
  // A correction is a new event naming the one it corrects; the only update
  // is setting `struck` on the corrected event, in the same transaction.
  // The id comes from the client, so a retried write is recognised.
  await db.schema
    .createTable('battle_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('battle_id', 'text', (c) => c.notNull().references('battles.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('corrects_event_id', 'text', (c) => c.references('battle_events.id'))
    .addColumn('struck', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('battle_events_battle_seq', ['battle_id', 'seq'])
    .execute();
  await db.schema.createIndex('battle_events_kind').on('battle_events').columns(['kind', 'battle_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('battle_events').execute();
  await db.schema.dropTable('battles').execute();
}
