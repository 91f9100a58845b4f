import { existsSync } from 'node:fs';

/** Debian's full Chromium, which the startup bench drives (no browser is downloaded). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser the e2e specs drive: Debian's Chromium headless shell where it is installed (the same Blink and V8
 * without the desktop browser around them, which Playwright itself uses for headless runs: the app's page starts
 * in about half the time, and the whole e2e run's processes took about 290 s of CPU against 490 s in the full
 * Chromium), else the full Chromium. `CHROMIUM_PATH` chooses one explicitly.
 */
export const E2E_CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);

/** No background traffic on a closed network, no GPU, no sandbox (the tests run as root). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
