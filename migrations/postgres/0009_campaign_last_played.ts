import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code into a migration.
// PostgreSQL twin of ../0009_campaign_last_played.ts: the same column, index
// and backfill; the three SQLite triggers are one PL/pgSQL function here,
// fired after the same insert, update (of the same columns) and delete.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('campaigns').addColumn('last_played_at', 'text').execute();
  await sql`UPDATE campaigns SET last_played_at = (
      SELECT max(f.created_at) FROM mission_finishes f WHERE f.campaign_id = campaigns.id AND f.undone_by_event_id IS NULL
    )`.execute(db);
  // SQLite sorts NULL lowest, so its DESC index already puts never-played campaigns last; PostgreSQL's DESC
  // puts NULL first, and the dashboard's "desc nulls last" would sort the whole club: the index says it outright
  await sql`CREATE INDEX campaigns_last_played ON campaigns (last_played_at DESC NULLS LAST, updated_at DESC)`.execute(db);
  await sql`CREATE FUNCTION mission_finishes_last_played() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE cid text;
    BEGIN
      IF TG_OP = 'DELETE' THEN cid := OLD.campaign_id; ELSE cid := NEW.campaign_id; END IF;
      UPDATE campaigns SET last_played_at = (
        SELECT max(f.created_at) FROM mission_finishes f WHERE f.campaign_id = cid AND f.undone_by_event_id IS NULL
      ) WHERE id = cid;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER mission_finishes_last_played_insert AFTER INSERT ON mission_finishes
    FOR EACH ROW EXECUTE FUNCTION mission_finishes_last_played()`.execute(db);
  await sql`CREATE TRIGGER mission_finishes_last_played_update AFTER UPDATE OF undone_by_event_id, created_at ON mission_finishes
    FOR EACH ROW EXECUTE FUNCTION mission_finishes_last_played()`.execute(db);
  await sql`CREATE TRIGGER mission_finishes_last_played_delete AFTER DELETE ON mission_finishes
    FOR EACH ROW EXECUTE FUNCTION mission_finishes_last_played()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['insert', 'update', 'delete']) await sql.raw(`DROP TRIGGER mission_finishes_last_played_${t} ON mission_finishes`).execute(db);
  await sql`DROP FUNCTION mission_finishes_last_played()`.execute(db);
  await db.schema.dropIndex('campaigns_last_played').execute();
  await db.schema.alterTable('campaigns').dropColumn('last_played_at').execute();
}
