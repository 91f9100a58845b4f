import type { Page } from '@playwright/test';
import { seedPlayedClub } from '../helpers/played-club';
import { axeFindings, call, openApp, pageApi, test, expect, screenshot } from './fixtures';

/**
 * Issue 34 point 2: 'the Journal then opens with no campaign chosen … The Journal remembers the campaign last opened
 * and opens at a campaign named in the link. Undo of a whole mission in the Journal names what will be reversed and
 * asks first.'
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

for (const theme of ['light', 'dark'] as const) {
  test(`undoing a mission names what it reverses and asks first; Cancel keeps everything (${theme})`, async ({ page, pageErrors }) => {
    test.setTimeout(90_000);
    const api = pageApi(page);
    await api.call('settings.update', { theme });
    // mission 1 played and finished: its undo is the whole mission
    const [ada, bram] = [`Ada ${theme}`, `Bram ${theme}`];
    const club = await seedPlayedClub(api, { players: [ada, bram], campaignName: `Undo ${theme}`, rosterName: `Vigil ${theme}`, battleId: `undo-${theme}` });
    const after = await api.call('ledger.journal', { campaignId: club.campaign.id });
    const finished = after.undo!;
    const now = Object.fromEntries(after.players.map((p) => [p.playerName, p.allowance]));
    // before the mission only the starting allowance was there
    const start = Object.fromEntries(after.players.map((p) => [p.playerName, p.explanation.find((l) => l.kind === 'starting-allowance')!.amount]));
    expect(now[ada]).not.toBe(start[ada]);

    await openApp(page, `/journal/${club.campaign.id}`);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
    await expect(page.getByLabel(`${ada} allowance`)).toHaveText(`${now[ada]} RP`);
    await page.getByRole('button', { name: 'Undo last event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Undo mission 1?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(finished.summary);
    const reversed = dialog.getByRole('list', { name: 'What will be reversed' });
    for (const name of [ada, bram]) await expect(reversed).toContainText(`${name}: allowance ${now[name]} → ${start[name]} RP`);
    expect(await axeFindings(page, '[role="dialog"]')).toEqual([]);
    await screenshot(page, { path: `test/artifacts/journal-undo-confirm-${theme}.png` });

    // Cancel: nothing is written
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByLabel(`${ada} allowance`)).toHaveText(`${now[ada]} RP`);
    const kept = await api.call('ledger.journal', { campaignId: club.campaign.id });
    expect(kept.events).toEqual(after.events);
    expect(kept.undo?.eventId).toBe(finished.eventId);

    // Escape is a cancel too; then the undo itself
    await page.getByRole('button', { name: 'Undo last event' }).click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    expect((await api.call('ledger.journal', { campaignId: club.campaign.id })).events).toHaveLength(after.events.length);
    await page.getByRole('button', { name: 'Undo last event' }).click();
    await dialog.getByRole('button', { name: 'Undo mission 1' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByLabel(`${ada} allowance`)).toHaveText(`${start[ada]} RP`);
    await expect(page.getByLabel(`${bram} allowance`)).toHaveText(`${start[bram]} RP`);
    expect(await axeFindings(page, 'main')).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
}
