import { sql } from 'kysely';
import { createApiClient, type ApiClient } from '../../src-shared/contract/client';
import { startBackend, type Backend } from '../../src-main/backend/backend';

/**
 * Where a test backend keeps its ledger: a data folder (the SQLite file in
 * it), or a data folder and a league database URL (PostgreSQL). A plain
 * string is a data folder. See dialects.ts for running a suite on both.
 */
export type LedgerPlace = string | { dataDir: string; database?: string };

/** A real backend on a real SQLite file in `dataDir` (or a real league database), with the typed client tests call through. */
export async function testBackend(place: LedgerPlace): Promise<{ backend: Backend; api: ApiClient; close: () => Promise<void> }> {
  const backend = await startBackend(typeof place === 'string' ? { dataDir: place, mode: 'test' } : { ...place, mode: 'test' });
  const api = createApiClient((channel, input) => backend.dispatch(channel, input));
  return { backend, api, close: () => backend.close() };
}

/** testBackend for the length of `fn`, closed afterwards whether `fn` passes or fails. */
export async function withBackend<T>(place: LedgerPlace, fn: (t: { backend: Backend; api: ApiClient }) => Promise<T>): Promise<T> {
  const { close, ...t } = await testBackend(place);
  try {
    return await fn(t);
  } finally {
    await close();
  }
}

type SqliteDatabase = import('better-sqlite3').Database;
type SqliteStatement = import('better-sqlite3').Statement;

/**
 * The dump's statements, prepared once per connection and schema version (the fuzz tests dump the ledger before and
 * after every request, and preparing two dozen statements was half of each dump); a changed schema prepares them again.
 */
const preparedDumps = new WeakMap<SqliteDatabase, { schemaVersion: SqliteStatement; version: unknown; byText: Map<string, SqliteStatement> }>();

function dumpStatements(sqlite: SqliteDatabase): (text: string) => SqliteStatement {
  let cache = preparedDumps.get(sqlite);
  if (!cache) preparedDumps.set(sqlite, (cache = { schemaVersion: sqlite.prepare('pragma schema_version').pluck(), version: undefined, byText: new Map() }));
  const version = cache.schemaVersion.get();
  if (version !== cache.version) {
    cache.version = version;
    cache.byText.clear();
  }
  const { byText } = cache;
  return (text) => {
    let statement = byText.get(text);
    if (!statement) byText.set(text, (statement = sqlite.prepare(text)));
    return statement;
  };
}

/** Every row of every user table, for "nothing changed" assertions. */
export function dumpDatabase(sqlite: SqliteDatabase): Record<string, unknown[]> {
  const statement = dumpStatements(sqlite);
  const tables = statement("select name from sqlite_master where type='table' and name not like 'sqlite_%' order by name").all() as { name: string }[];
  const out: Record<string, unknown[]> = {};
  for (const { name } of tables) out[name] = statement(`select * from "${name}" order by rowid`).all();
  const schema = statement('select type, name, sql from sqlite_master order by name').all();
  out['__schema__'] = schema;
  return out;
}

/**
 * Every row of every table, for "nothing changed" assertions on either
 * dialect: dumpDatabase on the SQLite file; on a league, each table's rows
 * in a stable order and its columns as the schema entry.
 */
export async function dumpLedger(backend: Backend): Promise<Record<string, unknown[]>> {
  if (backend.ctx.dialect === 'sqlite') return dumpDatabase(backend.ctx.sqlite);
  const db = backend.ctx.db;
  const { rows: tables } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables where table_schema = current_schema() order by 1`.execute(db);
  const out: Record<string, unknown[]> = {};
  for (const { name } of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    out[name] = rows.map((r) => JSON.stringify(r)).sort();
  }
  const { rows: schema } = await sql`
    select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns
    where table_schema = current_schema() order by table_name, ordinal_position`.execute(db);
  out['__schema__'] = schema;
  return out;
}
