import type { Kysely } from 'kysely';

// Frozen in time: never import application code into a migration.
//
// The players' word on a battle (Field Manual §12, "speed, clarity and fun";
// issue 36): one row per battle and side that rated it, fun and clarity 1 to 5
// (either may be left out) and the rule that confused them, in their words.
// Keyed by the battle's id as Play Mode, the post-battle form (whose battle
// has no battles row, only its finish) and an imported playtest record name
// it, so no foreign key. A side that did not rate has no row. Portable schema
// builder only: it serves the SQLite and the PostgreSQL lists.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('battle_ratings')
    .addColumn('battle_id', 'text', (c) => c.notNull())
    .addColumn('side', 'text', (c) => c.notNull()) // A | B
    .addColumn('fun', 'integer')
    .addColumn('clarity', 'integer')
    .addColumn('confusing_rule', 'text')
    .addColumn('rated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('battle_ratings_pk', ['battle_id', 'side'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('battle_ratings').execute();
}
