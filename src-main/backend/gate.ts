export interface Gate {
  shared<T>(fn: () => Promise<T>): Promise<T>;
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
}

/**
 * A readers–writer gate over promises: shared work runs concurrently; an
 * exclusive task waits for running shared work to finish and holds new work
 * back until it is done.
 */
export function createGate(): Gate {
  let running = 0;
  let idle: (() => void)[] = [];
  let barrier: Promise<void> = Promise.resolve();

  const whenIdle = () => (running === 0 ? Promise.resolve() : new Promise<void>((r) => idle.push(r)));
  return {
    async shared<T>(fn: () => Promise<T>): Promise<T> {
      // Wait until no exclusive task is queued (one may be queued while we wait).
      for (let b = barrier; ; b = barrier) {
        await b;
        if (b === barrier) break;
      }
      running++;
      try {
        return await fn();
      } finally {
        running--;
        if (running === 0) {
          const waiting = idle;
          idle = [];
          for (const w of waiting) w();
        }
      }
    },
    async exclusive<T>(fn: () => Promise<T>): Promise<T> {
      const previous = barrier;
      let release!: () => void;
      barrier = new Promise<void>((r) => (release = r));
      try {
        await previous;
        await whenIdle();
        return await fn();
      } finally {
        release();
      }
    },
  };
}
