import { buildSync } from 'esbuild';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { SOURCE_WORKER_BUNDLES } from '../src-main/backend/worker/start-worker';

declare module 'vitest' {
  export interface ProvidedContext {
    /** test/helpers/child-backend.ts bundled for plain Node, which the crash and lock tests start many times. */
    childBackend: string;
  }
}

/** What a run bundles from the sources once: the entry, and the file it becomes in this run's folder. */
const BUNDLES = [
  // the child backend the crash, lock and read-only tests start as processes
  { entry: 'test/helpers/child-backend.ts', file: 'child-backend.js' },
  // the worker threads the backend starts (print, report and import work; the backend worker), by the names the
  // build gives them (start-worker.ts's `bundled`)
  { entry: 'src-main/backend/jobs/batch.worker.ts', file: 'batch-worker.js' },
  { entry: 'src-main/backend/worker/backend.worker.ts', file: 'backend-worker.js' },
];

/**
 * Bundles the code the tests start again and again, once for the run, so each child process is plain Node on one
 * file (about 0.4 s) instead of tsx compiling the backend again (about 1 s, several under load), and each worker
 * thread a backend starts from the sources loads one file too (0.7 s and 0.9 s of CPU against 1.3 s and 2 s through
 * tsx's loader). The worker bundles are found through `AOA_SOURCE_WORKER_BUNDLES`, which the test processes inherit.
 * Packages stay external: the bundles sit under node_modules/.cache and find them, and the font files, the way the
 * sources do.
 */
export default function setup(project: TestProject): () => void {
  const dir = join(process.cwd(), 'node_modules', '.cache', 'aoa-test', `run-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  // ES modules under the build's .js names, as in out/main
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
  for (const b of BUNDLES)
    buildSync({
      entryPoints: [join(process.cwd(), b.entry)],
      outfile: join(dir, b.file),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      logLevel: 'error',
    });
  project.provide('childBackend', join(dir, 'child-backend.js'));
  process.env[SOURCE_WORKER_BUNDLES] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
