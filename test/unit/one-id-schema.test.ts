import { describe, expect, it } from 'vitest';
import { sourcesMatching } from '../helpers/repo-files';
import { rowId } from '../../src-shared/ids';

// One schema for a stored row's id as requests, files and bundles name it (issue 43): `rowId` in src-shared/ids.ts,
// where twelve modules each wrote their own.
const A_COPY = /z\.string\(\)\.min\(1\)\.max\(64\)/;

describe('the id schema', () => {
  it('is written once, in src-shared/ids.ts', () => {
    const copies = sourcesMatching(['src-main', 'src-shared', 'src-renderer', 'templates'], A_COPY);
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
