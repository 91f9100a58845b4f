import type { Page } from '@playwright/test';
import { openApp, settled, test, expect, screenshot } from './fixtures';

// Markup a careless renderer would execute: an image error handler and a script element.
const PAYLOADS = ['<img src=x onerror=window.__pwned=1>', '<script>window.__pwned=1</script><b>bold?</b>'];
// every section of the navigation (app-frame.spec.ts checks the list against the navigation itself)
const SECTIONS = ['Home', 'Campaigns', 'Players', 'Builder', 'Play', 'Club night', 'Journal', 'Armoury', 'Bestiary', 'Reports', 'Designer', 'Settings', 'Help'];

/** Calls the backend the way the renderer does (same token), to plant text in fields the UI may not expose yet. */
async function call(page: Page, channel: string, input: unknown): Promise<{ ok: boolean }> {
  return page.evaluate(
    async ([channel, input]) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="aoa-token"]')!.content;
      const r = await fetch('/api/invoke', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-aoa-token': token },
        body: JSON.stringify({ channel, input }),
      });
      return r.json();
    },
    [channel, input] as const,
  );
}

/** Waits until the screen's lists have loaded (no spinner), its transitions have ended and every image has loaded or failed. */
async function rendered(page: Page): Promise<void> {
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
  await settled(page);
  await page.waitForFunction(() => [...document.images].every((i) => i.complete));
}

async function expectNothingRan(page: Page, dialogs: string[]): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
}

test.describe('names and notes with markup never run', () => {
  for (const payload of PAYLOADS) {
    test(`club name: ${payload}`, async ({ page, pageErrors }) => {
      const dialogs: string[] = [];
      page.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      await openApp(page, '/settings');
      const club = page.getByLabel('Club name');
      await club.fill(payload);
      await club.blur();
      await expect(page.getByText('Settings saved')).toBeVisible();
      await page.reload();
      await expect(page.getByLabel('Club name')).toHaveValue(payload);
      // the home screen shows the club name as text, literally
      await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Home', exact: true }).click();
      await expect(page.getByText(payload, { exact: false }).first()).toBeVisible();
      await expect(page.locator('img[src="x"]')).toHaveCount(0);

      // every other free-text field the backend offers today, planted through the same API the screens use
      const planted: string[] = [];
      if ((await call(page, 'players.create', { name: `${payload} P1`, notes: payload, contact: payload })).ok) planted.push('players');
      const p2 = (await call(page, 'players.create', { name: `${payload} P2`, notes: payload })) as { ok: boolean; value?: { id: string } };
      if (p2.ok) planted.push('players');
      // a campaign, its Journal (a correction's reason) and a roster (name, notes, starting city), all carrying markup
      const extraRoutes: string[] = [];
      const players = (await call(page, 'players.list', {})) as { ok: boolean; value?: { id: string }[] };
      const ruleset = (await call(page, 'rulesets.get', {})) as { ok: boolean; value?: { version: { id: number } } };
      if (players.ok && ruleset.ok && players.value!.length >= 2) {
        const [a, b] = players.value!.slice(-2) as [{ id: string }, { id: string }];
        const camp = (await call(page, 'campaigns.create', {
          name: payload,
          notes: payload,
          rulesetVersionId: ruleset.value!.version.id,
          seats: [
            { playerId: a.id, factionId: 'penitent-concord' },
            { playerId: b.id, factionId: 'scattered' },
          ],
        })) as { ok: boolean; value?: { id: string } };
        expect(camp.ok).toBe(true);
        planted.push('campaign');
        expect((await call(page, 'ledger.correct', { campaignId: camp.value!.id, playerId: a.id, amount: 1, reason: payload })).ok).toBe(true);
        planted.push('journal correction');
        const made = (await call(page, 'rosters.create', { name: payload, playerId: a.id, factionId: 'penitent-concord', campaignId: camp.value!.id })) as {
          ok: boolean;
          value?: { roster: Record<string, unknown> & { id: string } };
        };
        expect(made.ok).toBe(true);
        expect((await call(page, 'rosters.save', { roster: { ...made.value!.roster, notes: payload, startingCity: payload } })).ok).toBe(true);
        planted.push('roster');
        extraRoutes.push(`/journal/${camp.value!.id}`, `/builder/${made.value!.roster.id}`);
      }
      // then open every section, where any of it may be listed, and the campaign's Journal and the roster's editor
      for (const name of SECTIONS) {
        await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name, exact: true }).click();
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await rendered(page);
        await expectNothingRan(page, dialogs);
        await expect(page.locator('img[src="x"]')).toHaveCount(0);
      }
      for (const route of extraRoutes) {
        await page.goto(`/#${route}`);
        await expect(page.getByText(payload, { exact: false }).first()).toBeVisible();
        await rendered(page);
        await expectNothingRan(page, dialogs);
        await expect(page.locator('img[src="x"]')).toHaveCount(0);
      }
      expect(pageErrors).toEqual([]);
      test.info().annotations.push({ type: 'planted', description: planted.join(', ') || 'club name only' });
    });
  }
});

test('a backup can be restored from Settings, after a confirmation', async ({ page }) => {
  await openApp(page, '/settings');
  const club = page.getByLabel('Club name');
  await club.fill('Before the restore');
  await club.blur();
  await expect(page.getByText('Settings saved').first()).toBeVisible();
  await page.getByRole('button', { name: 'Back up now' }).click();
  const backups = page.getByRole('table', { name: 'Backups' });
  await expect(backups.getByRole('row', { name: /manual/ }).first()).toBeVisible();
  await club.fill('After the backup');
  await club.blur();
  await expect(page.getByText('Settings saved').first()).toBeVisible();

  await backups
    .getByRole('row', { name: /manual/ })
    .first()
    .getByRole('button', { name: /Restore the backup taken/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Go back to this backup?' });
  await expect(dialog).toBeVisible();
  // Cancel changes nothing
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Club name')).toHaveValue('After the backup');

  await backups
    .getByRole('row', { name: /manual/ })
    .first()
    .getByRole('button', { name: /Restore the backup taken/ })
    .click();
  await page.getByRole('dialog', { name: 'Go back to this backup?' }).getByRole('button', { name: 'Restore this backup' }).click();
  await expect(page.getByText('Backup restored')).toBeVisible();
  await expect(page.getByLabel('Club name')).toHaveValue('Before the restore');
  // the replaced ledger is now in the list, as a pre-restore backup
  await expect(backups.getByRole('row', { name: /pre-restore/ })).toBeVisible();
  await screenshot(page, { path: 'test/artifacts/settings-restore.png', fullPage: true });
});
