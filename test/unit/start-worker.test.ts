import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';
import { SOURCE_WORKER_BUNDLES, startWorker } from '../../src-main/backend/worker/start-worker';
import { useTempDirs } from '../helpers/tmp';

/** The first message a worker posts, or its error. */
function firstMessage(w: NonNullable<ReturnType<typeof startWorker>>): Promise<unknown> {
  return new Promise((resolve, reject) => {
    w.once('message', (m) => {
      resolve(m);
      void w.terminate();
    });
    w.once('error', reject);
  });
}

const WORKER = `import { parentPort, workerData } from 'node:worker_threads'; parentPort.postMessage({ from: FROM, workerData });`;

describe('startWorker: which code a worker thread runs', () => {
  const tmp = useTempDirs();
  const saved = process.env[SOURCE_WORKER_BUNDLES];
  afterEach(() => {
    if (saved === undefined) delete process.env[SOURCE_WORKER_BUNDLES];
    else process.env[SOURCE_WORKER_BUNDLES] = saved;
  });

  test('from the sources, a run that bundled the workers once starts the bundle of that name, with its data', async () => {
    const sources = tmp();
    const bundles = tmp();
    writeFileSync(join(sources, 'job.worker.ts'), WORKER.replace('FROM', "'source'"));
    writeFileSync(join(bundles, 'package.json'), '{"type":"module"}');
    writeFileSync(join(bundles, 'job-worker.js'), WORKER.replace('FROM', "'bundle'"));
    process.env[SOURCE_WORKER_BUNDLES] = bundles;
    const w = startWorker(pathToFileURL(join(sources, 'caller.ts')).href, { source: './job.worker.ts', bundled: './job-worker.js' }, { n: 7 });
    expect(await firstMessage(w!)).toEqual({ from: 'bundle', workerData: { n: 7 } });
  });

  test('from the sources without bundles, the source itself runs through tsx', async () => {
    delete process.env[SOURCE_WORKER_BUNDLES];
    const sources = mkdtempSync(join(process.cwd(), 'node_modules', '.cache', 'start-worker-'));
    try {
      // inside the project, where tsx resolves as it does for the backend's own sources
      writeFileSync(join(sources, 'package.json'), '{"type":"module"}');
      writeFileSync(join(sources, 'job.worker.ts'), WORKER.replace('FROM', "'source' as string"));
      const w = startWorker(pathToFileURL(join(sources, 'caller.ts')).href, { source: './job.worker.ts', bundled: './job-worker.js' }, { n: 8 });
      expect(await firstMessage(w!)).toEqual({ from: 'source', workerData: { n: 8 } });
    } finally {
      rmSync(sources, { recursive: true, force: true });
    }
  });

  test('a built backend starts the file beside it, and none when the build lacks it', async () => {
    const built = tmp();
    writeFileSync(join(built, 'job-worker.js'), WORKER.replace('FROM', "'built'"));
    writeFileSync(join(built, 'package.json'), '{"type":"module"}');
    const caller = pathToFileURL(join(built, 'index.js')).href;
    expect(await firstMessage(startWorker(caller, { source: './job.worker.ts', bundled: './job-worker.js' }, null)!)).toEqual({
      from: 'built',
      workerData: null,
    });
    expect(startWorker(caller, { source: './job.worker.ts', bundled: './other-worker.js' }, null)).toBeNull();
  });
});
