import type { Page } from '@playwright/test';
import { axeFindings, call, openApp, pageApi, settled, test, expect, screenshot } from './fixtures';

/**
 * Issue 34 point 7: 'There is no list of the club's players, and Campaigns still says "Add two players" after three
 * were added.' A Players page: list, search, rename, each player's campaigns and rosters, remove when unused.
 */

const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name, exact: true }).click();

test('the Players page lists, searches, renames, shows campaigns and rosters, and removes only an unused player', async ({ page, pageErrors }) => {
  test.setTimeout(90_000);
  await openApp(page, '/campaigns');
  await expect(page.getByText('No campaigns yet. Add two players')).toBeVisible();

  const ids: Record<string, string> = {};
  for (const name of ['Ada Lovell', 'Bram Stoke', 'Cy Morrow']) ids[name] = (await call<{ id: string }>(page, 'players.create', { name })).id;
  await page.reload();
  // the dashboard counts the players there are
  await expect(page.getByText('The club has 3 players')).toBeVisible();
  await expect(page.getByText('Add two players')).toHaveCount(0);

  const campaign = await call<{ id: string }>(page, 'campaigns.create', {
    name: 'Ashford Autumn',
    rulesetVersionId: 1,
    seats: [
      { playerId: ids['Ada Lovell'], factionId: 'penitent-concord' },
      { playerId: ids['Bram Stoke'], factionId: 'scattered' },
    ],
  });
  const roster = await call<{ roster: { id: string } }>(page, 'rosters.create', {
    name: 'Lantern Vigil',
    playerId: ids['Ada Lovell'],
    factionId: 'penitent-concord',
    mode: 'campaign',
    campaignId: campaign.id,
  });

  await nav(page, 'Players');
  await expect(page.getByRole('heading', { level: 1, name: 'Players' })).toBeVisible();
  await expect(page.getByText('3 players in the club.')).toBeVisible();
  const table = page.getByRole('table', { name: 'Players' });
  await expect(table.getByRole('row')).toHaveCount(4);
  await page.getByLabel('Search').fill('bra');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Bram Stoke');
  await page.getByLabel('Search').fill('');
  await expect(table.getByRole('row')).toHaveCount(4);

  // Ada: her campaign and roster, each a way there; kept while they name her
  await table.getByRole('link', { name: 'Ada Lovell' }).click();
  const ada = page.getByRole('region', { name: 'Player Ada Lovell' });
  await expect(ada.getByRole('list', { name: 'Ada Lovell’s campaigns' })).toContainText('Ashford Autumn');
  await expect(ada.getByRole('list', { name: 'Ada Lovell’s rosters' })).toContainText('Lantern Vigil');
  await expect(ada).toContainText('Cannot be removed while 1 campaign, 1 roster');
  await expect(ada.getByRole('button', { name: 'Remove player' })).toHaveCount(0);
  expect(await axeFindings(page, 'main')).toEqual([]);

  // renamed here, the name is the new one everywhere
  await ada.getByLabel('Name').fill('Ada Lovelace');
  await ada.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByRole('region', { name: 'Player Ada Lovelace' }).getByRole('status')).toHaveText('Renamed.');
  await expect(table.getByRole('link', { name: 'Ada Lovelace' })).toBeVisible();
  // another player's name is refused, beside the field
  const renamed = page.getByRole('region', { name: 'Player Ada Lovelace' });
  await renamed.getByLabel('Name').fill('Bram Stoke');
  await renamed.getByRole('button', { name: 'Rename' }).click();
  await expect(renamed).toContainText('Another player is already called Bram Stoke');
  await renamed.getByRole('link', { name: 'Lantern Vigil' }).click();
  await expect(page).toHaveURL(new RegExp(`#/builder/${roster.roster.id}$`));
  await expect(page.getByText('Ada Lovelace ·')).toBeVisible();
  await openApp(page, `/players/${ids['Ada Lovell']}`);
  await page.getByRole('region', { name: 'Player Ada Lovelace' }).getByRole('link', { name: 'Ashford Autumn' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ashford Autumn' })).toBeVisible();

  // Cy plays nothing: removed after a question, Cancel first
  await nav(page, 'Players');
  await table.getByRole('link', { name: 'Cy Morrow' }).click();
  const cy = page.getByRole('region', { name: 'Player Cy Morrow' });
  await cy.getByRole('button', { name: 'Remove player' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove Cy Morrow?' });
  await expect(dialog).toBeVisible();
  expect(await axeFindings(page, '[role="dialog"]')).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(table.getByRole('link', { name: 'Cy Morrow' })).toBeVisible();
  await cy.getByRole('button', { name: 'Remove player' }).click();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(table.getByRole('link', { name: 'Cy Morrow' })).toHaveCount(0);
  await expect(page.getByText('2 players in the club.')).toBeVisible();
  await expect(page).toHaveURL(/#\/players$/);
  expect((await pageApi(page).call('players.list', {})).map((p) => p.name)).toEqual(['Ada Lovelace', 'Bram Stoke']);
  expect(pageErrors).toEqual([]);
});

test('the Players page in the dark theme: no axe violation', async ({ page }) => {
  await pageApi(page).call('settings.update', { theme: 'dark' });
  const dee = await pageApi(page).call('players.create', { name: 'Dee Vance' });
  await openApp(page, `/players/${dee.id}`);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByRole('region', { name: 'Player Dee Vance' }).getByRole('button', { name: 'Remove player' })).toBeVisible();
  await settled(page);
  await screenshot(page, { path: 'test/artifacts/players-dark.png' });
  expect(await axeFindings(page, 'main')).toEqual([]);
  await pageApi(page).call('settings.update', { theme: 'auto' });
});
