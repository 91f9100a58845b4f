// Builds better-sqlite3 for Electron into native/electron/, beside (not over)
// the Node build that npm test uses. Needs network for Electron's headers, so
// it runs on a user's or packager's machine, not in CI here.
import { cpSync, mkdirSync, rmSync, copyFileSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const electronVersion = JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')).version;
const work = join(root, 'native', 'build-better-sqlite3');
rmSync(work, { recursive: true, force: true });
cpSync(join(root, 'node_modules/better-sqlite3'), work, { recursive: true });
const r = spawnSync(
  process.execPath,
  [
    join(root, 'node_modules/node-gyp/bin/node-gyp.js'),
    'rebuild',
    '--release',
    `--target=${electronVersion}`,
    '--dist-url=https://electronjs.org/headers',
    '--runtime=electron',
  ],
  { cwd: work, stdio: 'inherit', env: { ...process.env, npm_config_nodedir: '' } },
);
if (r.status !== 0) {
  console.error('Building better-sqlite3 for Electron failed (it needs network access to download Electron headers).');
  process.exit(1);
}
mkdirSync(join(root, 'native', 'electron'), { recursive: true });
copyFileSync(join(work, 'build/Release/better_sqlite3.node'), join(root, 'native/electron/better_sqlite3.node'));
rmSync(work, { recursive: true, force: true });
console.log(`better-sqlite3 built for Electron ${electronVersion} in native/electron/.`);
