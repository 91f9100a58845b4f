import type { Page } from '@playwright/test';
import { openApp, test, expect, TOKEN } from './fixtures';

async function call<T>(page: Page, channel: string, input: unknown): Promise<T> {
  const res = await page.request.post('/api/invoke', { data: { channel, input }, headers: { 'X-AoA-Token': TOKEN } });
  const reply = (await res.json()) as { ok: boolean; value?: T; error?: { message: string } };
  if (!reply.ok) throw new Error(`${channel}: ${reply.error?.message}`);
  return reply.value as T;
}

const spentOf = async (page: Page) => Number((await page.getByTestId('points-spent').textContent())!.split(' / ')[0]);

/**
 * Buying equipment in the Builder [000 §13 step 4; DIGEST AMB-19f]: each
 * model's picker offers only the items its slot may carry, with their cost,
 * and the points bar follows the purchase and the removal.
 */
test('equipment per model: only the slot’s items offered, points follow', async ({ page, pageErrors }) => {
  await openApp(page);
  await call(page, 'players.create', { name: 'Ana Ferreira' });
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Builder', exact: true }).click();
  await page.getByRole('button', { name: 'New roster' }).click();
  const dialog = page.getByRole('dialog', { name: 'New roster' });
  await dialog.getByLabel('Warband name').fill('Cloaked Vigil');
  await page.getByRole('combobox', { name: 'Player', exact: true }).click();
  await page.getByRole('option', { name: 'Ana Ferreira' }).click();
  await page.getByRole('combobox', { name: 'Faction', exact: true }).click();
  await page.getByRole('option', { name: 'The Penitent Concord' }).click();
  await dialog.getByRole('button', { name: 'Create and open' }).click();
  await expect(page.getByRole('heading', { name: 'Cloaked Vigil', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Recruit command group' }).click();
  await page.getByRole('button', { name: 'Add Core squad' }).click();
  await page.getByRole('button', { name: 'Add Core squad' }).click();
  await page.getByRole('button', { name: 'Add Heavy' }).click();
  const before = await spentOf(page);

  // a Core fighter is offered only what Core fighters may carry in the default pack
  await page.getByRole('combobox', { name: 'Core squad 1, fighter 1: equipment' }).click();
  await expect(page.getByRole('option')).toHaveText([/^Lead-lined cloak \(\+\d+ pts, storm protection\)$/, /^Smoke grenades \(\+\d+ pts\)$/]);
  const cloakCost = Number((await page.getByRole('option', { name: /Lead-lined cloak/ }).textContent())!.match(/\+(\d+) pts/)![1]);
  await page.getByRole('option', { name: /Lead-lined cloak/ }).click();
  await page.keyboard.press('Escape');
  await expect.poll(() => spentOf(page)).toBe(before + cloakCost);

  // an Officer may take a signal horn; the Heavy only its storm mantle
  await page.getByRole('combobox', { name: 'Officer 1: equipment' }).click();
  await expect(page.getByRole('option', { name: /Signal horn/ })).toBeVisible();
  await page.getByRole('option', { name: /Signal horn/ }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: 'Heavy 1, fighter 1: equipment' }).click();
  await expect(page.getByRole('option')).toHaveText([/^Storm mantle \(\+\d+ pts, storm protection\)$/]);
  await page.getByRole('option', { name: /Storm mantle/ }).click();
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-code^="EQUIPMENT"]')).toHaveCount(0);
  await page.screenshot({ path: 'test/artifacts/builder-equipment.png', fullPage: true });

  // removing the cloak gives its points back
  const withAll = await spentOf(page);
  await page.getByRole('combobox', { name: 'Core squad 1, fighter 1: equipment' }).focus();
  await page.keyboard.press('Backspace');
  await expect.poll(() => spentOf(page)).toBe(withAll - cloakCost);
  expect(pageErrors).toEqual([]);
});
