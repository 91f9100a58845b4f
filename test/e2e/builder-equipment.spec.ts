import type { Page } from '@playwright/test';
import type { Roster } from '../../src-shared/roster/schema';
import type { RulesetPack } from '../../src-shared/ruleset/schema';
import { minimalArmy } from '../helpers/battle-seed';
import { openApp, test, expect, call, screenshot } from './fixtures';
import { createRosterInBuilder } from './builder-steps';

const spentOf = async (page: Page) => Number((await page.getByTestId('points-spent').textContent())!.split(' / ')[0]);

/**
 * Buying equipment in the Builder [000 §13 step 4; DIGEST AMB-19f]: each
 * model's picker offers only the items its slot may carry, with their cost,
 * and the points bar follows the purchase and the removal.
 */
test('equipment per model: only the slot’s items offered, points follow', async ({ page, pageErrors }) => {
  await openApp(page);
  await call(page, 'players.create', { name: 'Ana Ferreira' });
  await createRosterInBuilder(page, 'Cloaked Vigil');

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
  await screenshot(page, { path: 'test/artifacts/builder-equipment.png', fullPage: true });

  // removing the cloak gives its points back
  const withAll = await spentOf(page);
  await page.getByRole('combobox', { name: 'Core squad 1, fighter 1: equipment' }).focus();
  await page.keyboard.press('Backspace');
  await expect.poll(() => spentOf(page)).toBe(withAll - cloakCost);
  expect(pageErrors).toEqual([]);
});

/** An item the model may not carry (from an imported file, say) stays visible, flagged beside its field with what to change. */
test('an item the slot may not carry is kept and flagged at its field', async ({ page, pageErrors }) => {
  await openApp(page);
  const { pack } = await call<{ pack: RulesetPack }>(page, 'rulesets.get', {});
  const bo = await call<{ id: string }>(page, 'players.create', { name: 'Bo Lindqvist' });
  const created = await call<{ roster: Roster }>(page, 'rosters.create', {
    name: 'Misfits',
    playerId: bo.id,
    factionId: pack.factions[0]!.id,
    mode: 'standalone',
    campaignId: null,
  });
  const army = minimalArmy(created.roster, pack);
  const officerOnly = pack.equipment.find((e) => e.slots.length === 1 && e.slots[0] === 'officer')!;
  army.formations[0]!.fighters[0]!.equipment = [officerOnly.id];
  await call(page, 'rosters.save', { roster: army });
  await openApp(page, `/builder/${army.id}`);
  const field = page.getByRole('combobox', { name: 'Line 1, fighter 1: equipment' });
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(`cannot carry ${officerOnly.name}`).first()).toBeVisible();
  await expect(page.locator('[data-code="EQUIPMENT_NOT_ALLOWED"]')).toHaveCount(1);
  await expect(page.getByTestId('roster-status')).not.toHaveText('Legal');
  await field.scrollIntoViewIfNeeded();
  await screenshot(page, { path: 'test/artifacts/builder-equipment-not-allowed.png' });
  // removing it makes the roster legal again
  await field.focus();
  await page.keyboard.press('Backspace');
  await expect(page.getByTestId('roster-status')).toHaveText('Legal');
  expect(pageErrors).toEqual([]);
});
