import type { LedgerPlace } from './backend';
import { createTestDatabase, pgServer } from './pg';

export type TestDialect = 'sqlite' | 'postgres';

/**
 * The databases a dialect-aware suite runs on: the SQLite ledger always, a
 * league database on the run's PostgreSQL cluster whenever PostgreSQL is
 * installed (test/pg-global-setup.ts says so when it is not). Use as
 * `describe.each(DIALECTS)('… (%s)', (dialect) => …)` and get each test's
 * ledger from `ledgerPlace(dialect, tmp())`.
 */
export const DIALECTS: TestDialect[] = pgServer ? ['sqlite', 'postgres'] : ['sqlite'];

/** A fresh ledger for one test: the data folder alone (SQLite), or with a new empty league database in it (PostgreSQL). */
export async function ledgerPlace(dialect: TestDialect, dataDir: string): Promise<LedgerPlace> {
  return dialect === 'sqlite' ? dataDir : { dataDir, database: await createTestDatabase() };
}
