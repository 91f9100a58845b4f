import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/** The repository's root folder. */
const REPO_ROOT = resolve(__dirname, '../..');

/** Every file below `dir` (a folder of the repository) whose name matches `name`, as paths from the repository's root. */
export function repoFiles(dir: string, name: RegExp): string[] {
  const walk = (abs: string): string[] =>
    readdirSync(abs).flatMap((entry) => {
      const path = join(abs, entry);
      if (statSync(path).isDirectory()) return walk(path);
      return name.test(entry) ? [relative(REPO_ROOT, path)] : [];
    });
  return walk(join(REPO_ROOT, dir));
}

/** The repository's source files (TypeScript) in `dirs` whose text matches `pattern`, as paths from its root. */
export function sourcesMatching(dirs: string[], pattern: RegExp): string[] {
  return dirs.flatMap((d) => repoFiles(d, /\.tsx?$/)).filter((p) => pattern.test(readFileSync(join(REPO_ROOT, p), 'utf8')));
}
