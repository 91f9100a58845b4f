import type { Kysely } from 'kysely';

// Frozen in time: never import application code into a migration.
//
// The playtest report counts each order, gambit and ability over every use
// row (a million at 100,000 battles), grouped by kind and key with the number
// of different battles: without an index in that order SQLite sorted every
// row first (2.4 s of the report's 5 s there). Covering (battle_id and n too),
// so the count reads the index alone. Portable schema builder only: it serves
// the SQLite and the PostgreSQL lists.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('report_uses_kind_key').on('report_uses').columns(['kind', 'key', 'battle_id', 'n']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('report_uses_kind_key').execute();
}
