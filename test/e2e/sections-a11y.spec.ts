import { mkdirSync, writeFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { seedPlayedClub } from '../helpers/played-club';
import { axeFindings, expect, openApp, pageApi, test, capture } from './fixtures';

/**
 * Issue 15's acceptance: an accessibility scan (axe, every rule including colour contrast) in the light and the dark
 * theme with zero violations. Play Mode's battle states are play-a11y.spec.ts; this walks every other section (Home,
 * Campaigns with its players and the ledger's record form, Builder list and editor, Play, Journal, Armoury, Bestiary,
 * Reports, Settings) and the print previews, one page load per theme, moving between sections by the navigation.
 */

/** Every axe violation on the page or in one part of it (all rules, all impacts), as readable lines. */
// a print preview's PDF is shown by the browser's own viewer inside the iframe: its text is checked by the PDF tests
const violations = (page: Page, include?: string) => axeFindings(page, include, { exclude: 'iframe', every: true });

/** A played campaign (test/helpers/played-club.ts), named for the theme so the two runs' rows differ. */
async function seed(page: Page, suffix: string): Promise<{ campaignName: string; rosterName: string }> {
  const campaignName = `Ashford ${suffix}`;
  const rosterName = `Lantern Vigil ${suffix}`;
  await seedPlayedClub(pageApi(page), { players: [`Ada ${suffix}`, `Bram ${suffix}`], campaignName, rosterName, battleId: `a11y-${suffix}` });
  return { campaignName, rosterName };
}

for (const theme of ['light', 'dark'] as const) {
  test(`every section in the ${theme} theme: no axe violation, colour contrast included`, async ({ page, pageErrors }) => {
    test.setTimeout(180_000);
    page.setDefaultTimeout(15_000);
    mkdirSync('test/artifacts', { recursive: true });
    const { campaignName, rosterName } = await seed(page, theme);
    await pageApi(page).call('settings.update', { theme });

    await openApp(page, '/');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
    const found: string[] = [];
    /** Waits for the view's data, then scans the whole page (or the dialog open on it). */
    const scan = async (what: string, ready: Locator, include?: string) => {
      await expect(ready).toBeVisible();
      const findings = await violations(page, include);
      for (const v of findings) found.push(`${what}: ${v}`);
      if (findings.length || process.env.AOA_E2E_SCREENSHOTS)
        await capture(page, { path: `test/artifacts/sections-a11y-${theme}-${what.replace(/\W+/g, '-')}.png`, fullPage: true });
    };
    const nav = (label: string) => page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: label, exact: true }).click();
    const h1 = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });
    /** Goes to a section by the navigation and scans it once `ready` shows (by default, the section's heading). */
    const visit = async (label: string, what: string, ready: Locator = page.getByRole('heading', { level: 1, name: label, exact: true })) => {
      await nav(label);
      await scan(what, ready);
    };
    const dialog = async (what: string, name: string) => {
      const d = page.getByRole('dialog', { name });
      await expect(d.locator('iframe')).toBeVisible();
      await scan(what, d, '[role="dialog"]');
      await d.getByRole('button', { name: 'Close' }).first().click();
      await expect(d).toHaveCount(0);
    };

    await scan('home', h1(/./));

    await visit('Campaigns', 'campaigns', page.getByRole('table', { name: 'Campaigns' }));
    await page
      .getByRole('table', { name: 'Campaigns' })
      .getByRole('row', { name: new RegExp(campaignName) })
      .getByRole('button', { name: 'Record result' })
      .click();
    await scan('campaign record form', h1(/^Record mission \d/));

    await visit('Builder', 'builder list', page.getByRole('button', { name: `Open ${rosterName}` }));
    await page.getByRole('button', { name: `Open ${rosterName}` }).click();
    await scan('builder editor', h1(rosterName));
    await page.getByRole('button', { name: 'Print' }).click();
    await dialog('army sheet preview', 'Army sheet');

    await visit('Play', 'play');

    await visit('Journal', 'journal', h1('Journal'));
    await nav('Campaigns');
    await page.getByRole('table', { name: 'Campaigns' }).getByRole('link', { name: campaignName }).click();
    await scan('campaign journal', h1(campaignName));
    await page.getByRole('button', { name: 'Print summary' }).click();
    await dialog('campaign summary preview', 'Campaign summary');

    await visit('Armoury', 'armoury');
    await visit('Bestiary', 'bestiary');

    // the report's answer, not its loading state (the figures come from the report worker)
    await visit('Reports', 'reports', page.getByRole('group', { name: 'Games' }).or(page.getByText('No finished battles match this selection.')));
    await page.getByRole('button', { name: 'Crib sheet PDF' }).click();
    await dialog('crib sheet preview', 'Crib sheet');

    await visit('Settings', 'settings');

    writeFileSync(`test/artifacts/sections-a11y-${theme}.txt`, found.join('\n\n'));
    expect(found).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
}
