import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** Names a folder holding the workers bundled from the current sources, by their `bundled` names; used in source mode. */
export const SOURCE_WORKER_BUNDLES = 'AOA_SOURCE_WORKER_BUNDLES';

/**
 * Starts a worker thread on the code beside the calling module (`callerUrl`,
 * its import.meta.url). Under tsx/vitest that is the TypeScript `source`; a
 * worker does not inherit tsx's loader, so it registers it there first. A
 * bundled build ships `bundled` beside itself (electron.vite.config.ts builds
 * it). Null when the build has no such file.
 */
export function startWorker(callerUrl: string, files: { source: string; bundled: string }, workerData: unknown): Worker | null {
  if (callerUrl.endsWith('.ts')) {
    // a test run bundles the workers from these sources once (test/source-bundles-setup.ts) rather than have tsx
    // compile the backend again in every worker thread
    const prebuilt = process.env[SOURCE_WORKER_BUNDLES];
    if (prebuilt) return new Worker(new URL(files.bundled, pathToFileURL(join(prebuilt, '/'))), { workerData });
    const tsxApi = pathToFileURL(join(dirname(createRequire(callerUrl).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
    const entry = new URL(files.source, callerUrl).href;
    const boot = `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`;
    return new Worker(boot, { eval: true, workerData });
  }
  const bundled = new URL(files.bundled, callerUrl);
  return existsSync(fileURLToPath(bundled)) ? new Worker(bundled, { workerData }) : null;
}
