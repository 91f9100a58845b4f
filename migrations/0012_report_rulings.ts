import type { Kysely } from 'kysely';

// Frozen in time: never import application code into a migration.
//
// The rulings each reported battle was played under, where they differ from
// the default (one row per battle and ruling, written `option=value`), so the
// playtest report can set results under a ruling beside those at the default
// with grouped SQL (issue 17). Portable schema builder only: it serves the
// SQLite and the PostgreSQL lists.
//
// The facts of Play Mode battles are derived from their events and their
// campaign's options, so they are dropped here and written again, rulings
// included, when the ledger is next opened (as for a ledger before step
// 0010). Stored records keep their facts: a record imported before this step
// does not say its rulings, and reports it as at the default.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('report_rulings')
    .addColumn('battle_id', 'text', (c) => c.notNull().references('report_battles.id').onDelete('cascade'))
    .addColumn('ruling', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_rulings_pk', ['battle_id', 'ruling'])
    .execute();
  const played = db.selectFrom('report_battles').select('id').where('source', '=', 'played');
  for (const t of ['report_disputes', 'report_uses', 'report_sides']) await db.deleteFrom(t).where('battle_id', 'in', played).execute();
  await db.deleteFrom('report_battles').where('source', '=', 'played').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('report_rulings').execute();
}
