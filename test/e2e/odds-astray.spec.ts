import { mkdirSync } from 'node:fs';
import { axeFindings, expect, openApp, test, screenshot } from './fixtures';

/**
 * Issue 6: shooting into an allied melee (DIGEST 6.13, PROB-06), Clockwork
 * Overdrive (AMB-30) and Boarding Rush in the odds panel. The blank attack is
 * PROB-01: Hit 3+, F4 vs T4, Save 4+, D1.
 */
test('the odds panel shows what shooting into our own melee costs, and offers Overdrive and Boarding Rush', async ({ page, pageErrors }) => {
  await openApp(page, '/play/odds');
  const panel = page.getByRole('region', { name: 'Attack odds' });
  await expect(panel.getByTestId('odds-any')).toHaveText('16.7%');

  await panel.getByRole('switch', { name: 'Into a melee with our own fighters' }).check({ force: true });
  // PROB-06: one shot at Hit 3+ goes astray with P = 1/3
  await expect(panel.getByTestId('odds-friendly-hit')).toHaveText('33.3%');
  await panel.getByRole('textbox', { name: 'Our fighter’s Toughness' }).fill('4');
  await panel.getByRole('textbox', { name: 'Our fighter’s Save (x+)' }).fill('4');
  // 1/3 astray × 1/2 wound × 1/2 unsaved
  await expect(panel.getByText('exactly 1/12 expected')).toBeVisible();
  // the enemy's odds are unchanged
  await expect(panel.getByText('exactly 5/24', { exact: true })).toBeVisible();

  // Overdrive: one extra shot; its natural 1 costs the Gunner 1 Wound (P 1/6)
  await panel.getByRole('switch', { name: 'Clockwork Overdrive' }).check({ force: true });
  await expect(panel.getByTestId('odds-self')).toHaveText('0.17');
  await expect(panel.getByTestId('odds-friendly-hit')).toHaveText('55.6%');
  await expect(panel.getByRole('combobox', { name: 'Ruling: Clockwork Overdrive risk' })).toBeVisible();

  await panel.getByRole('button', { name: 'Roll the dice' }).click();
  const dice = panel.getByRole('table', { name: 'Dice rolled' });
  await expect(dice.getByRole('row')).toHaveCount(3);
  await expect(dice.getByRole('columnheader', { name: /Our fighter/ })).toBeVisible();
  await expect(dice.getByText('Clockwork Overdrive: extra shot')).toBeVisible();

  mkdirSync('test/artifacts', { recursive: true });
  await screenshot(page, { path: 'test/artifacts/odds-astray.png', fullPage: true });

  // melee: nothing goes astray, and Boarding Rush can be switched on
  await panel.getByText('Melee', { exact: true }).click();
  await expect(panel.getByRole('switch', { name: 'Into a melee with our own fighters' })).toBeDisabled();
  await expect(panel.getByTestId('odds-friendly-hit')).toHaveCount(0);
  await expect(panel.getByRole('switch', { name: 'Clockwork Overdrive' })).toBeDisabled();
  await panel.getByRole('switch', { name: 'Boarding Rush' }).check({ force: true });
  // two Attacks now: expected 2 × 5/24
  await expect(panel.getByText('exactly 5/12', { exact: true })).toBeVisible();

  expect(await axeFindings(page, 'section[aria-label="Attack odds"]')).toEqual([]);
  expect(pageErrors).toEqual([]);
});
