import { buildSync } from 'esbuild';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** test/helpers/child-backend.ts bundled for plain Node, which the crash and lock tests start many times. */
    childBackend: string;
  }
}

/**
 * Bundles the child backend once for the run, so each of the processes the
 * crash, lock and read-only tests start is plain Node on one file (about 0.4 s)
 * instead of tsx compiling the backend again (about 1 s, several under load).
 * Packages stay external: the bundle sits under node_modules/.cache and finds
 * them, and the font files, the way the sources do.
 */
export default function setup(project: TestProject): () => void {
  const dir = join(process.cwd(), 'node_modules', '.cache', 'aoa-test');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `child-backend-${process.pid}.mjs`);
  buildSync({
    entryPoints: [join(process.cwd(), 'test', 'helpers', 'child-backend.ts')],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'error',
  });
  project.provide('childBackend', file);
  return () => rmSync(file, { force: true });
}
