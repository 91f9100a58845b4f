import pg from 'pg';
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, sql, type DialectAdapter, type Migration, type MigrationProvider } from 'kysely';
import { AppError } from '../../../src-shared/errors';
import { PG_MIGRATIONS } from '../../../migrations/postgres';
import type { Database } from './schema';
import { PG_INT8, PG_NUMERIC } from './dialect';
import { ledgerChanged } from '../ledger-caches';
import { connectError, pgConnectionString, redactUrl } from './league-url';

/**
 * League mode: the ledger on a PostgreSQL server shared by several
 * organisers, opened through node-postgres' pool and Kysely's PostgresDialect.
 * The repositories are the same as on SQLite (dialect.ts holds where they
 * differ); this module is the connection: the URL, the pool, the schema
 * version check and the migrations under an advisory lock.
 */
export interface LeagueLedger {
  dialect: 'postgres';
  /** The URL with any password removed: safe to log and show. */
  label: string;
  db: Kysely<Database>;
  pool: pg.Pool;
  schemaVersion: number;
  /** Set when the league's schema is newer than this app: it may read, never write. */
  newerSchema?: string;
  close(): Promise<void>;
}

export interface OpenLeagueOptions {
  url: string;
  /** The password when the URL does not carry one (from safeStorage, the environment, or a pgpass file, which pg reads itself). */
  password?: string;
  /** Override the migration list (tests of the runner itself). */
  migrations?: Record<string, Migration>;
  /** Connections in the pool (default 8). */
  poolSize?: number;
  /** Do not migrate (the read-only CLI beside a running app). */
  readOnly?: boolean;
  /** Act as this role on every connection (SET ROLE): `league init` migrates as the league's owner role. */
  role?: string;
  /**
   * `league init`: the league's schema may be made in a database that already holds other tables. Without it such a
   * database is refused untouched (a mistyped `--database` must not fill another application's database); an empty
   * one becomes a league when first opened, as it always has.
   */
  init?: boolean;
}

/** Any number: a league's key for its advisory locks ("aoa-ledger" as bytes). */
export const MIGRATION_LOCK_KEY = 0x616f612d6c656467n;

/**
 * The migrating connection already holds the lock (migrateLeague), so
 * Kysely's own session lock, taken outside its transaction, is not wanted.
 */
class LockHeldAdapter extends PostgresAdapter {
  override async acquireMigrationLock(): Promise<void> {}
  override async releaseMigrationLock(): Promise<void> {}
}
class LockHeldDialect extends PostgresDialect {
  override createAdapter(): DialectAdapter {
    return new LockHeldAdapter();
  }
}

class StaticProvider implements MigrationProvider {
  constructor(private readonly list: Record<string, Migration>) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return this.list;
  }
}

const TYPE_PARSERS = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === PG_INT8 || oid === PG_NUMERIC ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * A connection whose start failed is closed at once. node-postgres leaves the socket open when it cannot answer the
 * server's password request (no password given): the server then waits out its authentication_timeout (60 s) before
 * closing it, and the CLI, refused already, could not exit until then.
 */
class ClosingClient extends pg.Client {
  override connect(): Promise<pg.Client>;
  override connect(callback: ((err: Error) => void) | ((err: null, c: pg.Client) => void)): void;
  override connect(callback?: ((err: Error) => void) | ((err: null, c: pg.Client) => void)): Promise<pg.Client> | void {
    const close = () => (this as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    if (!callback)
      return super.connect().catch((e: unknown) => {
        close();
        throw e;
      });
    super.connect(((err: Error | null, c?: pg.Client) => {
      if (err) close();
      (callback as (err: Error | null, c?: pg.Client) => void)(err, c);
    }) as (err: Error) => void);
  }
}

export function createLeaguePool(url: string, opts: { password?: string; max?: number; role?: string } = {}): pg.Pool {
  const pool = new pg.Pool({
    Client: ClosingClient,
    connectionString: pgConnectionString(url, opts.password),
    ...(opts.role ? { options: `-c role=${opts.role}` } : {}),
    max: opts.max ?? 8,
    types: TYPE_PARSERS,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    application_name: 'aoa-campaign-manager',
  });
  // A connection the server drops (restart, network) says so twice: its query fails, which the request
  // reports, and it emits 'error', which unheard would end the process. Idle ones are removed by the
  // pool; the next request opens a new connection, so the app reconnects by itself.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/** Tables, views and sequences of anything but the server itself (its catalogs, TOAST and temporary schemas). */
async function holdsOtherRelations(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ n: number }>(
    `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
        and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'`,
  );
  return (rows[0]?.n ?? 0) > 0;
}

async function appliedSteps(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ t: string | null }>("select to_regclass('kysely_migration')::text t");
  if (!rows[0]?.t) return [];
  return (await pool.query<{ name: string }>('select name from kysely_migration order by name')).rows.map((r) => r.name);
}

/**
 * Brings a league's schema up to date in one transaction holding
 * pg_advisory_xact_lock: two apps starting at once cannot both migrate (the
 * second waits, then finds nothing pending), and a process that dies
 * mid-way holds nothing once its transaction is rolled back. A pool of one
 * connection keeps every statement of Kysely's Migrator, its bookkeeping
 * tables included, inside that transaction.
 */
async function migrateLeague(url: string, password: string | undefined, migrations: Record<string, Migration>, role?: string): Promise<void> {
  const one = createLeaguePool(url, { password, max: 1, role });
  const mdb = new Kysely<any>({ dialect: new LockHeldDialect({ pool: one }) });
  try {
    await sql`begin`.execute(mdb);
    try {
      await sql`select pg_advisory_xact_lock(${sql.lit(MIGRATION_LOCK_KEY.toString())}::bigint)`.execute(mdb);
      const { error, results } = await new Migrator({ db: mdb, provider: new StaticProvider(migrations), disableTransactions: true }).migrateToLatest();
      if (error) {
        const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
        throw new AppError('INTERNAL', `Updating the league database failed at step ${failed}; nothing was changed. ${(error as Error).message ?? error}`);
      }
      await sql`commit`.execute(mdb);
    } catch (e) {
      await sql`rollback`.execute(mdb).catch(() => undefined);
      throw e;
    }
  } finally {
    await mdb.destroy();
  }
}

/**
 * Opens a league database and brings its schema up to date (the pending
 * steps in one transaction under the advisory lock). A league whose schema
 * is newer than this app is opened for reading only, with `newerSchema`
 * naming the step this app lacks.
 */
export async function openLeague(opts: OpenLeagueOptions): Promise<LeagueLedger> {
  const migrations = opts.migrations ?? PG_MIGRATIONS;
  const label = redactUrl(opts.url);
  let pool: pg.Pool;
  try {
    new URL(opts.url);
    if (opts.role && !/^[a-z_][a-z0-9_]*$/.test(opts.role)) throw new Error('role');
    pool = createLeaguePool(opts.url, { password: opts.password, max: opts.poolSize, role: opts.role });
  } catch {
    throw new AppError('VALIDATION', `The league database URL is not readable: write it as postgres://USER@HOST:PORT/DATABASE.`);
  }
  let applied: string[];
  let foreign = false;
  try {
    applied = await appliedSteps(pool);
    if (applied.length === 0 && !opts.init) foreign = await holdsOtherRelations(pool);
  } catch (e) {
    await pool.end().catch(() => undefined);
    throw connectError(e, label);
  }
  if (foreign) {
    await pool.end().catch(() => undefined);
    throw new AppError('VALIDATION', `The database at ${label} is not a league database: run \`aoa league init\` there, or choose the league's database.`);
  }
  const known = new Set(Object.keys(migrations));
  const unknown = applied.filter((n) => !known.has(n));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  // Kysely ends a pool it has used; this one may have been asked only directly (the steps applied, `league init`'s
  // grants), and its idle connections would then keep the process alive for idleTimeoutMillis (30 s after a CLI
  // command's last line): it is ended here too, once
  const close = async () => {
    await db.destroy();
    if (!pool.ended) await pool.end().catch(() => undefined);
  };
  if (unknown.length === 0 && !opts.readOnly && applied.length < known.size) {
    try {
      await migrateLeague(opts.url, opts.password, migrations, opts.role);
    } catch (e) {
      await close();
      throw e instanceof AppError ? e : connectError(e, label);
    }
  }
  ledgerChanged();
  return {
    dialect: 'postgres',
    label,
    db,
    pool,
    schemaVersion: Object.keys(migrations).length,
    newerSchema: unknown.length ? unknown[unknown.length - 1] : undefined,
    close,
  };
}
