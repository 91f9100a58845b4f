import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rowId } from '../../src-shared/ids';

// One schema for a stored row's id as requests, files and bundles name it (issue 43): `rowId` in src-shared/ids.ts,
// where twelve modules each wrote their own.
const ROOT = join(__dirname, '../..');
const A_COPY = /z\.string\(\)\.min\(1\)\.max\(64\)/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the id schema', () => {
  it('is written once, in src-shared/ids.ts', () => {
    const copies = ['src-main', 'src-shared', 'src-renderer', 'templates']
      .flatMap((d) => sources(join(ROOT, d)))
      .map((p) => relative(ROOT, p))
      .filter((p) => A_COPY.test(readFileSync(join(ROOT, p), 'utf8')));
    expect(copies).toEqual(['src-shared/ids.ts']);
  });

  it('takes 1 to 64 characters', () => {
    expect(rowId.safeParse('a').success).toBe(true);
    expect(rowId.safeParse('x'.repeat(64)).success).toBe(true);
    expect(rowId.safeParse('').success).toBe(false);
    expect(rowId.safeParse('x'.repeat(65)).success).toBe(false);
    expect(rowId.safeParse(7).success).toBe(false);
  });
});
