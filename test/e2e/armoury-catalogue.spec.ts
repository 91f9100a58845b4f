import { openApp, test, expect, screenshot } from './fixtures';

// Issue 17: weapons and equipment are created, edited and retired in a new pack version like units, with the same
// checks and the same diff; one the pack still needs cannot be retired, and the Armoury says who needs it.
test('Armoury: add a ranged weapon and an item as new versions, see them in the diff, retire one; a weapon in use cannot go', async ({ page, pageErrors }) => {
  await openApp(page, '/armoury?v=1');
  await page.getByRole('tab', { name: 'Weapons' }).click();

  // a weapon units carry: the refusal names them, and nothing can be saved
  await page.getByRole('button', { name: 'Retire Hand weapon' }).click();
  let dialog = page.getByRole('dialog', { name: 'Retire Hand weapon' });
  await expect(dialog.getByText('Hand weapon cannot be retired')).toBeVisible();
  await expect(dialog.getByText('Penitent Deacon carries it.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Retire as new version' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // a new ranged weapon, checked as it is typed
  await page.getByRole('button', { name: 'New ranged weapon' }).click();
  dialog = page.getByRole('dialog', { name: 'New ranged weapon' });
  await dialog.getByLabel('Name').fill('Storm carbine');
  await dialog.getByLabel('Range (inches)').fill('500');
  await expect(dialog.getByText('At most 120.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Add as new version' })).toBeDisabled();
  await dialog.getByLabel('Range (inches)').fill('18');
  await dialog.getByLabel('Attacks (shots)').fill('2');
  await dialog.getByLabel('Note for this version').fill('Club carbine for the winter league');
  await dialog.getByRole('button', { name: 'Add as new version' }).click();
  await expect(dialog).toBeHidden();
  const changes = page.getByRole('region', { name: 'Changes between versions' });
  await expect(changes.getByRole('row', { name: /added.*Storm carbine/ })).toBeVisible();

  // on the new version it is listed, marked provisional (a club's own value), and can go again
  await page.getByRole('tab', { name: 'Weapons' }).click();
  const weapons = page.getByRole('table', { name: 'Weapons' });
  await expect(weapons.getByRole('row', { name: /Storm carbine/ })).toHaveText(/Storm carbine.*ranged\s*18″\s*2/);
  await expect(weapons.getByLabel(/Storm carbine: provisional/)).toBeVisible();

  // a new item of equipment for Core and Elite squads only
  await page.getByRole('tab', { name: 'Equipment' }).click();
  await page.getByRole('button', { name: 'New equipment' }).click();
  dialog = page.getByRole('dialog', { name: 'New equipment' });
  await dialog.getByLabel('Name').fill('Ash goggles');
  await dialog.getByLabel('Points').fill('3');
  await dialog.getByLabel('What it does').fill('The wearer ignores the storm’s first point of movement cost.');
  await dialog.getByRole('button', { name: 'Add as new version' }).click();
  await expect(dialog).toBeHidden();
  await expect(changes.getByRole('row', { name: /added.*Ash goggles/ })).toBeVisible();

  await page.getByRole('tab', { name: 'Equipment' }).click();
  await page.getByRole('button', { name: 'Retire Ash goggles' }).click();
  dialog = page.getByRole('dialog', { name: 'Retire Ash goggles' });
  await dialog.getByRole('button', { name: 'Retire as new version' }).click();
  await expect(dialog).toBeHidden();
  // without the goggles the pack is the carbine's version again: one content, one version (issue 40), shown against
  // the version the edit started from
  await expect(page.getByText(/v2 again: nothing new was stored/)).toBeVisible();
  await expect(changes.getByRole('row', { name: /removed.*Ash goggles/ })).toBeVisible();
  await page.getByRole('tab', { name: 'Equipment' }).click();
  await expect(page.getByRole('table', { name: 'Equipment' }).getByText('Ash goggles')).toHaveCount(0);
  await screenshot(page, { path: 'test/artifacts/armoury-catalogue.png', fullPage: true });
  expect(pageErrors).toEqual([]);
});
