import pg from 'pg';
import { AppError } from '../../../src-shared/errors';
import { createLeaguePool, openLeague } from './league';
import { connectError, redactUrl } from './league-url';

/**
 * `aoa league init URL`: prepares a league database. Two roles:
 * - the owner, which owns the schema and alone may change it (migrations);
 * - the organiser, which organisers' apps log in as: it may read and write
 *   rows and nothing else (no CREATE, DROP or ALTER).
 * Run with a URL of a user allowed to create roles (the server's admin).
 * Passwords, when given, are set on the roles; they are never printed.
 */
export interface LeagueInitOptions {
  url: string;
  password?: string;
  owner?: string;
  organiser?: string;
  ownerPassword?: string;
  organiserPassword?: string;
}

const ROLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export async function initLeague(
  opts: LeagueInitOptions,
): Promise<{ database: string; owner: string; organiser: string; created: string[]; schemaVersion: number }> {
  const owner = opts.owner ?? 'aoa_owner';
  const organiser = opts.organiser ?? 'aoa_organiser';
  for (const r of [owner, organiser]) if (!ROLE_NAME.test(r)) throw new AppError('VALIDATION', `A role name is lower-case letters, digits and _ (not "${r}").`);
  const label = redactUrl(opts.url);
  const admin = createLeaguePool(opts.url, { password: opts.password, max: 1 });
  const created: string[] = [];
  let database: string;
  try {
    const c = await admin.connect().catch((e: unknown) => {
      throw connectError(e, label);
    });
    try {
      database = (await c.query<{ db: string }>('select current_database() as db')).rows[0]!.db;
      const id = (s: string) => c.escapeIdentifier(s);
      for (const [role, password] of [
        [owner, opts.ownerPassword],
        [organiser, opts.organiserPassword],
      ] as const) {
        const exists = (await c.query('select 1 from pg_roles where rolname = $1', [role])).rowCount! > 0;
        const pw = password ? ` password ${c.escapeLiteral(password)}` : '';
        if (!exists) {
          await c.query(`create role ${id(role)} login${pw}`);
          created.push(role);
        } else if (pw) await c.query(`alter role ${id(role)}${pw}`);
      }
      await c.query(`grant connect on database ${id(database)} to ${id(owner)}, ${id(organiser)}`);
      await c.query(`grant usage, create on schema public to ${id(owner)}`);
      await c.query(`grant usage on schema public to ${id(organiser)}`);
      await c.query(`alter default privileges for role ${id(owner)} in schema public grant select, insert, update, delete on tables to ${id(organiser)}`);
      await c.query(`alter default privileges for role ${id(owner)} in schema public grant usage, select on sequences to ${id(organiser)}`);
    } catch (e) {
      if (e instanceof AppError) throw e;
      const code = (e as { code?: string }).code;
      if (code === '42501')
        throw new AppError('VALIDATION', `The user in ${label} may not create roles or grant rights: run "aoa league init" as the server's administrator.`);
      throw e;
    } finally {
      c.release();
    }
  } finally {
    await admin.end();
  }
  // the schema, created by (and so owned by) the owner role, under the migration lock
  const league = await openLeague({ url: opts.url, password: opts.password, role: owner, poolSize: 1, init: true });
  try {
    await league.pool.query(`grant select, insert, update, delete on all tables in schema public to ${pg.escapeIdentifier(organiser)}`);
    await league.pool.query(`grant usage, select on all sequences in schema public to ${pg.escapeIdentifier(organiser)}`);
    return { database, owner, organiser, created, schemaVersion: league.schemaVersion };
  } finally {
    await league.close();
  }
}
