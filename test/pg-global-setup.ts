import type { TestProject } from 'vitest/node';
import { pgBinDir, startPgCluster, type PgCluster } from './helpers/pg-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's throwaway PostgreSQL cluster, or null when PostgreSQL is not installed. */
    pg: { adminUrl: string; port: number; dir: string } | null;
  }
}

/**
 * One PostgreSQL cluster for the whole vitest run (about 2 s to start): each
 * test file that needs the league dialect creates its own database in it
 * (test/helpers/pg.ts). Only when PostgreSQL's programs are missing are those
 * tests skipped, with this message; CI installs them (.ci/run).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const bin = pgBinDir();
  if (!bin) {
    console.warn(
      '\n[aoa] PostgreSQL 15 is not installed (no initdb): the league-mode (PostgreSQL) tests are SKIPPED. ' +
        'Install it with `apt-get install postgresql` (.ci/run does).\n',
    );
    project.provide('pg', null);
    return () => undefined;
  }
  const cluster: PgCluster = await startPgCluster(bin);
  // a run that is interrupted (Ctrl-C) may skip its teardown: the server is stopped when the process ends anyway
  const onExit = () => {
    try {
      cluster.stop();
    } catch {
      // already stopped
    }
  };
  process.once('exit', onExit);
  project.provide('pg', { adminUrl: cluster.url(), port: cluster.port, dir: cluster.dir });
  return () => {
    process.off('exit', onExit);
    cluster.stop();
  };
}
