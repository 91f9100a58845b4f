// npm start: build (when the build is missing or older than its sources), then launch the Electron app. Where Electron cannot start
// (its binary was never downloaded, or there is no display) say so in one
// line and start browser mode instead.
import { buildIfStale } from './build-if-stale.mjs';
import { runChild } from './run-child.mjs';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const args = process.argv.slice(2).filter((a) => a !== '--rebuild');

buildIfStale(root, { force: process.argv.includes('--rebuild') });

function whyElectronCannotStart() {
  // Resolving the electron package's path.txt does not download anything.
  const pathFile = join(root, 'node_modules', 'electron', 'path.txt');
  const distDir = join(root, 'node_modules', 'electron', 'dist');
  if (!existsSync(pathFile) || !existsSync(distDir)) return 'its binary is not installed (it is downloaded on first launch, which needs github.com)';
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) return 'there is no display';
  if (!existsSync(join(root, 'native', 'electron', 'better_sqlite3.node')))
    return 'better-sqlite3 has not been built for Electron (run `npm run native:electron` on a machine with network)';
  return null;
}

const why = whyElectronCannotStart();
if (why) {
  console.log(`Electron cannot start here (${why}); starting browser mode instead.`);
  runChild(process.execPath, [join(root, 'scripts', 'serve.mjs'), '--no-build', ...args], { cwd: root });
} else {
  runChild(bin('electron'), ['.', ...args], { cwd: root });
}
