import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The end-to-end specs wait on what the page shows, never a fixed sleep (issue 43): a sleep is either too short on a
// busy machine or time wasted on an idle one. A timing test names its span with `elapse` (test/e2e/fixtures.ts).

const E2E = join(__dirname, '../e2e');
const SLEEPS = /\bwaitForTimeout\s*\(|setTimeout\s*\(\s*r(esolve)?\s*,\s*\d/g;

/** Each place in `source` that sleeps, as `file:line`. */
function sleepsIn(file: string, source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(SLEEPS)) found.push(`${file}:${source.slice(0, m.index).split('\n').length}`);
  return found;
}

describe('the end-to-end specs', () => {
  it('sleep nowhere but in the one named wait of timing tests', () => {
    const found = readdirSync(E2E)
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) => sleepsIn(f, readFileSync(join(E2E, f), 'utf8')));
    expect(found).toEqual([expect.stringMatching(/^fixtures\.ts:\d+$/)]);
  });

  it('finds a sleep where there is one', () => {
    expect(sleepsIn('a.spec.ts', "await page.goto('/');\nawait page.waitForTimeout(300);\n")).toEqual(['a.spec.ts:2']);
    expect(sleepsIn('b.spec.ts', 'await new Promise((r) => setTimeout(r, 500));')).toEqual(['b.spec.ts:1']);
    expect(sleepsIn('c.spec.ts', "await expect(page.getByText('Saved')).toBeVisible();")).toEqual([]);
  });
});
