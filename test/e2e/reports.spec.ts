import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateBattles } from '../../src-shared/reports';
import { seedCampaignsWithRosters } from '../helpers/print-seed';
import { axeFindings, openApp, test, expect, dataDir, call, pageApi, savedNotShown, slowFirst, screenshot } from './fixtures';

const artifacts = join(process.cwd(), 'test/artifacts');

test('Reports: filter by faction, chart and disputed rulings, export PDF and CSV; batch print with progress and cancel', async ({ page, pageErrors }) => {
  test.setTimeout(180_000);
  mkdirSync(artifacts, { recursive: true });
  await openApp(page);
  // Other specs share this data folder and may have finished battles already: count from what is there.
  const gamesBefore = async (factionIds?: string[]) =>
    (await call<{ report: { games: number } }>(page, 'reports.run', factionIds ? { factionIds } : {})).report.games;
  const baseAll = await gamesBefore();
  const baseScattered = await gamesBefore(['scattered']);
  const battles = generateBattles({ count: 120, seed: 5 });
  battles[0]!.disputes = [{ ruleRef: 'AMB-12', note: 'Steady Fire: one die or the whole pool?', round: 2 }];
  await call(page, 'reports.importBattles', { battles });
  await seedCampaignsWithRosters(pageApi(page), 40, { full: true, campaignName: (i) => `Event campaign ${i + 1}` });

  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Games' })).toContainText(String(baseAll + 120));

  // filter by a faction
  const scattered = battles.filter((b) => b.sides.some((s) => s.factionId === 'scattered'));
  await page.getByRole('combobox', { name: 'Factions' }).click();
  await page.getByRole('option', { name: /Scattered/ }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('region', { name: 'Results by faction' }).first()).toBeVisible();
  await expect(page.getByRole('group', { name: 'Games' })).toContainText(String(baseScattered + scattered.length));
  await expect(page.getByTestId('faction-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();

  // disputed rulings list, and click-through to the battles behind it
  const disputes = page.getByRole('region', { name: 'Disputed or confusing rulings' });
  if (scattered.some((b) => b.id === battles[0]!.id)) await expect(disputes.getByText('AMB-12')).toBeVisible();
  await expect(disputes.getByRole('table')).toBeVisible();
  const firstCount = disputes.getByRole('button').first();
  await firstCount.click();
  await expect(page.getByRole('dialog')).toContainText(/battle/);
  await page.keyboard.press('Escape');

  // results by ruling: the generated campaigns' rulings, each beside the default, with the battles behind it (issue 17)
  const byRuling = page.getByRole('region', { name: 'Results by ruling' });
  const saves = byRuling.getByRole('table', { name: 'Heavy explosions: Saves allowed' });
  await expect(saves.getByRole('columnheader', { name: 'Win rate at the default' })).toBeVisible();
  await expect(saves.getByRole('row', { name: /^Mean VP per side/ })).toBeVisible();
  const under = scattered.filter((b) => b.rulings.includes('explosionSaves=saves-allowed')).length;
  await saves.getByRole('button', { name: new RegExp(`^Heavy explosions: Saves allowed: show the ${under} battles`) }).click();
  await expect(page.getByRole('dialog')).toContainText(/battle/);
  await page.keyboard.press('Escape');
  await screenshot(page, { path: join(artifacts, 'reports-page.png'), fullPage: true });

  // export the PDF and the CSV
  // the PDF in the preview every document uses (issue 34), saved from there
  await page.getByRole('button', { name: 'Playtest report PDF' }).click();
  const preview = page.getByRole('dialog', { name: 'Playtest report' });
  await expect(preview.locator('iframe[title="Playtest report preview"]')).toBeVisible({ timeout: 60_000 });
  const [pdfDl] = await Promise.all([page.waitForEvent('download', savedNotShown), preview.getByRole('button', { name: 'Save PDF' }).click()]);
  await preview.getByRole('button', { name: 'Close' }).first().click();
  const pdfPath = join(artifacts, 'reports-export.pdf');
  await pdfDl.saveAs(pdfPath);
  expect(execFileSync('pdftotext', [pdfPath, '-'], { encoding: 'utf8' })).toContain('Playtest report');
  execFileSync('qpdf', ['--check', pdfPath]);
  const [csvDl] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const csvPath = join(artifacts, 'reports-export.csv');
  await csvDl.saveAs(csvPath);
  expect(readFileSync(csvPath, 'utf8')).toContain(`summary,all,,games,${baseScattered + scattered.length},`);

  // one campaign, one file per roster: each file is offered for saving, named after its roster
  const batch = page.getByRole('region', { name: 'Batch printing' });
  await expect(batch.getByRole('button', { name: 'Start batch print' })).toBeDisabled();
  await batch.getByLabel('Campaign', { exact: true }).click();
  await page.getByRole('option', { name: 'Event campaign 7', exact: true }).first().click();
  await batch.getByRole('radio', { name: /One file per roster/ }).check();
  // on US Letter, as the army sheet's own preview offers (issue 43: the batch had no paper switch)
  await batch.getByText('US Letter', { exact: true }).click();
  await batch.getByRole('button', { name: 'Start batch print' }).click();
  await expect(batch.getByRole('status')).toHaveText('Done: 2 rosters printed, 2 files.', { timeout: 60_000 });
  const files = batch.getByRole('table', { name: 'Printed files' });
  await expect(files.getByRole('row')).toHaveCount(3);
  await screenshot(page, { path: join(artifacts, 'reports-batch-per-roster.png'), fullPage: true });
  // each file opens in the same preview, saved from there
  await files
    .getByRole('button', { name: /^Open Warband-7/ })
    .first()
    .click();
  const sheetPreview = page.getByRole('dialog', { name: /^Army sheet: Warband-7/ });
  await expect(sheetPreview.locator('iframe')).toBeVisible({ timeout: 60_000 });
  const [sheet] = await Promise.all([page.waitForEvent('download', savedNotShown), sheetPreview.getByRole('button', { name: 'Save PDF' }).click()]);
  expect(sheet.suggestedFilename()).toMatch(/^Warband-7.*\.pdf$/);
  const sheetPath = join(artifacts, 'reports-batch-sheet.pdf');
  await sheet.saveAs(sheetPath);
  expect(execFileSync('pdftotext', [sheetPath, '-'], { encoding: 'utf8' })).toContain('Warband 7');
  expect(execFileSync('pdfinfo', [sheetPath], { encoding: 'utf8' })).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
  await expect(sheetPreview.getByText('Saved.')).toBeVisible();
  await sheetPreview.getByRole('button', { name: 'Close' }).first().click();

  // the whole club's rosters (the 40 campaigns) into one PDF: see progress advance, then cancel
  await batch.getByText('Whole club', { exact: true }).click();
  await batch.getByRole('radio', { name: /One PDF/ }).check();
  const before = readdirSync(join(dataDir(), 'prints'));
  await batch.getByRole('button', { name: 'Start batch print' }).click();
  const status = batch.getByRole('status');
  await expect(status).toContainText(/Printing [1-9]\d* of \d+/);
  await batch.getByRole('button', { name: 'Cancel' }).click();
  await expect(status).toHaveText('Cancelled. No file was written.');
  // nothing new and nothing partial in the prints folder
  expect(readdirSync(join(dataDir(), 'prints'))).toEqual(before);
  expect(pageErrors).toEqual([]);
});

test("a figure's battles open a page at a time: its first fifty in the order played, then any page of them", async ({ page, pageErrors }) => {
  await openApp(page);
  // two factions of their own, so each stands on every one of these battles whatever other tests stored
  const battles = generateBattles({ count: 130, seed: 21, factions: ['ember-trace', 'frost-trace'] }).map((b) => ({ ...b, id: `trace-${b.id}` }));
  await call(page, 'reports.importBattles', { battles });
  const inOrder = battles
    .map((b) => b.id)
    .sort((x, y) => {
      const [a, b] = [battles.find((z) => z.id === x)!, battles.find((z) => z.id === y)!];
      return a.playedAt < b.playedAt ? -1 : a.playedAt > b.playedAt ? 1 : x < y ? -1 : x > y ? 1 : 0;
    });

  await page.getByRole('link', { name: 'Reports' }).click();
  const byFaction = page.getByRole('region', { name: 'Results by faction' });
  await byFaction.getByRole('button', { name: 'ember-trace: show the 130 battles' }).click();
  const drawer = page.getByRole('dialog', { name: 'ember-trace: 130 battles' });
  await expect(drawer.getByText('130 battles · showing 1–50')).toBeVisible();
  const rows = drawer.getByRole('table', { name: 'Battles behind this figure' }).getByRole('row');
  await expect(rows).toHaveCount(51);
  await expect(rows.nth(1)).toContainText(inOrder[0]!);
  await expect(rows.nth(50)).toContainText(inOrder[49]!);

  await drawer.getByRole('button', { name: '3', exact: true }).click();
  await expect(drawer.getByText('130 battles · showing 101–130')).toBeVisible();
  await expect(rows).toHaveCount(31);
  await expect(rows.nth(1)).toContainText(inOrder[100]!);
  await expect(rows.nth(30)).toContainText(inOrder[129]!);
  await screenshot(page, { path: join(artifacts, 'reports-trace-page-3.png') });
  expect(await axeFindings(page, '[role="dialog"]', { every: true })).toEqual([]);
  await page.keyboard.press('Escape');

  // the other figures open the same way: a faction's wounds by unit type (every generated side reports each type) …
  const wounds = page.getByRole('region', { name: 'Wounds by ranged and melee' });
  await wounds.getByRole('button', { name: 'ember-trace, Heavy melee wounds: show the 130 battles' }).click();
  await expect(page.getByRole('dialog', { name: 'ember-trace, Heavy melee wounds: 130 battles' }).getByRole('row')).toHaveCount(51);
  await page.keyboard.press('Escape');
  // … and the battles a cryptid came to, as many as the figure says
  const cryptid = page.getByRole('group', { name: 'Cryptid battles' }).getByRole('button');
  const shown = Number((await cryptid.innerText()).split(' ')[0]);
  expect(shown).toBeGreaterThan(0);
  await cryptid.click();
  await expect(page.getByRole('dialog', { name: `Cryptid battles: ${shown} battle${shown === 1 ? '' : 's'}` })).toBeVisible();
  await page.keyboard.press('Escape');

  // a figure with no battles behind it is just the figure: nothing to open
  const [calm] = generateBattles({ count: 1, seed: 22, factions: ['calm-trace', 'still-trace'] });
  await call(page, 'reports.importBattles', { battles: [{ ...calm!, id: 'trace-calm', cryptid: null, storm: null }] });
  await page.reload();
  await page.getByRole('combobox', { name: 'Factions' }).click();
  await page.getByRole('option', { name: 'calm-trace' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('group', { name: 'Games' })).toContainText('1');
  await expect(page.getByRole('group', { name: 'Storm battles' })).toContainText('0 (0%)');
  await expect(page.getByRole('group', { name: 'Storm battles' }).getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Cryptid battles' }).getByRole('button')).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});

test('while the report is computed, the screen says so in a way assistive technology can read', async ({ page }) => {
  await openApp(page);
  // held long enough that the scan below sees the screen while it computes, however slow the machine (it took more than
  // 1.5 s on a loaded one, and then scanned the finished figures instead)
  const slow = await slowFirst(page, 'reports.figures', { ms: 8_000, hold: 'request' });
  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('status', { name: 'Computing the report' })).toBeVisible();
  expect(await axeFindings(page, 'main', { every: true })).toEqual([]);
  await slow.done;
  await expect(page.getByRole('status', { name: 'Computing the report' })).toHaveCount(0);
});
