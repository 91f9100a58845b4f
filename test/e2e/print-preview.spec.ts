import { execFileSync } from 'node:child_process';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { playSetup, seedCampaign } from '../helpers/battle-seed';
import { axeFindings, openApp, pageApi, savedNotShown, test, expect, call } from './fixtures';

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
  const [crib] = await Promise.all([page.waitForEvent('download', savedNotShown), dialog.getByRole('button', { name: 'Save PDF' }).click()]);
  expect(crib.suggestedFilename()).toBe('crib-sheet.pdf');
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  await page.getByRole('button', { name: 'Briefing PDF' }).click();
  dialog = page.getByRole('dialog', { name: 'Mission briefing' });
  await dialog.getByRole('combobox', { name: 'Mission' }).click();
  await page.getByRole('option', { name: '3' }).click();
  await expect(dialog.locator('iframe[title="Mission briefing preview"]')).toBeVisible();
  const [brief] = await Promise.all([page.waitForEvent('download', savedNotShown), dialog.getByRole('button', { name: 'Save PDF' }).click()]);
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
  const [summary] = await Promise.all([page.waitForEvent('download', savedNotShown), dialog.getByRole('button', { name: 'Save PDF' }).click()]);
  expect(summary.suggestedFilename()).toBe('ada-vs-bram-summary.pdf');
  expect(pageErrors).toEqual([]);
});

/**
 * Issue 34 item 6, one way to print: every document opens from its own screen in the one preview, which shows a rendered
 * page and offers the same Print and Save PDF; a batch shows its progress and then opens in the same preview.
 */
test('every document kind opens in the one preview, with a rendered page, Print and Save', async ({ page, pageErrors }) => {
  test.setTimeout(180_000);
  await openApp(page, '/play');
  const api = pageApi(page);
  const club = await seedCampaign(api);
  const started = await api.call('battles.start', { mode: 'campaign', campaignId: club.campaign.id, rosterIds: [club.rosters[0]!.id, club.rosters[1]!.id] });
  const battle = await playSetup(api, started, club.pack);
  const dir = mkdtempSync(join(tmpdir(), 'aoa-preview-'));

  /**
   * Opens a document with `open` and checks its preview `title`: the PDF the frame was given (the backend's answer to
   * `channel`) has a first page that rasterises with the document's words on it; Print and Save are offered, and Save saves it.
   */
  async function expectOnePreview(title: string, channel: string, open: () => Promise<void>, words: string | RegExp, fileName: RegExp) {
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/invoke') && (r.request().postDataJSON() as { channel?: string })?.channel === channel, {
      timeout: 60_000,
    });
    await open();
    const reply = (await (await answer).json()) as { ok: boolean; value: { base64: string } };
    expect(reply.ok).toBe(true);
    const dialog = page.getByRole('dialog', { name: title });
    const frame = dialog.locator(`iframe[title="${title} preview"]`);
    await expect(frame).toBeVisible({ timeout: 60_000 });
    await expect(frame).toHaveAttribute('src', /^blob:/);
    const base64 = reply.value.base64;
    const file = join(dir, `${title.replace(/\W+/g, '-')}.pdf`);
    writeFileSync(file, Buffer.from(base64, 'base64'));
    // a page drawn: the first page rasterised to a picture of real size, with the document's words on it
    execFileSync('pdftoppm', ['-png', '-r', '20', '-f', '1', '-l', '1', '-singlefile', file, file.replace(/\.pdf$/, '')]);
    expect(statSync(file.replace(/\.pdf$/, '.png')).size).toBeGreaterThan(500);
    expect(execFileSync('pdftotext', ['-l', '1', file, '-'], { encoding: 'utf8' })).toMatch(words);
    await expect(dialog.getByRole('button', { name: 'Print' })).toBeEnabled();
    const [download] = await Promise.all([page.waitForEvent('download', savedNotShown), dialog.getByRole('button', { name: 'Save PDF' }).click()]);
    expect(download.suggestedFilename()).toMatch(fileName);
    await expect(dialog.getByText('Saved.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toHaveCount(0);
  }

  // the army sheet, from the Builder
  await openApp(page, `/builder/${club.rosters[0]!.id}`);
  await expectOnePreview(
    'Army sheet',
    'print.rosterPdf',
    () => page.getByRole('button', { name: 'Print', exact: true }).click(),
    'Ash Wolves',
    /^Ash-Wolves\.pdf$/,
  );

  // the battle report and the crib sheet, over the battle in Play Mode
  await openApp(page, `/play/battle/${battle.id}`);
  await expectOnePreview(
    'Battle report',
    'print.battleReport',
    () => page.getByRole('button', { name: 'Battle report' }).click(),
    'Battle report: Ana v Bo',
    /^battle-report-.*\.pdf$/,
  );
  await expectOnePreview(
    'Crib sheet',
    'print.cribSheet',
    () => page.getByRole('button', { name: 'Crib sheet', exact: true }).click(),
    /./,
    /^crib-sheet\.pdf$/,
  );

  // the campaign summary, from its Journal
  await openApp(page, `/journal/${club.campaign.id}`);
  await expectOnePreview('Campaign summary', 'print.campaignSummary', () => page.getByRole('button', { name: 'Print summary' }).click(), /./, /-summary\.pdf$/);

  // the playtest report and a briefing, from Reports
  await openApp(page, '/reports');
  await expectOnePreview(
    'Playtest report',
    'reports.pdf',
    () => page.getByRole('button', { name: 'Playtest report PDF' }).click(),
    'Playtest report',
    /\.pdf$/,
  );
  await expectOnePreview(
    'Mission briefing',
    'print.briefing',
    () => page.getByRole('button', { name: 'Briefing PDF' }).click(),
    /Mission 1/,
    /^mission-1-briefing\.pdf$/,
  );

  // a batch: progress, then the same preview opens by itself when it is done
  const batch = page.getByRole('region', { name: 'Batch printing' });
  await batch.getByLabel('Campaign', { exact: true }).click();
  await page.getByRole('option', { name: club.campaign.name, exact: true }).first().click();
  await expectOnePreview(
    'Army sheets',
    'print.jobResult',
    async () => {
      await batch.getByRole('button', { name: 'Start batch print' }).click();
      await expect(batch.getByRole('progressbar', { name: 'Batch progress' })).toBeVisible();
    },
    /Ash Wolves|Iron Crows/,
    /\.pdf$/,
  );
  await expect(batch.getByRole('status')).toHaveText('Done: 2 rosters printed.');
  // and again from the card
  await batch.getByRole('button', { name: 'Open the PDF' }).click();
  await expect(page.getByRole('dialog', { name: 'Army sheets' }).locator('iframe[title="Army sheets preview"]')).toBeVisible({ timeout: 30_000 });
  expect(pageErrors).toEqual([]);
});

test('the preview passes axe in light and dark', async ({ page }) => {
  const api = pageApi(page);
  for (const theme of ['light', 'dark'] as const) {
    await openApp(page, '/reports');
    await api.call('settings.update', { theme });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
    await page.getByRole('button', { name: 'Crib sheet PDF' }).click();
    const dialog = page.getByRole('dialog', { name: 'Crib sheet' });
    await expect(dialog.locator('iframe[title="Crib sheet preview"]')).toBeVisible({ timeout: 60_000 });
    expect(await axeFindings(page, '[role="dialog"]', { exclude: 'iframe' }), theme).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
  }
  await api.call('settings.update', { theme: 'auto' });
});
