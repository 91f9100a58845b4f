import { openApp, test, expect, call } from './fixtures';
import { createRosterInBuilder, recruitByClicking } from './builder-steps';

/**
 * Issue 17: 'Every value the DIGEST marks provisional … carries its flag in the Builder (unit picker, roster
 * lines)', from the pack's own markers. The default pack marks the Penitent units' costs provisional.
 */
test('the Builder marks points that rest on provisional costs, in the unit picker and on every line', async ({ page, pageErrors }) => {
  await openApp(page);
  await call(page, 'players.create', { name: 'Ana Ferreira' });
  await createRosterInBuilder(page, 'Lantern Vigil');
  await recruitByClicking(page, 'Core squad', 'Heavy');
  await expect(page.getByLabel('Points spent: some rest on a provisional cost: provisional: not from the designer’s documents')).toBeVisible();
  await expect(page.getByLabel(/^Command group points: provisional/)).toBeVisible();
  await expect(page.getByLabel(/^Core squad 1 points: provisional/)).toBeVisible();
  await expect(page.getByLabel(/^Heavy 1 points: provisional/)).toBeVisible();
  await page
    .getByRole('region', { name: /Core squad: / })
    .getByRole('combobox', { name: 'Unit' })
    .click();
  await expect(page.getByRole('option', { name: /pts each, provisional\)$/ }).first()).toBeVisible();
  expect(pageErrors).toEqual([]);
});
