import { mkdirSync } from 'node:fs';
import { openApp, test, expect, TOKEN } from './fixtures';
import type { Page } from '@playwright/test';

/** Calls the backend the way the renderer does (browser mode), for setting up what this test does not click. */
async function call<T>(page: Page, channel: string, input: unknown): Promise<T> {
  const res = await page.request.post('/api/invoke', { data: { channel, input }, headers: { 'X-AoA-Token': TOKEN } });
  const reply = (await res.json()) as { ok: boolean; value?: T; error?: { message: string } };
  if (!reply.ok) throw new Error(`${channel}: ${reply.error?.message}`);
  return reply.value as T;
}

/** The allowance on the Builder's points bar for a roster ("spent / allowance pts"). */
async function builderAllowance(page: Page, rosterId: string, allowance: number) {
  await openApp(page, `/builder/${rosterId}`);
  await expect(page.getByTestId('points-spent')).toHaveText(new RegExp(`^\\d+ / ${allowance} pts$`));
}

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('create players and a campaign, record mission 1 on paper, see 400 → 444 in the Journal and the Builder, undo back to 400', async ({ page, pageErrors }) => {
  mkdirSync('test/artifacts', { recursive: true });
  await openApp(page, '/campaigns');
  for (const name of ['Ada Lovell', 'Bram Stoke']) {
    await page.getByRole('button', { name: 'New player' }).click();
    await page.getByLabel('Name').fill(name);
    await page.getByRole('button', { name: 'Add player' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }

  // the home route's "new campaign" address opens the form directly
  await openApp(page, '/campaigns?new=1');
  const dialog = page.getByRole('dialog', { name: 'New campaign' });
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Ruleset version', exact: true })).not.toHaveValue('');
  await pick(page, 'First player', 'Ada Lovell');
  await pick(page, 'First player’s faction', 'The Penitent Concord');
  await pick(page, 'Second player', 'Bram Stoke');
  await pick(page, 'Second player’s faction', 'The Scattered');
  await dialog.getByRole('button', { name: 'Create campaign' }).click();

  // straight to the new campaign's Journal, both at 400
  await expect(page.getByLabel('Ada Lovell allowance')).toHaveText('400 RP');
  await expect(page.getByLabel('Bram Stoke allowance')).toHaveText('400 RP');
  const journalPath = new URL(page.url()).hash.slice(1);
  const campaignId = journalPath.split('/').pop()!;

  // Ada's warband for this campaign: the Builder reads the same ledger figure (issue 5, acceptance 4)
  const detail = await call<{ seats: { playerId: string; playerName: string }[] }>(page, 'campaigns.get', { id: campaignId });
  const adaId = detail.seats.find((s) => s.playerName === 'Ada Lovell')!.playerId;
  const roster = await call<{ roster: { id: string } }>(page, 'rosters.create', { name: 'Lantern Vigil', playerId: adaId, factionId: 'penitent-concord', mode: 'campaign', campaignId });
  await builderAllowance(page, roster.roster.id, 400);
  // one Core squad, saved, so the post-battle form lists the roster's own formation
  await page.getByRole('button', { name: 'Add Core squad' }).click();
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible();
  await openApp(page, journalPath);

  await page.getByRole('link', { name: 'Record result' }).click();
  await expect(page.getByRole('heading', { name: 'Record mission 1' })).toBeVisible();
  // Ada won is the default choice; three mutants and the most cryptid damage
  await page.getByLabel('Ada Lovell: mutants defeated').fill('3');
  await page.getByLabel('A cryptid appeared').check();
  await page.getByLabel('Ada Lovell Core squad 1: cryptid Wounds').fill('6');
  await page.getByLabel('Bram Stoke Core squad 1: cryptid Wounds').fill('2');
  await page.getByRole('button', { name: 'Preview rewards' }).click();

  const ada = page.getByLabel('Ada Lovell rewards');
  await expect(ada).toContainText('Took part in mission 1');
  await expect(ada).toContainText('+18');
  await expect(ada).toContainText('Won the mission');
  await expect(ada).toContainText('3 mutants defeated × 2');
  await expect(ada).toContainText('+6');
  await expect(ada).toContainText('Most damage to the cryptid');
  await expect(ada.getByTestId('allowance-change')).toHaveText('Allowance 400 → 444 RP');
  await expect(page.getByLabel('Bram Stoke rewards').getByTestId('allowance-change')).toHaveText('Allowance 400 → 422 RP');
  await page.screenshot({ path: 'test/artifacts/ledger-preview.png', fullPage: true });

  await page.getByRole('button', { name: 'Confirm and record' }).click();
  await expect(page.getByLabel('Ada Lovell allowance')).toHaveText('444 RP');
  await expect(page.getByLabel('Bram Stoke allowance')).toHaveText('422 RP');
  await expect(page.getByRole('table', { name: "Why Ada Lovell's allowance is 444" })).toContainText('Won the mission');
  await expect(page.getByLabel('Ada Lovell formations')).toContainText('Core squad 1');
  await page.screenshot({ path: 'test/artifacts/ledger-journal.png', fullPage: true });
  await builderAllowance(page, roster.roster.id, 444);
  await expect(page.getByText('Allowance: campaign allowance.')).toBeVisible();

  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Campaigns', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Campaigns' })).toContainText('444 RP');
  await expect(page.getByRole('table', { name: 'Campaigns' })).toContainText('2 of 5');
  await page.screenshot({ path: 'test/artifacts/ledger-dashboard.png', fullPage: true });

  await page.getByRole('link', { name: 'Journal', exact: true }).last().click();
  await page.getByRole('button', { name: 'Undo last event' }).click();
  await expect(page.getByLabel('Ada Lovell allowance')).toHaveText('400 RP');
  await expect(page.getByLabel('Bram Stoke allowance')).toHaveText('400 RP');
  await builderAllowance(page, roster.roster.id, 400);
  await openApp(page, journalPath);
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(page.getByLabel('Ada Lovell allowance')).toHaveText('444 RP');
  expect(pageErrors).toEqual([]);
});
