import { build } from 'esbuild';
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

/** What a run bundles from the sources once: each entry by the name of the file it becomes in this run's folder. */
const BUNDLES = {
  // the child backend the crash, lock and read-only tests start as processes
  'child-backend': 'test/helpers/child-backend.ts',
  // the worker threads the backend starts (print, report and import work; the backend worker), by the names the
  // build gives them (start-worker.ts's `bundled`)
  'batch-worker': 'src-main/backend/jobs/batch.worker.ts',
  'backend-worker': 'src-main/backend/worker/backend.worker.ts',
};

/**
 * Bundles the code the tests start again and again, once for the run, so each child process is plain Node on one
 * bundle (about 0.4 s) instead of tsx compiling the backend again (about 1 s, several under load), and each worker
 * thread a backend starts from the sources loads one file too (0.7 s and 0.9 s of CPU against 1.3 s and 2 s through
 * tsx's loader). The worker bundles are found through `AOA_SOURCE_WORKER_BUNDLES`, which the test processes inherit.
 * Packages stay external, but for Kysely and zod as in the build: the bundles sit under node_modules/.cache and find
 * them, and the font files, the way the sources do. A dynamic import stays one, into a chunk beside the entries, as in the build (electron.vite.config.ts):
 * bundled whole, the backend's `import('./pdfmake-loader')` put pdfmake's import at the top of every child backend
 * and worker, and each loaded pdfmake and pdfkit at its start, printing or not (a fifth of a child backend's start's CPU).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = join(process.cwd(), 'node_modules', '.cache', 'aoa-test', `run-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  // ES modules under the build's .js names, as in out/main
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
  await build({
    entryPoints: Object.fromEntries(Object.entries(BUNDLES).map(([name, entry]) => [name, join(process.cwd(), entry)])),
    outdir: dir,
    splitting: true,
    chunkNames: '[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // packages stay packages, but for the two the build bundles too (electron.vite.config.ts): hundreds of module files
    // each, which every child process and worker thread would otherwise resolve and compile at its start
    plugins: [
      {
        name: 'packages-external-but-kysely-and-zod',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => (/^(kysely|zod)(\/|$)/.test(args.path) ? undefined : { path: args.path, external: true }));
        },
      },
    ],
    logLevel: 'error',
  });
  project.provide('childBackend', join(dir, 'child-backend.js'));
  process.env[SOURCE_WORKER_BUNDLES] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
