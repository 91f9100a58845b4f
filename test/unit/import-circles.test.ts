import { join } from 'node:path';
import madge from 'madge';
import { describe, expect, it } from 'vitest';

// No circle of imports at run time (issue 43): a module that reaches itself through others runs half-initialised in
// one of the orders it can be loaded in. Type-only imports are erased and do not count. Read by madge.
const ROOT = join(__dirname, '../..');

async function circles(paths: string[]): Promise<string[][]> {
  const graph = await madge(
    paths.map((p) => join(ROOT, p)),
    {
      baseDir: ROOT,
      fileExtensions: ['ts', 'tsx'],
      tsConfig: join(ROOT, 'tsconfig.base.json'),
      detectiveOptions: { ts: { skipTypeImports: true }, tsx: { skipTypeImports: true } },
    },
  );
  return graph.circular();
}

describe('imports at run time', () => {
  it('make no circle in the app’s code', async () => {
    expect(await circles(['src-main', 'src-shared', 'src-renderer/src', 'templates'])).toEqual([]);
  }, 60_000);

  it('are read as they are written: a circle is found, a type-only one is not', async () => {
    const found = await circles(['test/fixtures/import-circles']);
    expect(found).toEqual([['test/fixtures/import-circles/a.ts', 'test/fixtures/import-circles/b.ts']]);
  }, 60_000);
});
