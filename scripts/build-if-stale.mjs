// npm start and npm run serve build the app only when the build is missing or
// older than what it is built from: a second start takes a second, not a build.
// `--rebuild` builds whatever the dates say.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the build is made of: the sources, the guides and pictures Help bundles, and the installed packages. */
const INPUT_DIRS = ['src-main', 'src-renderer', 'src-shared', 'templates', 'migrations', 'docs/guide', 'docs/screenshots'];
const INPUT_FILES = ['electron.vite.config.ts', 'package.json', 'package-lock.json', 'tsconfig.json', 'node_modules/.package-lock.json'];
/** Files every build writes: without one of them the build is not there. */
const OUTPUTS = ['main/index.js', 'main/server.js', 'main/cli.js', 'preload/index.cjs', 'renderer/index.html'];

/** Every file under `dir`, with its modification time (ms); none where `dir` is missing. */
function* filesUnder(dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) yield statSync(join(entry.parentPath, entry.name)).mtimeMs;
  }
}

/** Why the build in `outDir` must be made again, or null when it is newer than everything it is built from. */
export function whyBuild(root, outDir) {
  const out = join(root, outDir);
  const missing = OUTPUTS.find((f) => !existsSync(join(out, f)));
  if (missing) return `${outDir}/${missing} is missing`;
  let oldestOutput = Infinity;
  for (const t of filesUnder(out)) oldestOutput = Math.min(oldestOutput, t);
  const inputs = [
    ...INPUT_DIRS.flatMap((d) => [...filesUnder(join(root, d))]),
    ...INPUT_FILES.filter((f) => existsSync(join(root, f))).map((f) => statSync(join(root, f)).mtimeMs),
  ];
  const newestInput = Math.max(...inputs);
  return newestInput > oldestOutput ? 'a source changed since the last build' : null;
}

/** Builds into $AOA_OUT (or out/) when `whyBuild` says so or `force` asks; exits with the build's code when it fails. */
export function buildIfStale(root, { force = false } = {}) {
  const outDir = process.env.AOA_OUT ?? 'out';
  const why = force ? 'asked to (--rebuild)' : whyBuild(root, outDir);
  if (!why) {
    console.log(`The build in ${outDir}/ is up to date.`);
    return;
  }
  console.log(`Building the app (${why})…`);
  const build = spawnSync(join(root, 'node_modules', '.bin', 'electron-vite'), ['build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
