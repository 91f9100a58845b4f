import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { generateBattles } from '../../src-shared/reports';
import { openApp, test, expect, TOKEN, dataDir } from './fixtures';

/** Calls the backend as the renderer does, to seed what this test does not click. */
async function call<T>(page: Page, channel: string, input: unknown): Promise<T> {
  const res = await page.request.post('/api/invoke', { data: { channel, input }, headers: { 'X-AoA-Token': TOKEN } });
  const reply = (await res.json()) as { ok: boolean; value?: T; error?: { message: string } };
  if (!reply.ok) throw new Error(`${channel}: ${reply.error?.message}`);
  return reply.value as T;
}

interface PackLite {
  factions: { id: string }[];
  units: { id: string; factionId: string; slot: string }[];
}

/** A full-size warband (1 + 4 + 4×5 + 2×2 + 2×3 + 2×1 models), so each army sheet is a realistic print job. */
function fullRoster(roster: Record<string, unknown>, pack: PackLite, factionId: string) {
  const unit = (slot: string) => pack.units.find((u) => u.factionId === factionId && u.slot === slot)?.id;
  let k = 0;
  const id = () => `p${++k}`;
  const squad = (slot: string, count: number, size: number) =>
    unit(slot)
      ? Array.from({ length: count }, (_, i) => ({
          id: id(),
          slot,
          unitId: unit(slot)!,
          name: `${slot} ${i + 1}`,
          fighters: Array.from({ length: size }, () => ({ id: id(), name: '', loadoutId: null })),
          inReserve: false,
        }))
      : [];
  return {
    ...roster,
    captain: unit('captain') ? { id: id(), name: 'Captain', unitId: unit('captain')!, loadoutId: null } : null,
    officers: unit('officer')
      ? Array.from({ length: 4 }, (_, i) => ({ id: id(), name: `Officer ${i + 1}`, unitId: unit('officer')!, loadoutId: null, postedTo: null }))
      : [],
    formations: [...squad('core', 4, 5), ...squad('elite', 2, 2), ...squad('skirmisher', 2, 3), ...squad('heavy', 2, 1)],
  };
}

/** n campaigns with a full roster per seat, through the backend's own channels. */
async function seedCampaigns(page: Page, n: number) {
  const { version, pack } = await call<{ version: { id: number }; pack: PackLite }>(page, 'rulesets.get', {});
  const [fa, fb] = [pack.factions[0]!.id, pack.factions[1]!.id];
  for (let i = 0; i < n; i++) {
    const a = await call<{ id: string }>(page, 'players.create', { name: `Batch ${i} A` });
    const b = await call<{ id: string }>(page, 'players.create', { name: `Batch ${i} B` });
    const c = await call<{ id: string }>(page, 'campaigns.create', {
      name: `Event campaign ${i + 1}`,
      rulesetVersionId: version.id,
      seats: [
        { playerId: a.id, factionId: fa },
        { playerId: b.id, factionId: fb },
      ],
    });
    for (const [p, f] of [
      [a.id, fa],
      [b.id, fb],
    ]) {
      const made = await call<{ roster: Record<string, unknown> }>(page, 'rosters.create', {
        name: `Warband ${i + 1} ${f}`,
        playerId: p,
        factionId: f,
        mode: 'campaign',
        campaignId: c.id,
      });
      await call(page, 'rosters.save', { roster: fullRoster(made.roster, pack, f!) });
    }
  }
}

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
  await seedCampaigns(page, 40);

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
  await page.screenshot({ path: join(artifacts, 'reports-page.png'), fullPage: true });

  // export the PDF and the CSV
  const [pdfDl] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export PDF' }).click()]);
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
  await batch.getByRole('button', { name: 'Start batch print' }).click();
  await expect(batch.getByRole('status')).toHaveText('Done: 2 rosters printed, 2 files.', { timeout: 60_000 });
  const files = batch.getByRole('table', { name: 'Printed files' });
  await expect(files.getByRole('row')).toHaveCount(3);
  await page.screenshot({ path: join(artifacts, 'reports-batch-per-roster.png'), fullPage: true });
  const [sheet] = await Promise.all([
    page.waitForEvent('download'),
    files
      .getByRole('button', { name: /^Save Warband-7/ })
      .first()
      .click(),
  ]);
  expect(sheet.suggestedFilename()).toMatch(/^Warband-7.*\.pdf$/);
  const sheetPath = join(artifacts, 'reports-batch-sheet.pdf');
  await sheet.saveAs(sheetPath);
  expect(execFileSync('pdftotext', [sheetPath, '-'], { encoding: 'utf8' })).toContain('Warband 7');
  await expect(files.getByRole('button', { name: /^Save Warband-7/ }).first()).toHaveText('Saved');

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
