// npm run serve: build the app (when the build is missing or older than its
// sources; --rebuild always), then start browser mode. Extra arguments
// (--data-dir DIR, --port N) go to the server.
import { buildIfStale } from './build-if-stale.mjs';
import { runChild } from './run-child.mjs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

if (!process.argv.includes('--no-build')) buildIfStale(root, { force: process.argv.includes('--rebuild') });
const args = process.argv.slice(2).filter((a) => a !== '--no-build' && a !== '--rebuild');
// the server built beside the main bundle, run by plain Node, so a signal reaches the server itself
runChild(process.execPath, [join(root, process.env.AOA_OUT ?? 'out', 'main', 'server.js'), ...args], { cwd: root });
