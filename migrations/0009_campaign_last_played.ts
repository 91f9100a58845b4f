import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code into a migration.

/**
 * The club dashboard sorts by "last played" (the newest live finish of a
 * campaign). Computing that from the finish register for every campaign made
 * a page cost grow with the club (10,000 campaigns: ×11 the page at 1,000).
 * campaigns.last_played_at keeps it beside the campaign, with an index the
 * page reads in order, so a page costs the same in any club. Triggers keep it
 * equal to the register whatever writes it (a finish, an undo, a redo, an
 * import), so no application code can forget to.
 */
const RECOMPUTE = (ref: 'NEW' | 'OLD') =>
  `UPDATE campaigns SET last_played_at = (
     SELECT max(f.created_at) FROM mission_finishes f WHERE f.campaign_id = ${ref}.campaign_id AND f.undone_by_event_id IS NULL
   ) WHERE id = ${ref}.campaign_id;`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('campaigns').addColumn('last_played_at', 'text').execute();
  await sql`UPDATE campaigns SET last_played_at = (
      SELECT max(f.created_at) FROM mission_finishes f WHERE f.campaign_id = campaigns.id AND f.undone_by_event_id IS NULL
    )`.execute(db);
  // never-played campaigns sort last, ties most recently changed first (as the dashboard always showed them)
  await db.schema.createIndex('campaigns_last_played').on('campaigns').columns(['last_played_at desc', 'updated_at desc']).execute();
  await sql.raw(`CREATE TRIGGER mission_finishes_last_played_insert AFTER INSERT ON mission_finishes BEGIN ${RECOMPUTE('NEW')} END`).execute(db);
  await sql
    .raw(`CREATE TRIGGER mission_finishes_last_played_update AFTER UPDATE OF undone_by_event_id, created_at ON mission_finishes BEGIN ${RECOMPUTE('NEW')} END`)
    .execute(db);
  await sql.raw(`CREATE TRIGGER mission_finishes_last_played_delete AFTER DELETE ON mission_finishes BEGIN ${RECOMPUTE('OLD')} END`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['insert', 'update', 'delete']) await sql.raw(`DROP TRIGGER mission_finishes_last_played_${t}`).execute(db);
  await db.schema.dropIndex('campaigns_last_played').execute();
  await db.schema.alterTable('campaigns').dropColumn('last_played_at').execute();
}
