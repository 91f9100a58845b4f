import type { Kysely } from 'kysely';
import type { Database } from '../../src-main/backend/db/schema';
import { TEST_PACK } from '../fixtures/roster-pack';

/** Stores the roster test pack as a ruleset version and returns its id. */
export async function seedTestPack(db: Kysely<Database>): Promise<number> {
  const row = await db
    .insertInto('ruleset_versions')
    .values({
      pack_id: TEST_PACK.meta.id,
      version: 1,
      name: TEST_PACK.meta.name,
      rules_version: TEST_PACK.meta.rulesVersion,
      data_version: TEST_PACK.meta.dataVersion,
      pack_json: JSON.stringify(TEST_PACK),
      parent_id: null,
      note: 'test',
      origin: 'import',
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function seedPlayer(db: Kysely<Database>, id: string, name: string): Promise<string> {
  await db.insertInto('players').values({ id, name, contact: '', notes: '', created_at: new Date().toISOString() }).execute();
  return id;
}

/** A campaign between two players, pinned to `rulesetVersionId`. */
export async function seedCampaign(
  db: Kysely<Database>,
  id: string,
  rulesetVersionId: number,
  seats: [{ playerId: string; factionId: string }, { playerId: string; factionId: string }],
): Promise<string> {
  const now = new Date().toISOString();
  await db
    .insertInto('campaigns')
    .values({ id, name: `Campaign ${id}`, ruleset_version_id: rulesetVersionId, options_json: '{}', current_mission: 1, status: 'active', notes: '', created_at: now, updated_at: now } as never)
    .execute();
  await db
    .insertInto('campaign_players')
    .values(seats.map((s, i) => ({ campaign_id: id, seat: i === 0 ? ('A' as const) : ('B' as const), player_id: s.playerId, faction_id: s.factionId })))
    .execute();
  return id;
}
