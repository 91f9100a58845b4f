import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code into a migration.

export async function up(db: Kysely<any>): Promise<void> {
  // One row per thing that happened to a campaign, numbered per campaign.
  // UNIQUE (campaign_id, seq) orders the timeline and makes two writers that
  // raced on the same campaign collide instead of interleaving.
  await db.schema
    .createTable('ledger_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull()) // campaign-created | mission-finished | correction | undo | redo
    .addColumn('mission', 'integer')
    .addColumn('summary', 'text', (c) => c.notNull())
    // an event is undone at most once, and an undo is redone at most once
    .addColumn('reverses_event_id', 'text', (c) => c.unique().references('ledger_events.id'))
    .addColumn('redoes_event_id', 'text', (c) => c.unique().references('ledger_events.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('ledger_events_campaign_seq', ['campaign_id', 'seq'])
    .execute();

  // Append-only: rows are never updated or deleted. A correction or an undo
  // is a new entry; reverses_entry_id is UNIQUE so an entry is reversed once.
  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('ledger_events.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('player_id', 'text', (c) => c.references('players.id'))
    .addColumn('mission', 'integer')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('item_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('reverses_entry_id', 'text', (c) => c.unique().references('ledger_entries.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('ledger_entries_event_position', ['event_id', 'position'])
    .execute();
  // balances per player (allowanceFor, the dashboard) read only the index
  await db.schema
    .createIndex('ledger_entries_balance')
    .on('ledger_entries')
    .columns(['campaign_id', 'player_id', 'kind', 'amount'])
    .execute();

  // One row per recorded mission finish. The partial UNIQUE indexes make
  // "recorded exactly once" a property of the schema: while a finish is live
  // (not undone), no second finish of the same campaign mission, and no
  // second finish of the same battle, can be inserted.
  await db.schema
    .createTable('mission_finishes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('mission', 'integer', (c) => c.notNull())
    .addColumn('battle_id', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull().unique().references('ledger_events.id'))
    .addColumn('outcome_json', 'text', (c) => c.notNull())
    .addColumn('preview_json', 'text', (c) => c.notNull())
    .addColumn('undone_by_event_id', 'text', (c) => c.unique().references('ledger_events.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mission_finishes_live_mission')
    .on('mission_finishes')
    .columns(['campaign_id', 'mission'])
    .unique()
    .where(sql.ref('undone_by_event_id'), 'is', null)
    .execute();
  await db.schema
    .createIndex('mission_finishes_live_battle')
    .on('mission_finishes')
    .column('battle_id')
    .unique()
    .where(sql.ref('undone_by_event_id'), 'is', null)
    .execute();
  await db.schema.createIndex('mission_finishes_campaign').on('mission_finishes').columns(['campaign_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mission_finishes').execute();
  await db.schema.dropTable('ledger_entries').execute();
  await db.schema.dropTable('ledger_events').execute();
}
