import { test as base, expect, type Page } from '@playwright/test';

export const TOKEN = process.env.AOA_E2E_TOKEN!;
export const DATA_DIR = process.env.AOA_E2E_DATA!;

/** Opens the app the way a user does: through the tokenised address browser mode prints. */
export async function openApp(page: Page, hash = '/'): Promise<void> {
  await page.goto(`/?token=${TOKEN}`);
  if (hash !== '/') await page.goto(`/#${hash}`);
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
}

/** Collects uncaught page errors so a test can assert that none happened. */
export const test = base.extend<{ pageErrors: Error[] }>({
  pageErrors: async ({ page }, use) => {
    const errors: Error[] = [];
    page.on('pageerror', (e) => errors.push(e));
    await use(errors);
  },
});

export { expect };
