import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where a running browser-mode server can be reached from the CLI on the same
 * data folder (`aoa club-night …`): its loopback address and launch token, in
 * a file readable by the folder's owner only (the folder is 0700, the file
 * 0600), removed when the server stops.
 */
export interface RunningServer {
  url: string;
  token: string;
  pid: number;
}

const FILE = 'browser-server.json';

export function recordRunningServer(dataDir: string, s: RunningServer): void {
  writeFileSync(join(dataDir, FILE), JSON.stringify(s), { mode: 0o600 });
}

export function forgetRunningServer(dataDir: string, pid: number): void {
  if (readRunningServer(dataDir)?.pid === pid) rmSync(join(dataDir, FILE), { force: true });
}

/** The server recorded in the data folder, if its process still runs. */
export function readRunningServer(dataDir: string): RunningServer | undefined {
  let s: RunningServer;
  try {
    s = JSON.parse(readFileSync(join(dataDir, FILE), 'utf8')) as RunningServer;
  } catch {
    return undefined;
  }
  if (typeof s?.url !== 'string' || typeof s.token !== 'string' || typeof s.pid !== 'number') return undefined;
  try {
    process.kill(s.pid, 0);
  } catch {
    return undefined;
  }
  return s;
}
