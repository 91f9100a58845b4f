import type { Kysely } from 'kysely';

// Frozen in time: never import application code into a migration.
//
// Paper battles in the playtest report (issue 41): a battle recorded on the
// post-battle form knows each side's VP as a total, not by source. The report's
// VP by source counts only the sides that give their sources, while its VP per
// side (results by ruling) counts every side whose total is known: `vp_total`
// holds it, for a paper side the total as entered and for a Play Mode side the
// sum of its sources. Rows written before it hold null, read as that sum.
// Portable schema builder only: it serves the SQLite and the PostgreSQL lists.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('report_sides').addColumn('vp_total', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('report_sides').dropColumn('vp_total').execute();
}
