import { createApiClient, type ApiClient } from '../../src-shared/contract/client';
import { startBackend, type Backend } from '../../src-main/backend/backend';

/** A real backend on a real SQLite file in `dataDir`, with the typed client tests call through. */
export async function testBackend(dataDir: string): Promise<{ backend: Backend; api: ApiClient; close: () => Promise<void> }> {
  const backend = await startBackend({ dataDir, mode: 'test' });
  const api = createApiClient((channel, input) => backend.dispatch(channel, input));
  return { backend, api, close: () => backend.close() };
}

/** testBackend for the length of `fn`, closed afterwards whether `fn` passes or fails. */
export async function withBackend<T>(dataDir: string, fn: (t: { backend: Backend; api: ApiClient }) => Promise<T>): Promise<T> {
  const { close, ...t } = await testBackend(dataDir);
  try {
    return await fn(t);
  } finally {
    await close();
  }
}

/** Every row of every user table, for "nothing changed" assertions. */
export function dumpDatabase(sqlite: import('better-sqlite3').Database): Record<string, unknown[]> {
  const tables = sqlite.prepare("select name from sqlite_master where type='table' and name not like 'sqlite_%' order by name").all() as { name: string }[];
  const out: Record<string, unknown[]> = {};
  for (const { name } of tables) out[name] = sqlite.prepare(`select * from "${name}" order by rowid`).all();
  const schema = sqlite.prepare('select type, name, sql from sqlite_master order by name').all();
  out['__schema__'] = schema;
  return out;
}
