#!/usr/bin/env node
// The CLI as an installed command: runs the bundle that the app's build puts
// beside the main process ($AOA_OUT/main/cli.js, see electron.vite.config.ts),
// so no TypeScript loader is needed at run time. In a checkout that was never
// built, it builds first.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bundle = join(root, process.env.AOA_OUT ?? 'out', 'main', 'cli.js');

if (!existsSync(bundle)) {
  process.stderr.write(`The CLI is not built yet (${bundle}); building it with \`npm run build\`…\n`);
  const viteBin = join(root, 'node_modules', '.bin', 'electron-vite');
  // the build's chatter goes to stderr, so stdout stays what the command prints (--json)
  const build = existsSync(viteBin) ? spawnSync(viteBin, ['build'], { cwd: root, stdio: ['ignore', 2, 2] }) : null;
  if (!build || build.status !== 0 || !existsSync(bundle)) {
    process.stderr.write('The CLI could not be built: run `npm run build` in the app folder (it needs the development dependencies).\n');
    process.exit(1);
  }
}

await import(pathToFileURL(bundle).href);
