import type { Kysely } from 'kysely';

// Frozen in time: never import application code into a migration.
// PostgreSQL twin of ../0002_rulesets.ts: an integer id the database numbers
// itself is `serial` here (SQLite says `integer primary key autoincrement`).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ruleset_versions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('pack_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('rules_version', 'text', (c) => c.notNull())
    .addColumn('data_version', 'text', (c) => c.notNull())
    .addColumn('pack_json', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'integer', (c) => c.references('ruleset_versions.id'))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('origin', 'text', (c) => c.notNull()) // 'bundled' | 'edit' | 'import'
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('ruleset_versions_pack_version', ['pack_id', 'version'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ruleset_versions').execute();
}
