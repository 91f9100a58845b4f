import { mkdirSync, readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { axeFindings, openApp, test, expect, screenshot } from './fixtures';

mkdirSync('test/artifacts', { recursive: true });

/** Opens the multi-select `box`, clicks each of `options` in turn, and closes it again. */
async function pickAll(page: Page, box: Locator, options: string[]): Promise<void> {
  await box.click();
  for (const name of options) await page.getByRole('option', { name }).click();
  await page.keyboard.press('Escape');
}

/** Serious or critical accessibility problems on the main area, as readable lines. */
// the shared page header's grey description is outside this area's control
const axeProblems = (page: Page) => axeFindings(page, 'main', { exclude: 'main h1 + p' });

// Version id 1 is the bundled pack, stored when the backend first opened the ledger;
// other specs sharing the data folder may store versions of other packs after it.
test('Armoury: search for the Lancer, read its profile and Bulky Target, edit a provisional cost into a new version and see it in the diff', async ({
  page,
  pageErrors,
}) => {
  await openApp(page, '/armoury?v=1');
  await expect(page.getByRole('heading', { name: 'Armoury', level: 1 })).toBeVisible();
  await page.getByLabel('Search the Armoury').fill('Lancer');
  await expect(page.getByText(/^1 of \d+ units$/)).toBeVisible();

  await page.getByRole('button', { name: /Iron Lancer/ }).click();
  const profile = page.getByRole('table', { name: 'Profile' });
  await expect(profile).toBeVisible();
  // Field Manual profile: M8 W4 Hit3+ T4 Save2+ A2 D2 Resolve3+
  await expect(profile.getByRole('row', { name: /Iron Lancer/ })).toHaveText(/Iron Lancer\s*8″\s*4\s*3\+\s*4\s*2\+\s*2\s*2\s*3\+/);
  await expect(page.getByText('Bulky Target', { exact: true })).toBeVisible();
  // its cost is provisional and says so
  await expect(page.getByLabel(/Iron Lancer cost: provisional: not from the designer/)).toBeVisible();
  await screenshot(page, { path: 'test/artifacts/armoury.png', fullPage: true });
  expect(await axeProblems(page)).toEqual([]);

  await page.getByRole('button', { name: 'Edit Iron Lancer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Iron Lancer' });
  const points = dialog.getByLabel('Points per model', { exact: true });
  await points.fill('-4');
  await expect(dialog.getByText('Points cannot be negative.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save as new version' })).toBeDisabled();
  await points.fill('47');
  await dialog.getByLabel('Note for this version').fill('Lancer up after playtest');
  await dialog.getByRole('button', { name: 'Save as new version' }).click();
  await expect(dialog).toBeHidden();

  // the versions tab opens on the new version, compared with its parent
  await expect(
    page
      .getByRole('table', { name: 'Stored versions' })
      .getByRole('button', { name: /^Age of Ash 2\.4 v[2-9]/ })
      .first(),
  ).toBeVisible();
  const changes = page.getByRole('region', { name: 'Changes between versions' });
  await expect(changes.getByText(/^1 change from v1 to v\d+\.$/)).toBeVisible();
  const costs = changes.getByRole('table', { name: 'Costs' });
  await expect(costs.getByRole('row', { name: /Iron Lancer › cost/ })).toHaveText(/changed\s*units › Iron Lancer › cost\s*42\s*47/);
  await screenshot(page, { path: 'test/artifacts/armoury-diff.png', fullPage: true });

  // the old version still holds the old cost
  await page.getByRole('button', { name: 'Age of Ash 2.4 v1' }).click();
  await page.getByRole('tab', { name: 'Units' }).click();
  await page.getByLabel('Search the Armoury').fill('Lancer');
  await page.getByRole('button', { name: /Iron Lancer/ }).click();
  await expect(page.getByText('42 points per model')).toBeVisible();

  // Rulings panel lists every option with its source
  await page.getByRole('tab', { name: 'Rulings' }).click();
  await expect(page.getByRole('table', { name: 'Rulings' }).getByText('Playtest ruling AMB-05')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Rulings' })).not.toContainText('DIGEST'); // named as the refusals name them
  await screenshot(page, { path: 'test/artifacts/armoury-rulings.png', fullPage: true });
  expect(await axeProblems(page)).toEqual([]);
  expect(pageErrors).toEqual([]);
});

test('Bestiary: open a cryptid card with its Wounds, Enraged threshold and trophy; province tables', async ({ page, pageErrors }) => {
  await openApp(page, '/bestiary?v=1');
  await page.getByRole('button', { name: 'Open the Tarasque card' }).click();
  const card = page.getByRole('dialog', { name: 'Tarasque' });
  await expect(card.getByRole('table', { name: 'Tarasque stat card' })).toBeVisible();
  await expect(card.getByText('Boss-class')).toBeVisible();
  await expect(card.getByText(/Enraged at 10 Wounds left or fewer \(of 20\)/)).toBeVisible();
  await expect(card.getByText(/^Trophy:/)).toBeVisible();
  await screenshot(page, { path: 'test/artifacts/bestiary.png', fullPage: true });
  await page.keyboard.press('Escape');

  await page.getByRole('tab', { name: 'Encounter procedure' }).click();
  await expect(page.getByRole('table', { name: 'Behaviour table' }).getByText('Feral Instinct')).toBeVisible();
  await screenshot(page, { path: 'test/artifacts/bestiary-procedure.png', fullPage: true });
  expect(await axeProblems(page)).toEqual([]);
  await page.getByRole('tab', { name: 'Province tables' }).click();
  const moors = page.getByRole('table', { name: 'The Ashen Moors encounter table' });
  await expect(moors.getByRole('row', { name: /5–6/ })).toHaveText(/Barghest/);

  // replace a provisional province table: the third creature becomes the Nuckelavee
  await page.getByRole('button', { name: 'Edit The Ashen Moors' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit The Ashen Moors' });
  await edit.getByRole('combobox', { name: 'D6 5–6' }).click();
  await page.getByRole('option', { name: 'Nuckelavee (Boss)' }).click();
  await edit.getByRole('button', { name: 'Save as new version' }).click();
  await expect(edit).toBeHidden();
  await expect(moors.getByRole('row', { name: /5–6/ })).toHaveText(/Nuckelavee/);
  expect(pageErrors).toEqual([]);
});

test('weapons and cryptid cards are edited into new versions too, with inline validation', async ({ page, pageErrors }) => {
  await openApp(page, '/armoury?v=1');
  await page.getByRole('tab', { name: 'Factions' }).click();
  await expect(page.getByRole('heading', { name: 'The Scattered' })).toBeVisible();
  await screenshot(page, { path: 'test/artifacts/armoury-factions.png', fullPage: true });
  await page.getByRole('tab', { name: 'Missions and campaign' }).click();
  await expect(page.getByRole('table', { name: 'Missions' }).getByRole('row', { name: /^3 / })).toContainText('guaranteed');
  await screenshot(page, { path: 'test/artifacts/armoury-campaign.png', fullPage: true });
  expect(await axeProblems(page)).toEqual([]);
  await page.getByRole('tab', { name: 'Weapons' }).click();
  await page.getByLabel('Search weapons').fill('harpoon');
  await page.getByRole('button', { name: 'Edit Harpoon' }).click();
  const w = page.getByRole('dialog', { name: 'Edit Harpoon' });
  await w.getByLabel('Force', { exact: true }).fill('0');
  await expect(w.getByText('At least 1.')).toBeVisible();
  await w.getByLabel('Force', { exact: true }).fill('7');
  await w.getByRole('button', { name: 'Save as new version' }).click();
  await expect(w).toBeHidden();
  await expect(page.getByRole('table', { name: 'Profiles and weapons' }).getByRole('row', { name: /Harpoon › force/ })).toHaveText(/6\s*7/);

  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Bestiary', exact: true }).click();
  await page.getByRole('button', { name: 'Open the Kelpie card' }).click();
  await page.getByRole('button', { name: 'Edit this card' }).click();
  const c = page.getByRole('dialog', { name: 'Edit Kelpie' });
  await c.getByLabel('Movement (inches)').fill('12');
  await c.getByLabel('These are the designer’s published numbers').check();
  await c.getByRole('button', { name: 'Save as new version' }).click();
  const card = page.getByRole('dialog', { name: 'Kelpie' });
  await expect(card.getByRole('table', { name: 'Kelpie stat card' }).getByRole('cell', { name: '12″', exact: true })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test('Versions: export downloads the pack; importing a broken file lists every problem and stores nothing', async ({ page, pageErrors }) => {
  await openApp(page, '/armoury?v=1');
  await page.getByRole('tab', { name: 'Versions and changes' }).click();
  const stored = page.getByRole('table', { name: 'Stored versions' }).getByRole('row');
  const rowsBefore = await stored.count();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export this version' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('age-of-ash-v1.json');
  const text = readFileSync((await file.path())!, 'utf8');
  const pack = JSON.parse(text);
  expect(pack.meta.name).toBe('Age of Ash 2.4');

  // three problems at once, each shown with where it is
  pack.units[0].cost = -5;
  pack.provinces[0].cryptids[0] = 'yeti';
  pack.weapons[0].force = 'strong';
  await page.locator('input[type="file"]').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(pack)) });
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Some details are not valid');
  await expect(alert).toContainText('units › 0 › cost');
  await expect(alert).toContainText('provinces › 0 › cryptids › 0: Unknown cryptid "yeti"');
  await expect(alert).toContainText('weapons › 0 › force');
  await expect(stored).toHaveCount(rowsBefore);
  expect(pageErrors).toEqual([]);
});

test('Armoury: add "Test Fusilier" to a faction as a new version, see it in the Units list and the diff; a refused edit shows its problem beside the field; loadouts and removal', async ({
  page,
  pageErrors,
}) => {
  await openApp(page, '/armoury?v=1');
  await page.getByRole('button', { name: 'Add a unit' }).click();
  const add = page.getByRole('dialog', { name: 'Add a unit' });
  await add.getByRole('combobox', { name: 'Faction' }).click();
  await page.getByRole('option', { name: 'The Crowned Marches' }).click();
  await add.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Core', exact: true }).click();
  await add.getByLabel('Name', { exact: true }).fill('Test Fusilier');
  const points = add.getByLabel('Points per model', { exact: true });
  await points.fill('-1');
  await expect(add.getByText('Points cannot be negative.')).toBeVisible();
  await points.fill('11');
  await pickAll(page, add.getByRole('combobox', { name: 'Standard weapons' }), ['Service rifle', 'Hand weapon']);
  await screenshot(page, { path: 'test/artifacts/armoury-add-unit.png', fullPage: true });
  await add.getByRole('button', { name: 'Add as new version' }).click();
  await expect(add).toBeHidden();

  // the new version opens on the Versions tab, compared with v1
  const changes = page.getByRole('region', { name: 'Changes between versions' });
  await expect(changes.getByRole('row', { name: /Test Fusilier/ }).first()).toHaveText(/added\s*units › Test Fusilier/);
  await screenshot(page, { path: 'test/artifacts/armoury-add-unit-diff.png', fullPage: true });
  await page.getByRole('tab', { name: 'Units' }).click();
  await page.getByLabel('Search the Armoury').fill('Test Fusilier');
  await expect(page.getByText('1 of 43 units')).toBeVisible();
  await page.getByRole('button', { name: /Test Fusilier/ }).click();
  await expect(page.getByRole('table', { name: 'Test Fusilier weapons' }).getByText('Service rifle')).toBeVisible();

  // a second "Test Fusilier" in the same faction: the backend refuses it, and says so at the Name field
  await page.getByRole('button', { name: 'Add a unit' }).click();
  await add.getByRole('combobox', { name: 'Faction' }).click();
  await page.getByRole('option', { name: 'The Crowned Marches' }).click();
  await add.getByLabel('Name', { exact: true }).fill('Test Fusilier');
  await add.getByRole('button', { name: 'Add as new version' }).click();
  const name = add.getByLabel('Name', { exact: true });
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription(/already has a unit called "Test Fusilier"/);
  await expect(add.getByRole('alert')).toContainText('marked beside their fields');
  await screenshot(page, { path: 'test/artifacts/armoury-add-unit-refused.png', fullPage: true });
  await add.getByRole('button', { name: 'Cancel' }).click();

  // a loadout added to the new unit, with its own weapon
  await page.getByRole('button', { name: 'Edit Test Fusilier' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Test Fusilier' });
  await edit.getByRole('button', { name: 'Add a loadout' }).click();
  const loadout = edit.getByRole('group', { name: 'Loadout: New loadout 1' });
  await loadout.getByLabel('Loadout name').fill('Marksman');
  await loadout.getByLabel('Extra points per model').fill('4');
  await pickAll(page, loadout.getByRole('combobox', { name: 'Weapons of this loadout' }), ['Hunting rifle']);
  await screenshot(page, { path: 'test/artifacts/armoury-edit-loadouts.png', fullPage: true });
  await edit.getByRole('button', { name: 'Save as new version' }).click();
  await expect(edit).toBeHidden();
  await expect(changes.getByRole('row', { name: /Marksman/ }).first()).toContainText('added');

  // the faction's only Captain cannot go; the club's own unit can
  await page.getByRole('tab', { name: 'Units' }).click();
  await page.getByLabel('Search the Armoury').fill('Crown Marshal');
  await page.getByRole('button', { name: /Crown Marshal/ }).click();
  await page.getByRole('button', { name: 'Remove Crown Marshal' }).click();
  const blocked = page.getByRole('dialog', { name: 'Remove Crown Marshal' });
  await expect(blocked.getByText('The Crowned Marches would have no Captain; every army needs one.')).toBeVisible();
  await expect(blocked.getByRole('button', { name: 'Remove as new version' })).toHaveCount(0);
  await blocked.getByRole('button', { name: 'Close' }).click();
  await page.getByLabel('Search the Armoury').fill('Test Fusilier');
  await page.getByRole('button', { name: /Test Fusilier/ }).click();
  await page.getByRole('button', { name: 'Remove Test Fusilier' }).click();
  const rm = page.getByRole('dialog', { name: 'Remove Test Fusilier' });
  await rm.getByRole('button', { name: 'Remove as new version' }).click();
  await expect(rm).toBeHidden();
  await expect(changes.getByRole('row', { name: /Test Fusilier/ }).first()).toContainText('removed');
  expect(await axeProblems(page)).toEqual([]);
  expect(pageErrors).toEqual([]);
});
