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
