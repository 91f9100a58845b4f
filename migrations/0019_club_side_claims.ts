import type { Kysely } from 'kysely';

// Frozen in time: never import application code into a migration.
//
// Club night on a busy Wi-Fi (issue 42), a side per phone: `club_side_claims`
// holds which phone plays each side of a battle still in progress, one row per
// side. A phone is told apart by the link it opened (club_links.id, never its
// token) and the id it keeps in its own storage (`device_id`, random, made on
// the phone). Only the phone that claimed a side may confirm that side's result,
// rate the battle for it or make its own choices (Captain abilities, Veteran
// Sixes, Rule of Cool); the organiser may reset a claim. The rows go with the
// battle, and with its links when they are revoked. No foreign key to
// club_links: the ledger copy writes tables in its own order.
// Portable schema builder only: it serves the SQLite and the PostgreSQL lists.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('club_side_claims')
    .addColumn('battle_id', 'text', (c) => c.notNull().references('battles.id').onDelete('cascade'))
    .addColumn('side', 'text', (c) => c.notNull()) // A | B
    .addColumn('link_id', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('club_side_claims_pk', ['battle_id', 'side'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('club_side_claims').execute();
}
