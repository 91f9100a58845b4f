import { openApp, test, expect, call, screenshot } from './fixtures';
import { createRosterInBuilder, recruitByClicking } from './builder-steps';
import { truncated } from './layout-checks';

// Issue 15: "1024×700 is cramped: the sidebar never collapses, Builder fields truncate ("Core squ", "Standar")".
for (const [width, height] of [
  [1024, 700],
  [1400, 900],
] as const) {
  test(`the Builder at ${width}×${height}: the rail ${width < 1100 ? 'shrinks to icons' : 'names its sections'}, no label is cut off`, async ({
    page,
    pageErrors,
  }) => {
    await page.setViewportSize({ width, height });
    await openApp(page);
    // the two sizes share the spec's data folder: a player and a roster of each
    await call(page, 'players.create', { name: `Player ${width}` });
    await createRosterInBuilder(page, `Lantern Vigil ${width}`, `Player ${width}`);
    await recruitByClicking(page, 'Core squad', 'Elite squad', 'Heavy');
    const nav = page.getByRole('navigation', { name: 'Sections' });
    await expect(nav.getByRole('link', { name: 'Builder', exact: true })).toBeVisible();
    const railWidth = await nav.evaluate((n) => n.getBoundingClientRect().width);
    if (width < 1100) expect(railWidth).toBeLessThan(100);
    else expect(railWidth).toBeGreaterThan(180);
    await screenshot(page, { path: `test/artifacts/builder-${width}x${height}.png`, fullPage: true });
    expect(await truncated(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
}
