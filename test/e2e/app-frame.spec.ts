import { mkdirSync } from 'node:fs';
import { axeFindings, openApp, pageApi, slowFirst, test, expect, screenshot } from './fixtures';

// every section of the navigation, in its order (src-renderer/src/routes.tsx); the first test checks the list is whole
const SECTIONS = ['Home', 'Campaigns', 'Players', 'Builder', 'Play', 'Club night', 'Journal', 'Armoury', 'Bestiary', 'Reports', 'Designer', 'Settings', 'Help'];

test('every section opens from the navigation without an error', async ({ page, pageErrors }) => {
  await openApp(page);
  const nav = page.getByRole('navigation', { name: 'Sections' });
  expect((await nav.getByRole('link').allInnerTexts()).map((t) => t.trim())).toEqual(SECTIONS);
  for (const name of SECTIONS) {
    await nav.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByText('This screen ran into a problem')).toHaveCount(0);
  }
  mkdirSync('test/artifacts', { recursive: true });
  await nav.getByRole('link', { name: 'Home', exact: true }).click();
  await screenshot(page, { path: 'test/artifacts/home.png' });
  expect(pageErrors).toEqual([]);
});

test('a campaign page that cannot be shown is still named, and says why', async ({ page }) => {
  // a link to a campaign that is not in this ledger (another organiser's, or one removed since)
  for (const [path, title] of [
    ['/journal/no-such-campaign', 'Campaign journal'],
    ['/campaigns/no-such-campaign/record', 'Record a mission'],
  ] as const) {
    await openApp(page, path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(/no campaign/i);
    await screenshot(page, { path: `test/artifacts/not-found${path.replace(/\W+/g, '-')}.png` });
  }
});

test('settings are saved through the backend and survive a reload', async ({ page }) => {
  await openApp(page, '/settings');
  const club = page.getByLabel('Club name');
  await club.fill('Ashford Wargames Club');
  await club.blur();
  await expect(page.getByText('Settings saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Club name')).toHaveValue('Ashford Wargames Club');
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.getByRole('heading', { name: /Ashford Wargames Club/ })).toBeVisible();

  // Enter saves it too, and so does a pause in typing: a reload straight after either keeps the new name (issue 43)
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByLabel('Club name').fill('Ashford Night Owls');
  await page.getByLabel('Club name').press('Enter');
  await expect(page.getByText('Settings saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Club name')).toHaveValue('Ashford Night Owls');
  await page.getByLabel('Club name').fill('Ashford Early Birds');
  await expect.poll(async () => (await pageApi(page).call('settings.get', {})).clubName, { timeout: 5_000 }).toBe('Ashford Early Birds');
  await page.reload();
  await expect(page.getByLabel('Club name')).toHaveValue('Ashford Early Birds');
});

test('the home screen offers the actions a club member starts from', async ({ page }) => {
  await openApp(page);
  for (const label of ['Play First Mission', 'Build a Warband', 'Open Armoury', 'Open Bestiary', 'Print the crib sheet']) {
    await expect(page.getByRole('link', { name: label })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Open Bestiary' }).click();
  await expect(page).toHaveURL(/#\/bestiary/);
  // "Print the crib sheet" lands on the handouts with the crib sheet button focused, one key press from its preview
  // (issue 15: every printout is previewed before it is saved)
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Home', exact: true }).click();
  await page.getByRole('link', { name: 'Print the crib sheet' }).click();
  await expect(page.getByRole('button', { name: 'Crib sheet PDF' })).toBeFocused();
  await page.keyboard.press('Enter');
  const preview = page.getByRole('dialog', { name: 'Crib sheet' });
  await expect(preview.locator('iframe[title="Crib sheet preview"]')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), preview.getByRole('button', { name: 'Save PDF' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
});

test('keyboard users can skip the navigation and reach every section by Tab', async ({ page }) => {
  await openApp(page);
  const skip = page.getByRole('link', { name: 'Skip to content' });
  // parked above the window until focused, with nothing of it (not even its shadow) showing
  const parked = (await skip.boundingBox())!;
  expect(parked.y + parked.height).toBeLessThanOrEqual(0);
  await expect(skip).toHaveCSS('box-shadow', 'none');
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).not.toHaveCSS('box-shadow', 'none');
  expect((await skip.boundingBox())!.y).toBeGreaterThanOrEqual(0);
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
  // the navigation links are reachable with Tab and open with Enter
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Armoury', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/armoury/);
});

// Issue 15: 'The "Settings saved" toast follows you to other pages.'
test('"Settings saved" is said on the Settings page and stays there', async ({ page }) => {
  await openApp(page, '/settings');
  await page.getByLabel('Club name').fill('Ashford Wargames Club');
  await page.getByLabel('Club name').blur();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Builder', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Builder', level: 1 })).toBeVisible();
  await expect(page.getByText('Settings saved')).toHaveCount(0);
});

test('the accessibility check itself: it reports what it is asked to, and only there', async ({ page }) => {
  // an unlabelled button (serious), an image without a text alternative (critical) and light grey text (serious)
  await page.setContent('<main><button></button><img src="data:,"><p style="color:#ccc;background:#fff">faint</p></main><aside><button></button></aside>');
  const found = await axeFindings(page, 'main');
  expect(found.map((f) => f.split(' ')[0])).toEqual(['button-name', 'color-contrast', 'image-alt']);
  expect(found[0]).toContain('main > button');
  expect(await axeFindings(page, 'main', { exclude: 'main img' })).toHaveLength(2);
  expect(await axeFindings(page, 'aside')).toHaveLength(1);
  // inside a frame of the app's own origin too, as the PDF previews are (a blob: document)
  await openApp(page);
  await page.evaluate(() => {
    const frame = document.createElement('iframe');
    frame.title = 'preview';
    const html = '<!doctype html><html lang="en"><title>preview</title><main><button></button></main></html>';
    frame.src = URL.createObjectURL(new Blob([html], { type: 'text/html' }));
    // outside React's tree: a re-render of the page must not take the frame away between the wait and the check
    document.body.append(frame);
  });
  await expect(page.frameLocator('iframe[title="preview"]').locator('button')).toHaveCount(1);
  const inFrame = await axeFindings(page, 'iframe[title="preview"]');
  expect(inFrame.map((f) => f.split(' ')[0])).toEqual(['button-name']);
  expect(inFrame[0]).toContain('iframe');
});

test('settings changed in quick succession are saved in that order, even when the first is slow to arrive', async ({ page }) => {
  await openApp(page, '/settings');
  const first = await slowFirst(page, 'settings.update', { ms: 1_000, hold: 'request' });
  const paper = page.getByRole('radiogroup', { name: 'Paper size' });
  const saved = (size: string) => page.waitForResponse((r) => !!r.request().postData()?.includes(`"paperSize":"${size}"`));
  const bothSaved = Promise.all([saved('LETTER'), saved('A4')]);
  await paper.getByText('US Letter').click();
  await expect.poll(first.seen).toBe(true);
  await paper.getByText('A4').click();
  await bothSaved;
  await page.reload();
  await expect(page.getByRole('radiogroup', { name: 'Paper size' }).getByRole('radio', { name: 'A4' })).toBeChecked();
});
