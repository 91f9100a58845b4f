import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

const PRINTS_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * Batch prints are written into the data folder's prints/ and handed back
 * to the window as data; the files themselves are only a way there. At each
 * start, what is older than a day goes (left-over staging folders of a batch
 * that was killed included), so the folder never grows without bound.
 * Returns the names removed.
 */
export function cleanOldPrints(printsDir: string, now = Date.now(), keptMs = PRINTS_KEPT_MS): string[] {
  let names: string[];
  try {
    names = readdirSync(printsDir);
  } catch {
    return []; // no prints yet
  }
  const removed: string[] = [];
  for (const name of names) {
    const path = join(printsDir, name);
    try {
      if (now - statSync(path).mtimeMs <= keptMs) continue;
      rmSync(path, { recursive: true, force: true });
      removed.push(name);
    } catch {
      // a file another program holds, or one gone meanwhile: left for the next start
    }
  }
  return removed;
}
