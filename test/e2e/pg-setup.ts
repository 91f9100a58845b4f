import { pgBinDir, startPgCluster } from '../helpers/pg-cluster';

/**
 * Playwright's global setup: one throwaway PostgreSQL cluster for the run,
 * for the "postgres" project (the campaign and Play Mode specs once more
 * against a league database; fixtures.ts gives each spec file a database of
 * its own). Its address reaches the workers through the environment. Without
 * PostgreSQL installed that project's tests are skipped with a message.
 */
export default async function globalSetup(): Promise<() => void> {
  if (!pgBinDir()) {
    console.warn('[aoa] PostgreSQL is not installed: the end-to-end runs against a league database are SKIPPED (apt-get install postgresql).');
    process.env.AOA_E2E_PG_ADMIN_URL = '';
    return () => undefined;
  }
  const cluster = await startPgCluster();
  process.env.AOA_E2E_PG_ADMIN_URL = cluster.url();
  return () => cluster.stop();
}
