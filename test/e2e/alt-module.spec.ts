import { mkdirSync } from 'node:fs';
import { expect, openApp, test } from './fixtures';

/**
 * Acceptance 2 of issue 8 (DIGEST §23): a standalone battle with the
 * alternating module runs a round in which one player passes once, cannot
 * pass twice in a row, and a formation of a routing company takes its check.
 */
test('a module round: one pass, no second pass in a row, a routing formation takes its Will check', async ({ page, pageErrors }) => {
  await openApp(page, '/alternating');
  await expect(page.getByRole('heading', { level: 1, name: /Alternating activations/ })).toBeVisible();
  await page.evaluate(() => localStorage.removeItem('aoa.altModuleBattle'));
  await page.reload();

  // Set-up: Player A fields 2 formations (10 models), Player B 4; A wins the roll-off.
  await page.getByLabel('Player A’s D6').fill('6');
  await page.getByLabel('Player B’s D6').fill('2');
  await expect(page.getByText('Player A has initiative in round 1.')).toBeVisible();
  await page.getByRole('button', { name: 'Start round 1' }).click();

  // T4 with AMB-S3: the lower count (2 against 4) gets the 2 Pass tokens.
  await expect(page.getByLabel('Player A: 2 Pass tokens left of 2')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Player A’s activation' })).toBeVisible();

  await page.getByRole('button', { name: 'Activate Command group', exact: true }).click();
  await expect(page.getByText('Player B’s activation')).toBeVisible();
  await page.getByRole('button', { name: 'Activate Command group', exact: true }).click();

  // Player A passes once.
  await expect(page.getByText('Player A’s activation')).toBeVisible();
  await page.getByRole('button', { name: 'Pass (spend a token)' }).click();
  await expect(page.getByLabel('Player A: 1 Pass token left of 2')).toBeVisible();
  await expect(page.getByText('Player B’s activation')).toBeVisible();
  await page.getByRole('button', { name: 'Activate Core squad I', exact: true }).click();

  // …and cannot pass again before activating (T6).
  await expect(page.getByText('Player A’s activation')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pass (spend a token)' })).toBeDisabled();
  await expect(page.getByTestId('pass-blocked')).toHaveText(/activate a formation before passing again/);

  // 6 of Player A's 10 models destroyed: more than half, so the company routs (T12).
  await page.getByLabel('Player A Core squad I destroyed').fill('4');
  await page.getByLabel('Player A Command group destroyed').fill('2');
  await page.getByRole('heading', { name: 'Casualties' }).click();
  await expect(page.getByLabel('Player A routing')).toBeVisible();
  await expect(page.getByLabel('Player B steady')).toBeVisible();

  // The routing formation stops for its Will check before acting (T13–T14).
  await page.getByRole('button', { name: 'Activate Core squad I', exact: true }).click();
  const check = page.getByRole('heading', { name: 'Will check: Core squad I' });
  await expect(check).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pass (spend a token)' })).toBeDisabled();
  await page.getByLabel('Other friendly formations within 6″ and in sight').fill('1');
  await page.getByLabel('Captain within 6″ and in sight (+2)').check();
  await expect(page.getByText('Modifier +3')).toBeVisible();
  // Resolve 3+ with +3: every face but the natural 1 passes.
  await expect(page.getByTestId('will-chance')).toHaveText(/5 in 6 \(83%\)/);
  await page.getByLabel('Natural D6 roll').fill('2');
  await expect(page.getByRole('status').filter({ hasText: 'Passed' })).toBeVisible();
  mkdirSync('test/artifacts', { recursive: true });
  await page.screenshot({ path: 'test/artifacts/alt-module-will-check.png', fullPage: true });
  await page.getByRole('button', { name: 'Record the check' }).click();
  await expect(check).toHaveCount(0);
  await expect(page.getByText('Core squad I passed its Will check and activates normally.')).toBeVisible();

  // Player A is out of formations: Player B finishes one at a time, and A's last token is removed (T8).
  await page.getByRole('button', { name: 'Activate Core squad II' }).click();
  await page.getByRole('button', { name: 'Activate Skirmisher patrol' }).click();
  await expect(page.getByText('Round over')).toBeVisible();
  await expect(page.getByText('Unspent Pass tokens removed: Player A 1.')).toBeVisible();
  await page.screenshot({ path: 'test/artifacts/alt-module-round-over.png', fullPage: true });

  // Round 2: the lower count takes initiative and A's routing formation tests again.
  await page.getByRole('button', { name: 'Start round 2' }).click();
  await expect(page.getByRole('heading', { name: 'Round 2' })).toBeVisible();
  await expect(page.getByText('Player A’s activation')).toBeVisible();
  expect(pageErrors).toEqual([]);
});
