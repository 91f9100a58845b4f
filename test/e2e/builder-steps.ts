import type { Page } from '@playwright/test';
import { call, expect, openApp } from './fixtures';

/** From anywhere in the app: a new roster of `player` for `faction`, created in the Builder by clicking, and opened. */
export async function createRosterInBuilder(page: Page, name: string, player = 'Ana Ferreira', faction = 'The Penitent Concord'): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Builder', exact: true }).click();
  await page.getByRole('button', { name: 'New roster' }).click();
  const dialog = page.getByRole('dialog', { name: 'New roster' });
  await dialog.getByLabel('Warband name').fill(name);
  await page.getByRole('combobox', { name: 'Player', exact: true }).click();
  await page.getByRole('option', { name: player }).click();
  await page.getByRole('combobox', { name: 'Faction', exact: true }).click();
  await page.getByRole('option', { name: faction }).click();
  await dialog.getByRole('button', { name: 'Create and open' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

/**
 * A new player's new roster open in this window and in a second one (another window, or another organiser of the
 * league): the two windows of a concurrent edit.
 */
export async function rosterInTwoWindows(page: Page, name: string, player: string): Promise<Page> {
  await openApp(page);
  await call(page, 'players.create', { name: player });
  await createRosterInBuilder(page, name, player);
  const other = await page.context().newPage();
  await openApp(other);
  await other.goto(page.url());
  await expect(other.getByRole('heading', { name, level: 1 })).toBeVisible();
  return other;
}

/** Clicks "Recruit command group" and then an "Add …" button for each formation named ('Core squad', 'Heavy', …). */
export async function recruitByClicking(page: Page, ...formations: string[]): Promise<void> {
  await page.getByRole('button', { name: 'Recruit command group' }).click();
  for (const f of formations) await page.getByRole('button', { name: `Add ${f}` }).click();
}
