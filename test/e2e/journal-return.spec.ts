import type { Page } from '@playwright/test';
import { call, openApp, test, expect } from './fixtures';

/**
 * Issue 34 point 2: 'the Journal then opens with no campaign chosen … The Journal remembers the campaign last opened
 * and opens at a campaign named in the link.'
 */

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const toJournal = (page: Page) => page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Journal', exact: true }).click();

async function twoCampaigns(page: Page) {
  const ids: Record<string, string> = {};
  for (const [name, a, b] of [
    ['Ashford Autumn', 'Ada Lovell', 'Bram Stoke'],
    ['Harrow Winter', 'Cy Morrow', 'Di Vance'],
  ] as const) {
    const pa = await call<{ id: string }>(page, 'players.create', { name: a });
    const pb = await call<{ id: string }>(page, 'players.create', { name: b });
    const c = await call<{ id: string }>(page, 'campaigns.create', {
      name,
      rulesetVersionId: 1,
      seats: [
        { playerId: pa.id, factionId: 'penitent-concord' },
        { playerId: pb.id, factionId: 'scattered' },
      ],
    });
    ids[name] = c.id;
  }
  return ids;
}

test('the Journal opens at the campaign last opened, and at one a link names', async ({ page, pageErrors }) => {
  const ids = await twoCampaigns(page);
  // nothing opened yet on this device: the picker
  await openApp(page, '/journal');
  await expect(h1(page, 'Journal')).toBeVisible();
  await page.getByRole('combobox', { name: 'Campaign' }).click();
  await page.getByRole('option', { name: /^Ashford Autumn/ }).click();
  await expect(h1(page, 'Ashford Autumn')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`#/journal/${ids['Ashford Autumn']}$`));

  // away and back by the navigation, and after a reload of the bare Journal address: the same campaign
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Home', exact: true }).click();
  await toJournal(page);
  await expect(h1(page, 'Ashford Autumn')).toBeVisible();
  await openApp(page, '/journal');
  await expect(h1(page, 'Ashford Autumn')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`#/journal/${ids['Ashford Autumn']}$`));

  // a link naming a campaign opens it, whatever was opened last, and it is the one remembered from then on
  await openApp(page, `/journal?campaign=${ids['Harrow Winter']}`);
  await expect(h1(page, 'Harrow Winter')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`#/journal/${ids['Harrow Winter']}$`));
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Home', exact: true }).click();
  await toJournal(page);
  await expect(h1(page, 'Harrow Winter')).toBeVisible();

  // another campaign from the Journal itself
  const select = page.getByRole('combobox', { name: 'Campaign' });
  await expect(select).toHaveValue(/^Harrow Winter/);
  await select.click();
  await page.getByRole('option', { name: /^Ashford Autumn/ }).click();
  await expect(h1(page, 'Ashford Autumn')).toBeVisible();

  // a campaign that is not in this ledger is never remembered: the Journal still opens at the last one that was
  await openApp(page, '/journal/no-such-campaign');
  await expect(page.getByRole('alert')).toContainText(/no campaign/i);
  await toJournal(page);
  await expect(h1(page, 'Ashford Autumn')).toBeVisible();
  expect(pageErrors).toEqual([]);
});
