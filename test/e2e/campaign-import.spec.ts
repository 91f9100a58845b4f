import { resolve } from 'node:path';
import { call, openApp, test, expect } from './fixtures';

/**
 * Issue 33: "The import preview says which ruleset versions will be added" and names a name clash before anything is
 * written. A campaign file exported by an older commit is picked in the import dialog; its preview is read, then the
 * import is confirmed.
 */
const OLDER = resolve('test/fixtures/older-files/74e4c11-played.aoa-campaigns.json');

test('picking a campaign file shows what it would add or clash with, and Import confirms it', async ({ page, pageErrors }) => {
  test.setTimeout(60_000);
  await openApp(page, '/campaigns');
  const dov = await call<{ id: string }>(page, 'players.create', { name: 'DOV' });
  await page.getByRole('button', { name: 'Import campaigns' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a campaign file' });
  await dialog.locator('input[type="file"]').setInputFiles(OLDER);
  const lines = dialog.getByRole('list', { name: 'What the import would do' });
  await expect(lines).toContainText('Game data version added:');
  await expect(lines).toContainText('Campaign created: Cleo vs Dov.');
  await expect(lines).toContainText('Player created: Cleo.');
  await expect(lines).toContainText('"Dov" in the file has the name of DOV, a different player here');
  await expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // the clash resolved (the club's DOV renamed), the same file previews clean and imports
  await call(page, 'players.update', { id: dov.id, name: 'Dov Senior' });
  await page.getByRole('button', { name: 'Import campaigns' }).click();
  await dialog.locator('input[type="file"]').setInputFiles(OLDER);
  await expect(lines).toContainText('Player created: Dov.');
  await expect(lines).toContainText('Nothing has been written yet.');
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: 'Cleo vs Dov' }).or(page.getByText('Cleo vs Dov')).first()).toBeVisible();
  expect(pageErrors).toEqual([]);
});
