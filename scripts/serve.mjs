// npm run serve: build the renderer, then start browser mode. Extra arguments
// (--data-dir DIR, --port N) go to the server.
import { spawnSync } from 'node:child_process';
import { runChild } from './run-child.mjs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);

if (!process.argv.includes('--no-build')) {
  const b = spawnSync(bin('electron-vite'), ['build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
const args = process.argv.slice(2).filter((a) => a !== '--no-build');
// the server built beside the main bundle, run by plain Node, so a signal reaches the server itself
runChild(process.execPath, [join(root, process.env.AOA_OUT ?? 'out', 'main', 'server.js'), ...args], { cwd: root });
