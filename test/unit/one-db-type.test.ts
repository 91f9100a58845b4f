import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// One name for "the database or the transaction a repository function takes first" (issue 43): `Db`, declared once
// in src-main/backend/db/schema.ts beside `Database`, where 41 files each wrote their own.
const ROOT = join(__dirname, '../..');
const THE_ONE = 'src-main/backend/db/schema.ts';
const A_COPY = /type\s+\w+\s*=\s*Kysely<Database>\s*\|\s*Transaction<Database>/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the Db type', () => {
  it('is declared once, in db/schema.ts', () => {
    const copies = ['src-main', 'src-shared', 'templates']
      .flatMap((d) => sources(join(ROOT, d)))
      .map((p) => relative(ROOT, p))
      .filter((p) => A_COPY.test(readFileSync(join(ROOT, p), 'utf8')));
    expect(copies).toEqual([THE_ONE]);
  });

  it('is found where it is written again', () => {
    expect(A_COPY.test('type Db = Kysely<Database> | Transaction<Database>;')).toBe(true);
    expect(A_COPY.test('type Executor = Kysely<Database>|Transaction<Database>')).toBe(true);
    expect(A_COPY.test("import type { Db } from '../db/schema';")).toBe(false);
  });
});
