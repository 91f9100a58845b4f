import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { MIGRATIONS } from '../../migrations';

/**
 * Turns a ledger file written by today's code into one as the release before
 * `step` left it: every step from `step` on is undone by its own `down`, newest
 * first, and struck from the migration table. Steps that change data only (a
 * `down` that keeps the history) leave their rows, as the old release would
 * have them before the step ran. Asking the steps themselves means a later
 * migration never breaks a test written before it.
 */
export async function ledgerBeforeStep(file: string, step: keyof typeof MIGRATIONS): Promise<void> {
  const later = Object.keys(MIGRATIONS)
    .filter((name) => name >= step)
    .sort()
    .reverse();
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(file) }) });
  try {
    for (const name of later) {
      await MIGRATIONS[name]!.down?.(db);
      await db.deleteFrom('kysely_migration').where('name', '=', name).execute();
    }
  } finally {
    await db.destroy();
  }
}
