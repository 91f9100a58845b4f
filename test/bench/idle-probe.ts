import { Worker } from 'node:worker_threads';

/**
 * A thread with nothing to do, measuring its own event-loop delay: on a
 * shared machine the OS may hold any thread for tens of milliseconds, and
 * this tells that apart from work done on the backend's thread.
 */
export function idleLoopProbe(): { stop: () => Promise<number> } {
  const code = `
    const { parentPort } = require('node:worker_threads');
    const { monitorEventLoopDelay } = require('node:perf_hooks');
    const h = monitorEventLoopDelay({ resolution: 10 });
    h.enable();
    parentPort.once('message', () => { h.disable(); parentPort.postMessage(h.max / 1e6); parentPort.close(); });`;
  const w = new Worker(code, { eval: true });
  return {
    stop: () =>
      new Promise<number>((resolve) => {
        w.once('message', (ms: number) => resolve(ms));
        w.postMessage('stop');
      }),
  };
}
