import type { Kysely } from 'kysely';

// Frozen in time: never import application code into a migration.
//
// Club night (issue 35), what a table link did, kept in the ledger:
// - `battle_events.link_id`: the club night link (club_links.id, never its
//   token) an event was recorded through; null for the organiser's (the
//   window, loopback, the CLI) and for every event recorded before this step.
//   A phone may undo only what its own link recorded. No foreign key: the
//   ledger copy writes battle_events before club_links, and a link's row is
//   never deleted but with its battle, whose events go with it.
// - `club_finish_votes`: each side's confirmed result of a battle still in
//   progress (from side A's view), one row per side, a new vote replacing the
//   old; the rows go when the battle is finished or abandoned. Kept here, not
//   in the running app, so a restart mid-evening keeps a side's confirmation
//   and the other phone can read it.
// Portable schema builder only: it serves the SQLite and the PostgreSQL lists.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('battle_events').addColumn('link_id', 'text').execute();
  await db.schema
    .createTable('club_finish_votes')
    .addColumn('battle_id', 'text', (c) => c.notNull().references('battles.id').onDelete('cascade'))
    .addColumn('side', 'text', (c) => c.notNull()) // A | B
    .addColumn('result', 'text', (c) => c.notNull()) // win | draw | loss, from side A's view
    .addColumn('link_id', 'text') // the link that voted; null for the organiser
    .addColumn('voted_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('club_finish_votes_pk', ['battle_id', 'side'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('club_finish_votes').execute();
  await db.schema.alterTable('battle_events').dropColumn('link_id').execute();
}
