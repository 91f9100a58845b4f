import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { call, openApp, test, expect } from './fixtures';

/**
 * Issue 34 point 1: 'every Settings change resets every other setting — choosing dark mode blanks the club name,
 * saving the club name puts the theme back to "Follow system" … and the screen keeps the old value until a reload;
 * a club cannot have both its name on its PDFs and dark mode.'
 */
const CLUB = 'Ashford Wargames Club';

const chooseDark = async (page: Page) => {
  await page.getByRole('radiogroup', { name: 'Theme' }).getByText('Dark', { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
};
const nameTheClub = async (page: Page) => {
  const club = page.getByLabel('Club name');
  // typed with spaces around it: what the screen shows once saved is what was kept (trimmed), not what was typed
  await club.fill(`  ${CLUB}  `);
  await club.blur();
  await expect(club).toHaveValue(CLUB);
};

/** Both settings, as the Settings screen shows them. */
const bothShown = async (page: Page) => {
  await expect(page.getByLabel('Club name')).toHaveValue(CLUB);
  await expect(page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
};

for (const order of [
  ['dark mode', 'the club name'],
  ['the club name', 'dark mode'],
] as const) {
  test(`${order[0]} then ${order[1]}: both are kept, shown at once, after a reload and on every printed page`, async ({ page, pageErrors }) => {
    test.setTimeout(60_000);
    await call(page, 'settings.update', { clubName: '', theme: 'auto' });
    await openApp(page, '/settings');
    for (const step of order) await (step === 'dark mode' ? chooseDark(page) : nameTheClub(page));
    await expect(page.getByRole('status').filter({ hasText: 'Settings saved' })).toBeVisible();
    await bothShown(page);

    await page.reload();
    await bothShown(page);
    const nav = page.getByRole('navigation', { name: 'Sections' });
    await nav.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page.getByRole('heading', { name: new RegExp(CLUB) })).toBeVisible();

    // a printout: the club's name at the foot of each page
    await nav.getByRole('link', { name: 'Reports', exact: true }).click();
    await page.getByRole('button', { name: 'Crib sheet PDF' }).click();
    const dialog = page.getByRole('dialog', { name: 'Crib sheet' });
    await expect(dialog.locator('iframe[title="Crib sheet preview"]')).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Save PDF' }).click()]);
    const file = await download.path();
    const pages = Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
    expect(pages).toBeGreaterThan(0);
    for (let n = 1; n <= pages; n++) {
      const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-f', String(n), '-l', String(n), file, '-'], { encoding: 'utf8' });
      const footer = text.trimEnd().split('\n').at(-1)!;
      expect(footer, `page ${n}`).toContain(CLUB);
      expect(footer, `page ${n}`).toContain(`Page ${n} of ${pages}`);
    }
    expect(pageErrors).toEqual([]);
  });
}
