import { mkdirSync } from 'node:fs';
import { axeFindings, expect, openApp, slowFirst, test, screenshot } from './fixtures';

/**
 * Issue 6: the attack odds panel answers a reference case exactly.
 * PROB-03 (DIGEST §6.21): Hit 3+ against an Iron Lancer (Bulky Target → 2+),
 * F4 vs T4, Save 2+, D1 → P(any damage) = 5/72 ≈ 6.9%, E = 1/12.
 */
test('the odds panel shows the exact chance of a reference case and rolls each die', async ({ page, pageErrors }) => {
  await openApp(page, '/play/odds');
  const panel = page.getByRole('region', { name: 'Attack odds' });
  await expect(panel).toBeVisible();

  // the blank attack is PROB-01: Hit 3+, F4 vs T4, Save 4+, D1 → 1/6
  await expect(panel.getByTestId('odds-any')).toHaveText('16.7%');
  await expect(panel.getByText('exactly 5/24')).toBeVisible();

  // PROB-11: with Rally the Lost 125/864; under the per-attack ruling 120/864 = 5/36 (DIGEST AMB-11)
  const rally = panel.getByRole('switch', { name: /^Rally the Lost/ });
  await rally.check({ force: true });
  await expect(panel.getByText('exactly 125/864')).toBeVisible();
  await panel.getByRole('combobox', { name: 'Ruling: Rally the Lost' }).click();
  await page.getByRole('option', { name: 'Per unsaved attack' }).click();
  await expect(panel.getByText('exactly 5/36')).toBeVisible();
  await rally.uncheck({ force: true });

  await panel.getByLabel('Save (x+)').fill('2');
  await panel.getByRole('switch', { name: 'Bulky Target' }).check({ force: true });
  await expect(panel.getByTestId('odds-any')).toHaveText('6.9%');
  await expect(panel.getByText('exactly 5/72')).toBeVisible();
  await expect(panel.getByText('exactly 1/12')).toBeVisible();
  await expect(panel.getByText(/After modifiers: Hit 2\+, Wound 4\+, Save 2\+/)).toBeVisible();

  // a melee attack cannot take Hold Fast: the switch is disabled and says why
  await panel.getByText('Melee', { exact: true }).click();
  await expect(panel.getByRole('radio', { name: 'Melee' })).toBeChecked();
  await expect(panel.getByRole('switch', { name: 'Hold Fast' })).toBeDisabled();

  // an impossible number is refused next to its field
  await panel.getByRole('textbox', { name: 'Attacks', exact: true }).fill('0');
  await expect(panel.getByRole('alert').filter({ hasText: 'cannot be resolved' })).toBeVisible();
  await panel.getByRole('textbox', { name: 'Attacks', exact: true }).fill('5');
  await expect(panel.getByTestId('odds-any')).toBeVisible();

  await panel.getByRole('button', { name: 'Roll the dice' }).click();
  const dice = panel.getByRole('table', { name: 'Dice rolled' });
  await expect(dice.getByRole('row')).toHaveCount(6);
  await expect(panel.getByTestId('roll-total')).toContainText('secure dice');

  // picking fighters from the pack fills the attack and the target's rules
  await panel.getByRole('combobox', { name: 'Attacker', exact: true }).fill('Ash Guard');
  await page.getByRole('option', { name: /^Ash Guard · / }).click();
  await panel.getByRole('combobox', { name: 'Weapon', exact: true }).click();
  await page.getByRole('option', { name: /halberd/i }).click();
  await panel.getByRole('combobox', { name: 'Target', exact: true }).fill('Iron Lancer');
  await page.getByRole('option', { name: /^Iron Lancer · / }).click();
  await expect(panel.getByRole('radio', { name: 'Melee' })).toBeChecked();
  await expect(panel.getByRole('switch', { name: 'Bulky Target' })).toBeChecked();
  await expect(panel.getByRole('textbox', { name: 'Save (x+)' })).toHaveValue('2');
  await expect(panel.getByText(/After modifiers: Hit 2\+/)).toBeVisible();

  expect(await axeFindings(page, 'section[aria-label="Attack odds"]')).toEqual([]);

  mkdirSync('test/artifacts', { recursive: true });
  await screenshot(page, {
    path: 'test/artifacts/odds-panel.png',
    fullPage: true,
  });
  expect(pageErrors).toEqual([]);
});

test('one roll at a time: Roll waits for the dice in hand, and dice rolled for inputs since changed are not shown', async ({ page, pageErrors }) => {
  await openApp(page, '/play/odds');
  const panel = page.getByRole('region', { name: 'Attack odds' });
  // a slow answer for the first roll
  const first = await slowFirst(page, 'odds.roll', { ms: 800, hold: 'answer' });
  const firstAnswer = page.waitForResponse((r) => r.url().endsWith('/api/invoke') && !!r.request().postData()?.includes('"odds.roll"'));
  await panel.getByRole('textbox', { name: 'Attacks', exact: true }).fill('5');
  const roll = panel.getByRole('button', { name: 'Roll the dice' });
  const dice = panel.getByRole('table', { name: 'Dice rolled' });
  await roll.click();
  // while the dice are in the backend's hand, Roll is not offered again
  await expect(roll).toBeDisabled();
  // the attack changes before they come back: those dice were for 5 attacks, not 3
  await panel.getByRole('textbox', { name: 'Attacks', exact: true }).fill('3');
  await expect(roll).toBeEnabled();
  await first.done;
  await firstAnswer;
  // the page has dealt with the late answer once two frames have been drawn after it: only then is "no dice" a finding
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await expect(dice).toHaveCount(0);
  await roll.click();
  await expect(dice.getByRole('row')).toHaveCount(4);
  expect(pageErrors).toEqual([]);
});
