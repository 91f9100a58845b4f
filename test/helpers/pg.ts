import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** The run's PostgreSQL cluster (test/pg-global-setup.ts), or null when PostgreSQL is not installed. */
export const pgServer = inject('pg');

/** A new, empty database in the run's cluster, so test files never see each other's rows; its URL. */
export async function createTestDatabase(prefix = 'aoa_t'): Promise<string> {
  if (!pgServer) throw new Error('PostgreSQL is not available in this run');
  const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: pgServer.adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return pgServer.adminUrl.replace(/\/[^/]*$/, `/${name}`);
}
