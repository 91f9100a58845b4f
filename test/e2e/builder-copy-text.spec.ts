import { openApp, test, expect, call } from './fixtures';
import { createRosterInBuilder, recruitByClicking } from './builder-steps';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/**
 * "Copy as text" in the Builder (issue 15): the compact army list players
 * paste into a chat goes to the clipboard, in the pack's names, with the
 * edits not yet saved, and the button says it was copied.
 */
test('copy the army list as text', async ({ page, pageErrors }) => {
  await openApp(page);
  await call(page, 'players.create', { name: 'Ana Ferreira' });
  await createRosterInBuilder(page, 'Lantern Vigil');
  await recruitByClicking(page, 'Core squad', 'Heavy');

  await page.getByRole('button', { name: 'Copy as text' }).click();
  await expect(page.getByRole('button', { name: 'Copied to clipboard' })).toBeVisible();
  const text = await page.evaluate(() => navigator.clipboard.readText());
  const spent = (await page.getByTestId('points-spent').textContent())!.split(' / ')[0]!.trim();
  expect(text.split('\n')[0]).toBe('Lantern Vigil · The Penitent Concord');
  expect(text).toMatch(new RegExp(`^Standalone game · ${spent} pts( †)? of \\d+ · \\d+ models$`, 'm'));
  expect(text).toMatch(/^Command group · \d+ pts/m);
  expect(text).toMatch(/^- Captain: /m);
  expect(text).toMatch(/^Core squad: .+ · \d+ × /m);
  expect(text).toMatch(/^Heavy: .+ · 1 × /m);
  expect(text).not.toMatch(/penitent-concord|[0-9a-f]{8}-[0-9a-f]{4}-/);
  // the confirmation goes back to the button's own words
  await expect(page.getByRole('button', { name: 'Copy as text' })).toBeVisible({ timeout: 5000 });
  expect(pageErrors).toEqual([]);
});
