import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { PASSWORD_GROUP } from './pg-cluster';

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

/**
 * A new test database and a user of it who must log in with `password` (the
 * run's cluster asks members of PASSWORD_GROUP for one); the URL names the
 * user but carries no password.
 */
export async function databaseWithPasswordUser(password: string): Promise<{ url: string; user: string }> {
  const url = await createTestDatabase();
  const user = `pw_${randomUUID().replace(/-/g, '').slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`do $$ begin create role ${PASSWORD_GROUP} nologin; exception when duplicate_object then null; end $$`);
    await admin.query(`create role ${user} login password '${password}' in role ${PASSWORD_GROUP}`);
    await admin.query(`grant all on schema public to ${user}`);
  } finally {
    await admin.end();
  }
  const u = new URL(url);
  u.username = user;
  return { url: u.toString(), user };
}
