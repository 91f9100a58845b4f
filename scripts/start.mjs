// npm start: build, then launch the Electron app. Where Electron cannot start
// (its binary was never downloaded, or there is no display) say so in one
// line and start browser mode instead.
import { spawnSync } from 'node:child_process';
import { runChild } from './run-child.mjs';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const args = process.argv.slice(2);

const build = spawnSync(bin('electron-vite'), ['build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) process.exit(build.status ?? 1);

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
