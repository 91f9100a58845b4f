import { openApp, test, expect, call } from './fixtures';

/**
 * Issue 15: 'only the army sheet has a preview and options'. Every printout opens in a preview with its paper size
 * (and its own choices), and is saved from there.
 */
test('the crib sheet, a briefing and the campaign summary open in a preview before saving', async ({ page, pageErrors }) => {
  test.setTimeout(120_000);
  await openApp(page, '/reports');
  await page.getByRole('button', { name: 'Crib sheet PDF' }).click();
  let dialog = page.getByRole('dialog', { name: 'Crib sheet' });
  await expect(dialog.locator('iframe[title="Crib sheet preview"]')).toBeVisible();
  await expect(dialog.getByText('2 pages')).toBeVisible();
  // US Letter renders it again
  await dialog.getByText('US Letter', { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: 'US Letter' })).toBeChecked();
  await expect(dialog.locator('iframe[title="Crib sheet preview"]')).toBeVisible();
  const [crib] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Save PDF' }).click()]);
  expect(crib.suggestedFilename()).toBe('crib-sheet.pdf');
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  await page.getByRole('button', { name: 'Briefing PDF' }).click();
  dialog = page.getByRole('dialog', { name: 'Mission briefing' });
  await dialog.getByRole('combobox', { name: 'Mission' }).click();
  await page.getByRole('option', { name: '3' }).click();
  await expect(dialog.locator('iframe[title="Mission briefing preview"]')).toBeVisible();
  const [brief] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Save PDF' }).click()]);
  expect(brief.suggestedFilename()).toBe('mission-3-briefing.pdf');
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // a campaign's summary from its Journal
  const a = await call<{ id: string }>(page, 'players.create', { name: 'Ada Lovell' });
  const b = await call<{ id: string }>(page, 'players.create', { name: 'Bram Stoke' });
  const c = await call<{ id: string }>(page, 'campaigns.create', {
    name: 'Ada vs Bram',
    rulesetVersionId: 1,
    seats: [
      { playerId: a.id, factionId: 'penitent-concord' },
      { playerId: b.id, factionId: 'scattered' },
    ],
  });
  await openApp(page, `/journal/${c.id}`);
  await page.getByRole('button', { name: 'Print summary' }).click();
  dialog = page.getByRole('dialog', { name: 'Campaign summary' });
  await expect(dialog.locator('iframe[title="Campaign summary preview"]')).toBeVisible();
  const [summary] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Save PDF' }).click()]);
  expect(summary.suggestedFilename()).toBe('ada-vs-bram-summary.pdf');
  expect(pageErrors).toEqual([]);
});
