import type { Kysely } from 'kysely';

// Frozen in time: never import application code into a migration.

/**
 * Playtest records kept for the reports: games entered as normalised records
 * (played on paper, at another club, or imported from a file). Battles played
 * in Play Mode are read from their own tables and mapped at report time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('playtest_battles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('campaign_id', 'text')
    .addColumn('mission', 'integer')
    .addColumn('played_at', 'text', (c) => c.notNull())
    .addColumn('record_json', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('import'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('playtest_battles_played').on('playtest_battles').column('played_at').execute();
  await db.schema.createIndex('playtest_battles_campaign').on('playtest_battles').column('campaign_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('playtest_battles').execute();
}
