import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { openApp, test, expect, TOKEN } from './fixtures';

/** Calls the backend the way the renderer does (browser mode), for setting up what this test does not click. */
async function call<T>(page: Page, channel: string, input: unknown): Promise<T> {
  const res = await page.request.post('/api/invoke', { data: { channel, input }, headers: { 'X-AoA-Token': TOKEN } });
  const reply = (await res.json()) as { ok: boolean; value?: T; error?: { message: string } };
  if (!reply.ok) throw new Error(`${channel}: ${reply.error?.message}`);
  return reply.value as T;
}

async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

/**
 * Issue 4, acceptance 2: from an empty Builder, build a legal 400-point army by
 * clicking (Captain, four Officers, two Core squads, one Elite with an Officer
 * posted), see a third Elite squad's violation appear and go, print the sheet,
 * and check the PDF's text and first page.
 */
test('build a legal 400-point warband by clicking, see a third Elite flagged, print the army sheet', async ({ page, pageErrors }) => {
  await openApp(page);
  const ana = await call<{ id: string }>(page, 'players.create', { name: 'Ana Ferreira' });
  const bo = await call<{ id: string }>(page, 'players.create', { name: 'Bo Lindqvist' });
  const { rulesetVersionId } = await call<{ rulesetVersionId: number }>(page, 'rosters.factions', {});
  await call(page, 'campaigns.create', {
    name: 'Ashford Autumn',
    rulesetVersionId,
    seats: [
      { playerId: ana.id, factionId: 'penitent-concord' },
      { playerId: bo.id, factionId: 'crowned-marches' },
    ],
  });

  // an empty Builder
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Builder', exact: true }).click();
  await expect(page.getByText('No rosters yet')).toBeVisible();

  // create the roster for Ana's campaign mission
  await page.getByRole('button', { name: 'New roster' }).click();
  const dialog = page.getByRole('dialog', { name: 'New roster' });
  await dialog.getByLabel('Warband name').fill('The Lantern Vigil');
  await choose(page, 'Player', 'Ana Ferreira');
  await dialog.getByText('Campaign mission').click();
  await choose(page, 'Campaign', /Ashford Autumn/);
  await expect(dialog.getByRole('combobox', { name: 'Faction', exact: true })).toHaveValue('The Penitent Concord');
  await dialog.getByRole('button', { name: 'Create and open' }).click();

  await expect(page.getByRole('heading', { name: 'The Lantern Vigil', level: 1 })).toBeVisible();
  await expect(page.getByTestId('points-spent')).toHaveText('0 / 400 pts');

  // Captain and four Officers, two Core squads, one Elite squad
  await page.getByRole('button', { name: 'Recruit command group' }).click();
  await page.getByRole('button', { name: 'Add Core squad' }).click();
  await page.getByRole('button', { name: 'Add Core squad' }).click();
  await page.getByRole('button', { name: 'Add Elite squad' }).click();
  await page.getByRole('textbox', { name: "Captain's name" }).fill('Mother Ysolde');
  await page.getByRole('textbox', { name: 'Officer 1: name' }).fill('Deacon Ivo');

  // the posting dropdown offers only legal hosts: Core and Elite squads, never the Captain's own place twice
  await page.getByRole('combobox', { name: 'Officer 1: posting' }).click();
  await expect(page.getByRole('option')).toHaveText(['With the Captain', 'Core squad 1', 'Core squad 2', 'Elite squad 1']);
  await page.getByRole('option', { name: 'Elite squad 1' }).click();
  await page.getByRole('combobox', { name: 'Officer 2: posting' }).click();
  await expect(page.getByRole('option', { name: 'Elite squad 1' })).toHaveCount(0); // already has an Officer [000 §6]
  await page.keyboard.press('Escape');

  await expect(page.getByTestId('roster-status')).toHaveText('Legal');
  const spent = await page.getByTestId('points-spent').textContent();
  const points = Number(spent!.split(' / ')[0]);
  expect(points).toBeLessThanOrEqual(400);
  await expect(page.locator('[data-code]')).toHaveCount(0); // no violation anywhere

  // a third Elite squad is flagged beside it, and the flag goes when it is removed [000 §2 step 3]
  await page.getByRole('button', { name: 'Add Elite squad' }).click();
  await page.getByRole('button', { name: 'Add Elite squad' }).click();
  const third = page.getByRole('region', { name: 'Elite squad: Elite squad 3' });
  await expect(third.locator('[data-code="ELITE_COUNT_MAX"]')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Elite squad: Elite squad 2' }).locator('[data-code="ELITE_COUNT_MAX"]')).toHaveCount(0);
  await expect(page.getByTestId('roster-status')).not.toHaveText('Legal');
  mkdirSync('test/artifacts', { recursive: true });
  await page.screenshot({ path: 'test/artifacts/builder-third-elite.png', fullPage: true });
  await third.getByRole('button', { name: 'Remove Elite squad 3' }).click();
  await page.getByRole('region', { name: 'Elite squad: Elite squad 2' }).getByRole('button', { name: 'Remove Elite squad 2' }).click();
  await expect(page.locator('[data-code="ELITE_COUNT_MAX"]')).toHaveCount(0);
  await expect(page.getByTestId('roster-status')).toHaveText('Legal');
  await expect(page.getByTestId('points-spent')).toHaveText(`${points} / 400 pts`);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible();
  await page.screenshot({ path: 'test/artifacts/builder-editor.png', fullPage: true });
  // labels, roles and contrast of the editor (serious and critical findings only)
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 100)).join(' | ')}`)).toEqual([]);

  // print: preview, then download
  await page.getByRole('button', { name: 'Print' }).click();
  const sheet = page.getByRole('dialog', { name: 'Army sheet' });
  await expect(sheet.locator('iframe[title="Army sheet preview"]')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), sheet.getByRole('button', { name: 'Save PDF' }).click()]);
  expect(download.suggestedFilename()).toBe('The-Lantern-Vigil.pdf');
  const file = join(mkdtempSync(join(tmpdir(), 'aoa-e2e-pdf-')), 'sheet.pdf');
  await download.saveAs(file);

  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  expect(text).toContain('The Lantern Vigil');
  expect(text).toContain('Ana Ferreira');
  expect(text).toMatch(/Ashford Autumn · Mission 1/);
  expect(text).toMatch(/Allowance\s+400 pts/);
  expect(text).toMatch(new RegExp(`Points spent\\s+${points} pts`));
  expect(text).toContain('Black Sacristan'); // the Elite unit
  expect(text).toContain('Mother Ysolde');
  expect(text).toMatch(/Deacon Ivo\s.*Posted to Elite squad 1/);
  expect(text).toContain('Officer posted: Deacon Ivo');
  expect(text).not.toContain('DRAFT');
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', file, 'test/artifacts/builder-army-sheet']);
  expect(pageErrors).toEqual([]);
});

test('delete a roster and undo it from the notification', async ({ page }) => {
  await openApp(page);
  const p = await call<{ id: string }>(page, 'players.create', { name: 'Cleo' });
  await call(page, 'rosters.create', { name: 'Short-lived Band', playerId: p.id, factionId: 'scattered' });
  await openApp(page, '/builder');
  await page.getByRole('button', { name: 'More actions for Short-lived Band' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(page.getByRole('button', { name: 'Open Short-lived Band' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('button', { name: 'Open Short-lived Band' })).toBeVisible();
});
