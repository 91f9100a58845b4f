import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

// Workers re-read this file: keep the launch's port, token and data folder in
// the environment so every process agrees.
process.env.AOA_E2E_PORT ??= String(41000 + Math.floor(Math.random() * 15000));
process.env.AOA_E2E_TOKEN ??= randomBytes(18).toString('base64url');
process.env.AOA_E2E_DATA ??= mkdtempSync(join(tmpdir(), 'aoa-e2e-'));

const port = Number(process.env.AOA_E2E_PORT);

export default defineConfig({
  testDir: 'test/e2e',
  // parallel runs with their own build folder (AOA_OUT) keep their own results too
  outputDir: process.env.AOA_OUT ? `test-results-${process.env.AOA_OUT}` : 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    acceptDownloads: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // npm run test:e2e builds first; the server serves out/renderer.
    command: `node --import tsx src-main/server/main.ts --data-dir "${process.env.AOA_E2E_DATA}" --port ${port}`,
    env: { AOA_TOKEN: process.env.AOA_E2E_TOKEN },
    url: undefined,
    port,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
  },
});
