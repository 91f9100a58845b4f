import type { Kysely } from 'kysely';
import type { Database } from '../../src-main/backend/db/schema';
import { storePlayerRow } from '../../src-main/backend/db/tables/club.table';
import { storeRulesetVersion } from '../../src-main/backend/db/tables/rulesets.table';
import type { RulesetPack } from '../../src-shared/ruleset/schema';
import { TEST_PACK } from '../fixtures/roster-pack';

/** Stores the roster test pack as a ruleset version and returns its id. */
export function seedTestPack(db: Kysely<Database>): Promise<number> {
  return seedPackVersion(db, TEST_PACK, { version: 1, name: TEST_PACK.meta.name });
}

/**
 * Stores `pack` as version `version` of its pack id (the next free number when that one is taken), imported with no
 * parent, through the store's one insert of a version: the same content already stored is that version's id.
 */
export async function seedPackVersion(db: Kysely<Database>, pack: RulesetPack, at: { version: number; name: string }): Promise<number> {
  const stored = await storeRulesetVersion(db, {
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
  });
  return stored.id;
}

export async function seedPlayer(db: Kysely<Database>, id: string, name: string): Promise<string> {
  await storePlayerRow(db, { id, name, contact: '', notes: '', created_at: new Date().toISOString() });
  return id;
}
