import { mkdirSync } from 'node:fs';
import { axeFindings, expect, openApp, pageApi, test, screenshot } from './fixtures';

/**
 * Issue 43: the guides of docs/guide/ inside the app. Three screens' Help buttons open their guide at their heading;
 * the search finds "revoke" in the club night guide and opens it there; a guide's link to another guide stays in
 * Help; no axe finding in the light or the dark theme.
 */

const inView = (page: import('@playwright/test').Page, id: string) =>
  page.evaluate((target) => {
    const r = document.getElementById(target)?.getBoundingClientRect();
    return !!r && r.top >= 0 && r.top < window.innerHeight;
  }, id);

test('Help opens from three screens at their guide, finds “revoke”, follows a guide’s link; axe in both themes', async ({ page, pageErrors }) => {
  mkdirSync('test/artifacts', { recursive: true });
  await openApp(page, '/club-night');
  const guide = page.getByRole('article');

  // the Club night page: the club night guide, from its top
  await page.getByRole('main').getByRole('link', { name: 'Help', exact: true }).click();
  await expect(page).toHaveURL(/#\/help\/club-night$/);
  await expect(guide.getByRole('heading', { level: 1, name: 'Club night on the LAN' })).toBeVisible();

  // Play: the organiser's evening, at Play Mode
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Play', exact: true }).click();
  await page.getByRole('main').getByRole('link', { name: 'Help', exact: true }).click();
  await expect(guide.getByRole('heading', { level: 1, name: "The organiser's evening" })).toBeVisible();
  await expect(guide.getByRole('heading', { level: 2, name: 'Play Mode' })).toBeVisible();
  await expect.poll(() => inView(page, 'play-mode')).toBe(true);

  // the Designer's desk: its guide, at the desk
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Designer', exact: true }).click();
  await page.getByRole('main').getByRole('link', { name: 'Help', exact: true }).click();
  await expect(guide.getByRole('heading', { level: 1, name: "Playtest reports and the designer's desk" })).toBeVisible();
  await expect.poll(() => inView(page, 'the-designers-desk')).toBe(true);

  // the search: "revoke" is in the club night guide; opening the hit opens the guide at that section
  await page.getByRole('textbox', { name: 'Search the guides' }).fill('revoke');
  const results = page.getByRole('region', { name: 'Search results' });
  const hit = results.getByRole('link', { name: /^Club night on the LAN/ }).first();
  await expect(hit).toBeVisible();
  await expect(results).toContainText(/revok/i);
  await hit.click();
  await expect(guide.getByRole('heading', { level: 1, name: 'Club night on the LAN' })).toBeVisible();
  await expect(guide).toContainText('Revoke');

  // a guide's link to another guide stays in Help
  await page.getByRole('navigation', { name: 'Guides' }).getByRole('link', { name: 'Troubleshooting' }).click();
  await guide.getByRole('link', { name: 'backups and recovery' }).click();
  await expect(page).toHaveURL(/#\/help\/backups$/);
  await expect(guide.getByRole('heading', { level: 1, name: 'Backups and recovery' })).toBeVisible();

  const found: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await pageApi(page).call('settings.update', { theme });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
    await page.getByRole('navigation', { name: 'Guides' }).getByRole('link', { name: "The organiser's evening" }).click();
    await expect(guide.getByRole('img').first()).toBeVisible();
    await screenshot(page, { path: `test/artifacts/help-${theme}.png` });
    for (const v of await axeFindings(page)) found.push(`${theme}: ${v}`);
    await page.getByRole('textbox', { name: 'Search the guides' }).fill('revoke');
    await expect(page.getByRole('region', { name: 'Search results' }).getByRole('link').first()).toBeVisible();
    for (const v of await axeFindings(page)) found.push(`${theme} (search): ${v}`);
    await page.getByRole('textbox', { name: 'Search the guides' }).fill('');
  }
  expect(found).toEqual([]);
  expect(pageErrors).toEqual([]);
});
