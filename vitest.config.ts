import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { useMemoryTmpdir } from './test/helpers/test-tmp';

// ledgers in memory where the machine allows it: commits then skip the disk's fsync (test/helpers/test-tmp.ts)
useMemoryTmpdir();

export default defineConfig({
  test: {
    include: [
      'test/unit/**/*.test.ts',
      'test/integration/**/*.test.ts',
      'src-shared/**/*.test.ts',
      'src-main/**/*.test.ts',
      ...(process.env.AOA_SOAK ? ['test/soak/**/*.test.ts'] : []),
    ],
    exclude: ['test/e2e/**', 'node_modules/**', 'out/**', ...(process.env.AOA_SOAK ? [] : ['test/soak/**'])],
    // batches print at normal priority here: every core is busy with other tests, and a batch niced to 10 got a
    // tenth of one (src-main/backend/jobs/batch-niceness.ts); child processes (CLI, servers) inherit it
    env: { AOA_BATCH_NICENESS: '0' },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // vitest's default is one worker fewer than the cores: one on a 2-core machine, where many files wait on
    // child processes, PostgreSQL or timers; two workers fill those waits (the suite alone: 155 s → 98 s)
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // test files share a worker's module graph instead of re-importing the backend, kysely, zod and pdfmake
    // for each one (unit tests 43 % less CPU): every file makes its own data folder, ledger and backend
    isolate: false,
    // one throwaway PostgreSQL cluster for the run (league mode); each file makes its own database in it
    // and, bundled once from the sources, the child backend the crash and lock tests start and the backend's worker
    // threads (test/source-bundles-setup.ts)
    globalSetup: ['test/pg-global-setup.ts', 'test/source-bundles-setup.ts'],
  },
});
