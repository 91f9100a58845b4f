import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code into a migration.

/**
 * Indexes for the club dashboard over a large club (issue 5: 1,000 campaigns,
 * 10,000 finishes). Measured with EXPLAIN QUERY PLAN:
 * - allowances grouped per seat scanned ledger_entries_balance, which holds
 *   every entry (service marks, dice, unlocks…); a partial index over the
 *   requisition kinds alone is about a third of that and still covers the sum
 *   (kind is listed as a column too: SQLite only treats a partial index as
 *   covering when it holds the columns of its own WHERE);
 * - "last played" and "missions played" searched the UNIQUE index on
 *   undone_by_event_id for IS NULL and then read every live finish row (wide
 *   JSON) for created_at; an index over (campaign, undone by, time) lets one
 *   grouped pass answer both from the index alone. It is not partial on
 *   purpose: with a partial "undone IS NULL" index SQLite without statistics
 *   still prefers the UNIQUE index for that term.
 * The requisition kinds are spelled out here on purpose: a migration never
 * imports application code. A new RP kind needs a new migration, and
 * test/integration/ledger-query-plans.test.ts fails until it has one.
 */
const RP_KINDS_AT_0008 = ['starting-allowance', 'participation', 'win', 'mutant-kills', 'cryptid-placing', 'ceiling', 'correction'];

export async function up(db: Kysely<any>): Promise<void> {
  // The wide balance index was the planner's favourite for the grouped sum and
  // it cannot be made smaller; a plain (campaign, player, kind) index keeps the
  // Journal's and the inventory's look-ups by campaign and player.
  await db.schema.dropIndex('ledger_entries_balance').execute();
  await db.schema.createIndex('ledger_entries_campaign_player').on('ledger_entries').columns(['campaign_id', 'player_id', 'kind']).execute();
  await db.schema
    .createIndex('ledger_entries_rp')
    .on('ledger_entries')
    .columns(['campaign_id', 'player_id', 'kind', 'amount'])
    .where(sql.ref('kind'), 'in', RP_KINDS_AT_0008.map((k) => sql.lit(k)))
    .execute();
  await db.schema.createIndex('mission_finishes_register').on('mission_finishes').columns(['campaign_id', 'undone_by_event_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('mission_finishes_register').execute();
  await db.schema.dropIndex('ledger_entries_rp').execute();
  await db.schema.dropIndex('ledger_entries_campaign_player').execute();
  await db.schema.createIndex('ledger_entries_balance').on('ledger_entries').columns(['campaign_id', 'player_id', 'kind', 'amount']).execute();
}
