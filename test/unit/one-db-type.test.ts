import { describe, expect, it } from 'vitest';
import { sourcesMatching } from '../helpers/repo-files';

// One name for "the database or the transaction a repository function takes first" (issue 43): `Db`, declared once
// in src-main/backend/db/schema.ts beside `Database`, where 41 files each wrote their own.
const THE_ONE = 'src-main/backend/db/schema.ts';
const A_COPY = /type\s+\w+\s*=\s*Kysely<Database>\s*\|\s*Transaction<Database>/;

describe('the Db type', () => {
  it('is declared once, in db/schema.ts', () => {
    const copies = sourcesMatching(['src-main', 'src-shared', 'templates'], A_COPY);
    expect(copies).toEqual([THE_ONE]);
  });

  it('is found where it is written again', () => {
    expect(A_COPY.test('type Db = Kysely<Database> | Transaction<Database>;')).toBe(true);
    expect(A_COPY.test('type Executor = Kysely<Database>|Transaction<Database>')).toBe(true);
    expect(A_COPY.test("import type { Db } from '../db/schema';")).toBe(false);
  });
});
