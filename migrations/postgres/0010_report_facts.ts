import type { Kysely } from 'kysely';

// Frozen in time: never import application code into a migration.
// PostgreSQL twin of ../0010_report_facts.ts: SQLite's `real` is an 8-byte
// float, which PostgreSQL calls `double precision` (its `real` has 4 bytes).

/**
 * The playtest report's facts, one row per battle and per side, so the report
 * is a handful of grouped queries instead of every record loaded into
 * JavaScript (10,000 battles took a second, 100,000 would not fit a report
 * anyone waits for). Rows are written beside each stored record (an import,
 * a Play Mode finish); the backend fills the facts of records stored before
 * this step when it opens the ledger, since a Play Mode record has to be
 * folded from its events.
 *
 * The five unit types and five rounds are fixed by the rules, so they are
 * columns rather than rows: a side is one row, not twenty.
 */
const UNIT_TYPES = ['command', 'core', 'elite', 'skirmisher', 'heavy'];

export async function up(db: Kysely<any>): Promise<void> {
  let battles = db.schema
    .createTable('report_battles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // 'played' (Play Mode) outranks a stored record with the same id
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('campaign_id', 'text')
    .addColumn('mission', 'integer')
    .addColumn('played_at', 'text', (c) => c.notNull())
    .addColumn('played_day', 'text', (c) => c.notNull())
    .addColumn('sequence', 'text', (c) => c.notNull())
    .addColumn('total_seconds', 'double precision');
  for (let r = 1; r <= 5; r++) battles = battles.addColumn(`round${r}_seconds`, 'double precision');
  await battles
    .addColumn('faction_a', 'text', (c) => c.notNull())
    .addColumn('faction_b', 'text', (c) => c.notNull())
    .addColumn('matchup_a', 'text', (c) => c.notNull())
    .addColumn('matchup_b', 'text', (c) => c.notNull())
    .addColumn('matchup_result', 'text', (c) => c.notNull())
    .addColumn('cryptid', 'integer', (c) => c.notNull())
    .addColumn('cryptid_dealt', 'integer')
    .addColumn('cryptid_taken', 'integer')
    .addColumn('cryptid_defeated', 'integer')
    .addColumn('storm', 'integer', (c) => c.notNull())
    .addColumn('storm_dealt', 'integer')
    .execute();
  await db.schema.createIndex('report_battles_played').on('report_battles').columns(['played_at', 'id']).execute();
  await db.schema.createIndex('report_battles_campaign').on('report_battles').columns(['campaign_id']).execute();

  let sides = db.schema
    .createTable('report_sides')
    .addColumn('battle_id', 'text', (c) => c.notNull().references('report_battles.id').onDelete('cascade'))
    .addColumn('side', 'integer', (c) => c.notNull())
    .addColumn('faction_id', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('vp_objectives', 'integer', (c) => c.notNull())
    .addColumn('vp_relic', 'integer', (c) => c.notNull())
    .addColumn('vp_secondary', 'integer', (c) => c.notNull())
    .addColumn('vp_cryptid_hunt', 'integer', (c) => c.notNull());
  // wounds are null when the record has no entry for that unit type (an entry of zeros is still a row of the report)
  for (const t of UNIT_TYPES)
    sides = sides
      .addColumn(`ranged_${t}`, 'integer')
      .addColumn(`melee_${t}`, 'integer')
      .addColumn(`formations_${t}`, 'integer', (c) => c.notNull())
      .addColumn(`survived_${t}`, 'integer', (c) => c.notNull());
  await sides.addPrimaryKeyConstraint('report_sides_pk', ['battle_id', 'side']).execute();

  // orders, gambits, abilities (key: its id) and uncloak rounds (key: the round), each with its count in the side
  await db.schema
    .createTable('report_uses')
    .addColumn('battle_id', 'text', (c) => c.notNull().references('report_battles.id').onDelete('cascade'))
    .addColumn('side', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('report_uses_battle').on('report_uses').columns(['battle_id']).execute();

  await db.schema
    .createTable('report_disputes')
    .addColumn('battle_id', 'text', (c) => c.notNull().references('report_battles.id').onDelete('cascade'))
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('rule_ref', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_disputes_pk', ['battle_id', 'idx'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['report_disputes', 'report_uses', 'report_sides', 'report_battles']) await db.schema.dropTable(t).execute();
}
