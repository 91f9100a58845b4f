import type { Kysely } from 'kysely';
import type { Database } from '../../src-main/backend/db/schema';
import type { RulesetPack } from '../../src-shared/ruleset/schema';
import { TEST_PACK } from '../fixtures/roster-pack';

/** Stores the roster test pack as a ruleset version and returns its id. */
export function seedTestPack(db: Kysely<Database>): Promise<number> {
  return seedPackVersion(db, TEST_PACK, { version: 1, name: TEST_PACK.meta.name });
}

/** Stores `pack` as version `version` of its pack id, imported with no parent, and returns the new id. */
export async function seedPackVersion(db: Kysely<Database>, pack: RulesetPack, at: { version: number; name: string }): Promise<number> {
  const row = await db
    .insertInto('ruleset_versions')
    .values({
      pack_id: pack.meta.id,
      version: at.version,
      name: at.name,
      rules_version: pack.meta.rulesVersion,
      data_version: pack.meta.dataVersion,
      pack_json: JSON.stringify(pack),
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
