import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The loopback port browser mode last listened on for a data folder, so that the next start of the same folder
 * listens there again when it is free. A page's origin includes its port: on a new port the window's own storage
 * (the Builder's unsaved drafts, the Journal's last campaign) would be another origin's and seem lost. The launch
 * token still changes at every start; the port says nothing a local process could not see anyway.
 */
const FILE = 'browser-port.json';

/** The remembered port, or undefined (none yet, or a file the app did not write). */
export function rememberedBrowserPort(dataDir: string): number | undefined {
  try {
    const port = (JSON.parse(readFileSync(join(dataDir, FILE), 'utf8')) as { port?: unknown }).port;
    return Number.isInteger(port) && (port as number) >= 1024 && (port as number) <= 65535 ? (port as number) : undefined;
  } catch {
    return undefined;
  }
}

export function rememberBrowserPort(dataDir: string, port: number): void {
  writeFileSync(join(dataDir, FILE), JSON.stringify({ port }) + '\n', { mode: 0o600 });
}
