import type { Kysely } from 'kysely';

// Frozen in time: never import application code into a migration.
//
// Club night (issue 35): the links handed to phones. A link's token is kept
// only as its SHA-256 (hex), so a copy of the ledger holds nothing a stranger
// could use; a table link names its battle, a board link none. Kept in the
// ledger so a restart of the app mid-evening keeps the phones working, and a
// revoked link stays revoked. Portable schema builder only: it serves the
// SQLite and the PostgreSQL lists.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('club_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('scope', 'text', (c) => c.notNull()) // table | board
    .addColumn('battle_id', 'text', (c) => c.references('battles.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('club_links_battle').on('club_links').columns(['battle_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('club_links').execute();
}
