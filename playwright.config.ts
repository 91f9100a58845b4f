import { defineConfig } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { CHROMIUM_ARGS, E2E_CHROMIUM_PATH } from './test/helpers/chromium';
import { useMemoryTmpdir } from './test/helpers/test-tmp';

// Workers re-read this file: keep the launch's token in the environment so
// every process agrees. Each spec file starts its own browser-mode server on a
// fresh data folder (test/e2e/fixtures.ts), serving the build in $AOA_OUT.
process.env.AOA_E2E_TOKEN ??= randomBytes(18).toString('base64url');
// the browser-mode servers print batches at normal priority: the tests keep every core busy (batch-niceness.ts)
process.env.AOA_BATCH_NICENESS ??= '0';
// each spec file's data folder in memory where the machine allows it (test/helpers/test-tmp.ts)
useMemoryTmpdir();

export default defineConfig({
  testDir: 'test/e2e',
  // parallel runs with their own build folder (AOA_OUT) keep their own results too
  outputDir: process.env.AOA_OUT ? `test-results-${process.env.AOA_OUT}` : 'test-results',
  // spec files run two at a time (each has its own server and data folder; a file's tests stay in order)
  fullyParallel: false,
  workers: Number(process.env.AOA_E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  // league mode: a throwaway PostgreSQL cluster for the "postgres" project
  globalSetup: './test/e2e/pg-setup.ts',
  projects: [
    { name: 'sqlite' },
    // the campaign and Play Mode flows once more, on a league database instead of the SQLite file (fixtures.ts)
    {
      name: 'postgres',
      testMatch: ['ledger.spec.ts', 'play.spec.ts'],
      grep: /create players and a campaign|a campaign Mission 1 battle from two armies/,
      metadata: { dialect: 'postgres' },
    },
  ],
  use: {
    acceptDownloads: true,
    // a worker keeps one browser context and resets it between tests (storage, cookies, routes, pages, viewport),
    // as Playwright's own reuse does: a new context for every test was about a tenth of the e2e run's CPU
    reuseContext: true,
    // recording a trace snapshots the page at every action, paid by every passing test too: on request only
    trace: process.env.AOA_E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    // as an organiser who asked the system for reduced motion: Mantine then skips its transitions (main.tsx)
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: E2E_CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
});
